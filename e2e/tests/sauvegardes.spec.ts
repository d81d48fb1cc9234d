import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers.ts';

// Backups (issue 24): the admin schedules a daily backup in Paramètres → Système, then takes one
// now on the Sauvegardes page, follows it until it is verified, and downloads its file.

/** The schedule the journey sets: an hour no other test's run reaches. */
const HOUR = '03:17';

/** The admin's bearer header, through the sign-in API. */
async function adminHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/personnel-auth/login', {
    data: { identifier: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}` };
}

/** Whatever the journey left, the shared server ends on the default schedule. */
async function restore(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const system = { backupEnabled: true, backupFrequency: 'daily', backupTime: '02:00', backupRetention: 14 };
  expect((await request.put('/api/settings', { headers, data: { system } })).ok()).toBe(true);
}

async function openSystemSettings(page: Page) {
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Paramètres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres' })).toBeVisible();
  await page.getByRole('tab', { name: 'Système' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sauvegardes' })).toBeVisible();
}

test('an admin schedules a daily backup, takes one now, sees it verified and downloads its file', async ({
  page,
  request,
}) => {
  // A real backup: the database, the media, then a restoration to check it, on two busy cores.
  test.setTimeout(360_000);
  try {
    await signIn(page, DEMO.admin);
    await openSystemSettings(page);

    await page.getByRole('switch', { name: 'Sauvegardes automatiques' }).check();
    await page.getByRole('combobox', { name: 'Fréquence' }).click();
    await page.getByRole('option', { name: 'Tous les jours' }).click();
    const hour = page.getByLabel('Heure', { exact: true });
    await expect(page.getByText('Heure du fuseau de l’entreprise', { exact: false })).toBeVisible();
    await hour.fill(HOUR);
    await page.getByLabel('Sauvegardes conservées').fill('7');
    await page.getByRole('button', { name: 'Sauvegarder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Paramètres sauvegardés avec succès' })).toBeVisible();

    // Saved on the server: read again after a reload.
    await page.reload();
    await expect(page.getByLabel('Heure', { exact: true })).toHaveValue(HOUR);
    await expect(page.getByLabel('Sauvegardes conservées')).toHaveValue('7');

    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Sauvegardes' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sauvegardes' })).toBeVisible();
    // The next run is the hour just chosen, in the company's zone (the browser's here too).
    await expect(page.getByText(/^Prochaine sauvegarde/)).toHaveText(
      new RegExp(`^Prochaine sauvegarde\\s:\\s\\d{2}/\\d{2}/\\d{4} ${HOUR}$`),
    );
    await expect(page.getByText(/^Les sauvegardes (sont|ne sont pas) chiffrées/)).toBeVisible();

    const start = page.getByRole('button', { name: 'Sauvegarder maintenant' });
    await start.click();
    // Newest first: the manual one just taken heads the list, running, then verified with its file.
    const row = page.getByRole('table', { name: 'Liste des sauvegardes' }).getByRole('row').nth(1);
    await expect(row).toContainText('Manuelle');
    // Over once it says so, verified or failed; a failure fails here at once, with its reason.
    await expect(row.getByText(/^(Vérifiée|Échec)$/)).toBeVisible({ timeout: 300_000 });
    await expect(row.getByText('Vérifiée', { exact: true }), await row.innerText()).toBeVisible();
    await expect(start).toBeEnabled();

    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: /^Télécharger la sauvegarde du / }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.tar(\.chiffre)?$/);
    const bytes = await readFile(await file.path());
    expect(bytes.length).toBeGreaterThan(0);
  } finally {
    await restore(request);
  }
});
