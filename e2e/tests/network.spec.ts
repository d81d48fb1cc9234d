import { expect, test } from '@playwright/test';
import { CHROMIUM } from '../playwright.config.ts';
import { DEMO, fillLogin } from './helpers.ts';

/**
 * A name that is not localhost, as an office machine's address is: the browser treats the page
 * as insecure plain HTTP (localhost would be trusted), and resolves the name to this machine.
 */
const OFFICE_HOST = 'backoffice.lan';
test.use({
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, `--host-resolver-rules=MAP ${OFFICE_HOST} 127.0.0.1`] },
});

test('over plain HTTP on a network address, the login page renders, its scripts run and sign-in works', async ({
  page,
  baseURL,
}) => {
  const url = new URL(baseURL ?? '');
  url.hostname = OFFICE_HOST;
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const response = await page.goto(url.href);
  expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(response?.headers()['strict-transport-security']).toBeUndefined();
  // The form is drawn by the app's scripts: visible only if they loaded over http://.
  await fillLogin(page, DEMO.admin);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(url.origin);
  expect(errors).toEqual([]);
});
