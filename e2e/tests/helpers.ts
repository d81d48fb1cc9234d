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

/**
 * The e-mails the server writes for the address from now on (its DATA_DIR/mail): `next` waits
 * for the one of them whose text matches, whatever else the address gets and in whatever order,
 * and fails listing the subjects that came when none does or when several do. Opened before the
 * action that mails, so that an earlier message (a retry's, another test's) is never taken for it.
 */
export async function inbox(email: string) {
  const dataDir = test.info().project.metadata.dataDir;
  if (typeof dataDir !== 'string') throw new Error('ce couloir de tests ne lit pas de courriel');
  const folder = path.join(dataDir, 'mail');
  const written = async () =>
    (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith(`-${email}.eml`));
  const before = new Set(await written());
  return {
    async next(matching: RegExp): Promise<string> {
      let matches: string[] = [];
      await expect
        .poll(async () => {
          const texts = await Promise.all(
            (await written()).filter((f) => !before.has(f)).map((f) => readFile(path.join(folder, f), 'utf8')),
          );
          const mails = texts.map(decodeMail);
          matches = mails.filter((m) => matching.test(m.text)).map((m) => m.text);
          return { matching: matches.length, received: mails.map((m) => m.subject) };
        }, `un seul e-mail à ${email} correspondant à ${matching}`)
        .toMatchObject({ matching: 1 });
      return matches[0] ?? '';
    },
  };
}

/** A saved .eml as text, its quoted-printable undone, and its subject as read. */
function decodeMail(raw: string): { subject: string; text: string } {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const text = Buffer.from(bytes, 'latin1').toString('utf8');
  const header = text.match(/^Subject: (.*(?:\n[ \t].*)*)/m)?.[1] ?? '';
  const subject = header.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, words: string) => words.replace(/_/g, ' '));
  return { subject, text };
}

/**
 * How long a text stays in the page from its first appearance to its removal, by the page's own
 * clock (a MutationObserver set before the action that shows it). The page's own timer starts in
 * the commit that shows the text, which may be a few milliseconds before the observer's callback
 * runs on a loaded machine: compare with the timer's delay less SHOWN_SLACK_MS.
 */
export const SHOWN_SLACK_MS = 50;

export function timeShown(page: Page, text: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        let since: number | null = null;
        const observer = new MutationObserver(() => {
          const here = document.body.textContent?.includes(wanted) ?? false;
          if (here && since === null) since = performance.now();
          else if (!here && since !== null) {
            observer.disconnect();
            resolve(performance.now() - since);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    text,
  );
}
