import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

// Demo members (apps/api/src/db/seed/people.ts): Yapi Yapo (standard, actif) is another gestionnaire's
// client; Kouamé Kouakou and Jean-Marc Koffi are clients of the demo gestionnaire.

test('an admin finds a member, edits his status and type, and sees them kept after a reload', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await nav(page).getByRole('link', { name: 'Membres' }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Membres' })).toBeVisible();
  const tiles = page.getByRole('group', { name: 'Chiffres des membres' });
  for (const label of ['Total Membres', 'Membres Actifs', 'Membres Premium', 'Nouveaux ce mois']) {
    await expect(tiles.getByText(label)).toBeVisible();
  }
  await expect(page.getByText(/Page 1 sur \d+ – \d+ membres au total/)).toBeVisible();

  await page.getByRole('textbox', { name: 'Rechercher' }).fill('Yapo');
  await expect(page).toHaveURL(/q=Yapo/);
  const card = page.getByRole('article', { name: 'Yapi Yapo' });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card.getByText('Actif')).toBeVisible();
  await expect(card.getByText('Standard')).toBeVisible();

  await card.getByRole('button', { name: 'Voir la fiche de Yapi Yapo' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Détails du membre' })).toBeVisible();
  await expect(dialog.getByText('Situation financière')).toBeVisible();
  await expect(dialog.getByText(/\d\sFCFA/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Modifier', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Modifier le membre' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Suspendu' }).click();
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'VIP' }).click();
  await dialog.getByRole('button', { name: 'Sauvegarder' }).click();

  await expect(page.getByText('Membre mis à jour avec succès')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Détails du membre' })).toBeVisible();
  await expect(dialog.getByText('Suspendu')).toBeVisible();
  await expect(dialog.getByText('VIP')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Suspendu')).toBeVisible();
  await expect(card.getByText('VIP')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Rechercher' })).toHaveValue('Yapo');
  await expect(card.getByText('Suspendu')).toBeVisible();
  await expect(card.getByText('VIP')).toBeVisible();
});

test("a gestionnaire sees 'Mes Clients': only his clients, read-only", async ({ page }) => {
  await signIn(page, DEMO.gestionnaire);
  await nav(page).getByRole('link', { name: 'Mes Clients' }).click();
  await expect(page.getByRole('heading', { name: 'Mes Clients' })).toBeVisible();
  await expect(page).toHaveTitle(/^Mes Clients — /);
  await expect(page.getByText('Liste de vos clients assignés.')).toBeVisible();

  // The list's total is the tiles' total: his clients only.
  const total = page.getByRole('group', { name: 'Chiffres de vos clients' }).getByText('Total').locator('xpath=..');
  await expect(total).toHaveText(/Total\d+/);
  const count = (await total.textContent())?.replace(/\D/g, '');
  await expect(page.getByText(new RegExp(`^Page 1 sur \\d+ – ${count} clients au total$`))).toBeVisible();

  const table = page.getByRole('table', { name: 'Liste de vos clients' });
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('Kouakou');
  await expect(table.getByRole('row', { name: /Kouamé Kouakou/ })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // Another gestionnaire's client is not his.
  await page.getByRole('textbox', { name: 'Rechercher' }).fill('Yapo');
  await expect(page.getByText('Aucun client trouvé')).toBeVisible();

  await page.getByRole('textbox', { name: 'Rechercher' }).fill('Koffi');
  await table.getByRole('button', { name: 'Jean-Marc Koffi' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Jean-Marc Koffi' })).toBeVisible();
  await expect(dialog.getByText('Villa Premium')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fermer', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Modifier', exact: true })).toHaveCount(0);
});

test('a gestionnaire filters and sorts his clients, kept after a reload, with what each has paid', async ({ page }) => {
  await signIn(page, DEMO.gestionnaire);
  await nav(page).getByRole('link', { name: 'Mes Clients' }).click();
  const table = page.getByRole('table', { name: 'Liste de vos clients' });
  await expect(table.getByRole('columnheader', { name: 'Payé' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Reste dû' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toContainText(/\d+\s%/);
  await expect(table.getByRole('row').nth(1)).toContainText(/\d\sFCFA/);

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'VIP' }).click();
  await expect(page).toHaveURL(/type=vip/);
  await page.getByRole('combobox', { name: 'Trier par' }).click();
  await page.getByRole('option', { name: 'Nom (Z → A)', exact: true }).click();
  await expect(page).toHaveURL(/ordre=desc/);
  // The rows are replaced once the filtered page arrives: read all at once, until all are VIP.
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const onlyVip = () =>
    expect
      .poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('VIP'));
      })
      .toBe(true);
  await onlyVip();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('VIP');
  await expect(page.getByRole('combobox', { name: 'Trier par' })).toHaveValue('Nom (Z → A)');
  await onlyVip();
});

test('a gestionnaire reads his clients on a phone as cards, status and product shown', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.gestionnaire);
  await page.goto('/membres');
  await expect(page.getByRole('heading', { name: 'Mes Clients' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await expect(card.getByText(/^(Actif|Inactif|Suspendu)$/)).toBeVisible();
  await expect(card.getByText(/^Payé\s:\s\d+\s%$/)).toBeVisible();
  await expect(card.getByText(/^Reste dû\s:/)).toBeVisible();
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a commercial going to /membres sees 'Accès refusé'", async ({ page }) => {
  await signIn(page, DEMO.commercial);
  await expect(nav(page).getByRole('link', { name: 'Membres' })).toHaveCount(0);
  await page.goto('/membres');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByText('Vous n’avez pas les permissions nécessaires pour accéder à cette page.')).toBeVisible();
});

test('an admin reassigns a member checked in the list to another gestionnaire, after confirming', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/membres?q=Yapo');
  await page.getByRole('button', { name: 'Vue liste' }).click();
  const row = page.getByRole('table', { name: 'Liste des membres' }).getByRole('row', { name: /Yapi Yapo/ });
  // Yapi Yapo is another gestionnaire's client: he goes to a third one, never to the demo gestionnaire.
  const before = (await row.getByRole('cell').last().textContent())?.trim();
  const target = before === 'Aïcha Ouattara' ? 'Paul Gnagne' : 'Aïcha Ouattara';
  await row.getByRole('checkbox', { name: 'Sélectionner Yapi Yapo' }).check();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const bar = page.getByRole('region', { name: 'Membres sélectionnés' });
  await expect(bar).toContainText('1 membre sélectionné');

  await bar.getByRole('button', { name: 'Réassigner à un gestionnaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réassigner 1 membre' });
  await expect(dialog.getByRole('list')).toContainText('Yapi Yapo');
  await dialog.getByRole('combobox', { name: 'Nouveau gestionnaire' }).click();
  await page.getByRole('option', { name: target }).click();
  await dialog.getByRole('button', { name: 'Réassigner' }).click();

  await expect(page.getByText('1 membre réassigné')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bar).toBeHidden();
  await expect(row.getByRole('cell').last()).toHaveText(target);
});
