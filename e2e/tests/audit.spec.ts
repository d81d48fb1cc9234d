import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers.ts';

const DENIED =
  'Vous n’avez pas les permissions nécessaires pour accéder à cette page. Seuls les administrateurs et comptables peuvent accéder aux fonctionnalités d’entreprise.';

const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

/** A staff member's bearer token, through the sign-in API. */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/personnel-auth/login', {
    data: { identifier: email, password: DEMO_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/**
 * The test's own journal rows: the comptable adds a bank, then changes its phone number, which
 * records an update with the old and new numbers. Answers the bank's id, the numbers and a cleanup.
 */
async function bankChange(request: APIRequestContext) {
  const token = await tokenOf(request, DEMO.comptable);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = String(Date.now()).slice(-6);
  const before = `+225 27 20 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4)}`;
  const after = `+225 07 07 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4)}`;
  const created = await request.post('/api/banques', {
    headers,
    data: {
      nom: `Banque Audit ${stamp}`,
      code_banque: 'CI099',
      numero_compte: `01099 ${stamp}000000 11`,
      adresse: 'Rue du Commerce, Plateau',
      telephone: before,
      email: `audit${stamp}@banque.test`,
    },
  });
  expect(created.ok()).toBe(true);
  const id = ((await created.json()) as { data: { id: number } }).data.id;
  const updated = await request.put(`/api/banques/${id}`, { headers, data: { telephone: after } });
  expect(updated.ok()).toBe(true);
  return {
    id,
    before,
    after,
    remove: async () => {
      await request.delete(`/api/banques/${id}`, { headers });
    },
  };
}

async function openEntreprise(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Entreprise' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeVisible();
}

/** The four counts and the two tops (of the last 30 days), loaded. */
async function expectFigures(page: Page) {
  const tiles = page.getByRole('group', { name: 'Chiffres du journal d’audit' });
  await expect(tiles).toHaveAttribute('aria-busy', 'false');
  for (const label of ['Total des entrées', 'Aujourd’hui', 'Cette semaine', 'Ce mois']) {
    await expect(tiles.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(/^\d/);
  }
  for (const name of ['Utilisateurs les plus actifs', 'Tables les plus auditées']) {
    const top = page.getByRole('region', { name });
    await expect(top.getByText('Sur les 30 derniers jours')).toBeVisible();
    await expect(top.getByRole('listitem').first()).toBeVisible();
    expect(await top.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  }
}

test('the admin reads the journal: figures, tops, filters, and an entry with its old and new values', async ({
  page,
}) => {
  const change = await bankChange(page.request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.admin);
  await openEntreprise(page);
  await expect(page.getByRole('tab', { name: 'Audit', selected: true })).toBeVisible();
  await expectFigures(page);
  // The admin's own sign-in, newest first.
  const table = page.getByRole('table', { name: 'Journal d’audit' });
  await expect(table.getByRole('row').nth(1)).toContainText('Connexion');
  await expect(page.getByText(/^Page 1 sur \d+ – .*entrées? au total$/)).toBeVisible();

  // The filters: table 'Banques', action 'Modification'; the address keeps them.
  const toggle = page.getByRole('button', { name: 'Filtres' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('combobox', { name: 'Table' }).click();
  await page.getByRole('option', { name: 'Banques' }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Modification' }).click();
  await expect(page).toHaveURL(/[?&]table=banques&action=updated$/);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(1)).toContainText('Ibrahim Traoré');
  await expect(first.getByRole('cell').nth(2)).toHaveText('Modification');
  await expect(first.getByRole('cell').nth(3)).toHaveText('Banques');
  await expect(first.getByRole('cell').nth(4)).toHaveText(`n°\u00a0${change.id}`);
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: shot('audit-1280'), fullPage: true, animations: 'disabled' });

  // The entry: general information, the chain, the user, the browser, the values side by side.
  const details = first.getByRole('button', { name: /^Détails de l’entrée du / });
  await details.click();
  const dialog = page.getByRole('dialog', { name: 'Détails de l’entrée' });
  await expect(dialog).toBeVisible();
  const field = (label: string) => dialog.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(field('Enregistrement')).toHaveText(String(change.id));
  await expect(field('Position dans la chaîne')).toHaveText(/^\d/);
  await expect(field('Empreinte')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(field('E-mail')).toHaveText(DEMO.comptable);
  await expect(field('Agent utilisateur')).not.toHaveText('–');
  await expect(dialog.getByRole('region', { name: 'Anciennes valeurs' })).toContainText(change.before);
  await expect(dialog.getByRole('region', { name: 'Nouvelles valeurs' })).toContainText(change.after);
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('audit-detail-1280'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  // 'Réinitialiser' empties the filters and the address.
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click();
  await expect(page).toHaveURL(/\/entreprise$/);
  await change.remove();
});

test('the comptable reads the journal on a phone, as cards, without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.comptable);
  await page.goto('/entreprise');
  await expect(page.getByRole('tab', { name: 'Audit', selected: true })).toBeVisible();
  await expectFigures(page);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards.first()).toBeVisible();
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.screenshot({ path: shot('audit-390'), fullPage: true, animations: 'disabled' });

  await page.getByRole('button', { name: 'Filtres' }).click();
  await expect(page.getByRole('combobox', { name: 'Utilisateur' })).toBeVisible();
  await settle(page);
  await expectAccessible(page);

  await cards
    .first()
    .getByRole('button', { name: /^Détails de l’entrée du / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Détails de l’entrée' });
  await expect(dialog.getByRole('region', { name: 'Nouvelles valeurs' })).toBeVisible();
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('audit-detail-390'), animations: 'disabled' });
});

test('a commercial gets the permission message and no journal', async ({ page }) => {
  await signIn(page, DEMO.commercial);
  // Not in his sidebar: he can only type the address.
  await expect(
    page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Entreprise' }),
  ).toHaveCount(0);
  await page.goto('/entreprise');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Audit' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Journal d’audit' })).toHaveCount(0);
});
