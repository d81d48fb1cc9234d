import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn, submitLogin } from './helpers.ts';

/** The admin's bearer header, through the sign-in API (admins sign in during maintenance too). */
async function adminHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/personnel-auth/login', {
    data: { identifier: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}` };
}

/** Whatever the journey left, the shared server ends out of maintenance and the admin's theme automatic. */
async function restore(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  expect((await request.put('/api/settings', { headers, data: { system: { maintenanceMode: false } } })).ok()).toBe(
    true,
  );
  expect((await request.put('/api/preferences', { headers, data: { theme: 'auto' } })).ok()).toBe(true);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Paramètres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres sauvegardés avec succès' })).toBeVisible();
}

/** A fresh browser of its own: another person at another desk. */
async function otherDesk(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return { context, page: await context.newPage() };
}

test('an admin switches to the dark theme and turns maintenance on; a comptable then sees the maintenance screen', async ({
  page,
  browser,
  request,
}) => {
  const scheme = page.locator('html');
  try {
    await signIn(page, DEMO.admin);
    await openSettings(page);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('tab')).toHaveText([
      'Général',
      'Utilisateur',
      'Sécurité',
      'Notifications',
      'Système',
      'Recouvrement',
      'Comptabilité',
    ]);

    // The theme applies as soon as it is chosen, and stays after a reload once saved.
    await page.getByRole('tab', { name: 'Utilisateur' }).click();
    await page.getByRole('combobox', { name: 'Thème' }).click();
    await page.getByRole('option', { name: 'Sombre' }).click();
    await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await save(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
    await expect(scheme).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Kept for the account, on the server: another browser gets it at sign-in.
    const desk = await otherDesk(browser);
    try {
      await signIn(desk.page, DEMO.admin);
      await expect(desk.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    } finally {
      await desk.context.close();
    }

    // Maintenance: the warning, then saved.
    await page.getByRole('tab', { name: 'Système' }).click();
    const maintenance = page.getByRole('switch', { name: 'Mode maintenance' });
    await maintenance.check();
    await expect(page.getByText(/Le mode maintenance est activé/)).toBeVisible();
    await save(page);

    const comptable = await otherDesk(browser);
    try {
      await submitLogin(comptable.page, DEMO.comptable);
      await expect(comptable.page.getByRole('heading', { name: 'Maintenance en cours' })).toBeVisible();
      await expect(
        comptable.page.getByText(
          'Application en maintenance. Seuls les administrateurs peuvent y accéder pour le moment.',
        ),
      ).toBeVisible();

      // The admin still works, and ends the maintenance; the comptable's retry brings the sign-in back.
      await maintenance.uncheck();
      await expect(page.getByText(/Le mode maintenance est activé/)).toBeHidden();
      await save(page);
      await comptable.page.getByRole('button', { name: 'Réessayer' }).click();
      await expect(comptable.page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
      await submitLogin(comptable.page, DEMO.comptable);
      await expect(comptable.page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    } finally {
      await comptable.context.close();
    }
  } finally {
    await restore(request);
  }
});

test('a member sees only his own preferences and keeps his e-mail notices choice', async ({ page }) => {
  await signIn(page, DEMO.membre);
  await openSettings(page);
  await expect(page.getByRole('tab')).toHaveText(['Utilisateur', 'Notifications']);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notices = page.getByRole('switch', { name: /versement est validé ou rejeté/ });
  await expect(notices).toBeChecked();
  await notices.uncheck();
  await save(page);
  try {
    await page.reload();
    await expect(notices).not.toBeChecked();
  } finally {
    await notices.check();
    await save(page);
  }
});
