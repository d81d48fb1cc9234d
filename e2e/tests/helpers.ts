import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO = {
  admin: 'admin@demo.test',
  gestionnaire: 'gestionnaire@demo.test',
  comptable: 'comptable@demo.test',
  commercial: 'commercial@demo.test',
  membre: 'membre@demo.test',
  demandeur: 'demandeur@demo.test',
} as const;
export type DemoRole = keyof typeof DEMO;

/** Fills and sends the login screen already shown; the identifier is an e-mail or a code. */
export async function fillLogin(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.getByRole('textbox', { name: 'E-mail ou code' }).fill(identifier);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Opens the login screen, fills and sends it. */
export async function submitLogin(page: Page, identifier: string, password = DEMO_PASSWORD) {
  await page.goto('/');
  await fillLogin(page, identifier, password);
}

/** Signs in through the login screen and waits for the shell. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await submitLogin(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
}

/** The text of the last e-mail the server wrote for the address (quoted-printable decoded). */
export async function lastMail(email: string): Promise<string> {
  const dataDir = test.info().project.metadata.dataDir;
  if (typeof dataDir !== 'string') throw new Error('ce couloir de tests ne lit pas de courriel');
  const folder = path.join(dataDir, 'mail');
  await expect
    .poll(async () => (await readdir(folder).catch(() => [])).some((f) => f.endsWith(`${email}.eml`)))
    .toBe(true);
  const files = (await readdir(folder)).filter((f) => f.endsWith(`${email}.eml`)).sort();
  const raw = await readFile(path.join(folder, files.at(-1) ?? ''), 'utf8');
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The 6-digit code of the last e-mail the server wrote for the address. */
export async function lastMailCode(email: string): Promise<string> {
  const code = (await lastMail(email)).match(/^Code\u00a0: (\d{6})$/m)?.[1];
  if (!code) throw new Error(`pas de code dans le dernier e-mail de ${email}`);
  return code;
}
