import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, SHOWN_SLACK_MS, signIn, timeShown } from './helpers.ts';

const DENIED =
  'Vous n’avez pas les permissions nécessaires pour accéder à cette page. Seuls les administrateurs et comptables peuvent accéder aux fonctionnalités d’entreprise.';
const DEMO_BANKS = ['Société Générale Côte d’Ivoire', 'Ecobank Côte d’Ivoire', 'NSIA Banque'];

const VIEWPORTS = { 1366: { width: 1366, height: 800 }, 390: { width: 390, height: 844 } } as const;
const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

/** An amount as formatFCFA writes it, whatever space it groups the digits with. */
const fcfa = (digits: string) => new RegExp(`^${digits.replace(/ /g, '\\s')}\\sFCFA$`);

async function openEntreprise(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Entreprise' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeVisible();
  // Audit is the default tab (spec 3 §2.4).
  await expect(page.getByRole('tab', { name: 'Audit', selected: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Banques' }).click();
  await expect(page.getByRole('tab', { name: 'Banques', selected: true })).toBeVisible();
  await expect(page).toHaveURL(/\/entreprise\?onglet=banques$/);
}

/** The balance shown on a bank's card. */
const solde = (card: Locator) => card.getByText(/^[\d\s]+\sFCFA$/).first();

test('a comptable manages the banks: adds one, deposits, is refused an overdraft, reads the history', async ({
  page,
}) => {
  await signIn(page, DEMO.comptable);
  await openEntreprise(page);

  // The demo banks, one of them principal, and the totals over them.
  for (const nom of DEMO_BANKS) await expect(page.getByRole('article', { name: nom })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Principale' })).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: DEMO_BANKS[0] }).getByText('Principale', { exact: true }),
  ).toBeVisible();
  const tiles = page.getByRole('group', { name: 'Totaux des banques' });
  const count = await page.getByRole('article').count();
  await expect(tiles.getByText('Banques', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    String(count),
  );
  await expect(tiles.getByText('Solde total')).toBeVisible();

  // A new bank, through one validation error.
  const nom = `Banque Atlantique ${String(Date.now()).slice(-6)}`;
  await page.getByRole('button', { name: 'Ajouter une banque' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter une banque' });
  await expect(dialog.getByRole('textbox', { name: 'Nom de la banque' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Nom de la banque' }).fill(nom);
  await dialog.getByRole('textbox', { name: 'Code banque' }).fill('CI034');
  await dialog.getByRole('textbox', { name: 'Numéro de compte' }).fill(`01034 ${String(Date.now()).slice(-12)} 07`);
  await dialog.getByRole('textbox', { name: 'Adresse' }).fill('Immeuble Atlantique, avenue Noguès, Plateau');
  await dialog.getByRole('textbox', { name: 'Téléphone' }).fill('+225 27 20 31 59 50');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('entreprises@atlantique');
  await dialog.getByRole('textbox', { name: 'Solde initial (FCFA)' }).fill('1000000');
  await dialog.getByRole('button', { name: 'Ajouter la banque' }).click();
  await expect(dialog.getByText('Format d’e-mail invalide')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('entreprises@atlantique.test');
  const shownFor = timeShown(page, 'La banque a été créée avec succès.');
  await dialog.getByRole('button', { name: 'Ajouter la banque' }).click();

  // The success dialog says it, then closes by itself after 3 s, measured by the page's clock: a
  // loaded machine does not skew it (nor can a check made late miss it).
  expect(await shownFor).toBeGreaterThanOrEqual(3000 - SHOWN_SLACK_MS);
  await expect(page.getByRole('dialog', { name: /^Succès/ })).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Banque créée avec succès', { exact: true })).toBeVisible();

  const card = page.getByRole('article', { name: nom });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(solde(card)).toHaveText(fcfa('1 000 000'));

  // A deposit.
  const toggle = card.getByRole('button', { name: `Dépôt ou retrait sur ${nom}` });
  await toggle.click();
  const operation = card.getByRole('form', { name: `Opération sur le solde de ${nom}` });
  await expect(operation.getByRole('radio', { name: 'Dépôt' })).toBeChecked();
  await operation.getByRole('textbox', { name: 'Montant (FCFA)' }).fill('250000');
  await operation.getByRole('textbox', { name: 'Commentaire' }).fill('Remise de chèques clients');
  await operation.getByRole('button', { name: 'Valider l’opération' }).click();
  await expect(operation).toBeHidden();
  await expect(page.getByText('Solde mis à jour avec succès')).toBeVisible();
  await expect(solde(card)).toHaveText(fcfa('1 250 000'));

  // A withdrawal above the balance: refused, the balance unchanged.
  await toggle.click();
  await operation.getByRole('radio', { name: 'Retrait' }).check();
  await operation.getByRole('textbox', { name: 'Montant (FCFA)' }).fill('5000000');
  await operation.getByRole('textbox', { name: 'Commentaire' }).fill('Achat de ciment');
  await operation.getByRole('button', { name: 'Valider l’opération' }).click();
  await expect(operation.getByRole('alert')).toContainText('Erreur lors de la mise à jour du solde');
  await expect(operation.getByText('Solde insuffisant')).toBeVisible();
  await expect(operation.getByRole('textbox', { name: 'Montant (FCFA)' })).toHaveAttribute('aria-invalid', 'true');
  await operation.getByRole('button', { name: 'Annuler' }).click();
  await expect(operation).toBeHidden();
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(solde(card)).toHaveText(fcfa('1 250 000'));

  // The history: the deposit only, with its comment and its author.
  await card.getByRole('button', { name: `Historique de ${nom}` }).click();
  const history = page.getByRole('dialog', { name: `Historique des mouvements – ${nom}` });
  const rows = history.getByRole('table', { name: 'Mouvements de la banque' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  const deposit = rows.nth(1);
  await expect(deposit.getByRole('cell').nth(1)).toHaveText('Dépôt');
  await expect(deposit.getByRole('cell').nth(2)).toHaveText(fcfa('250 000'));
  await expect(deposit.getByRole('cell').nth(3)).toHaveText('');
  await expect(deposit.getByRole('cell').nth(4)).toHaveText(fcfa('1 250 000'));
  await expect(deposit.getByRole('cell').nth(5)).toHaveText('Remise de chèques clients');
  await expect(deposit.getByRole('cell').nth(6)).toHaveText('Ibrahim Traoré');
  await expect(history.getByText('Page 1 sur 1 – 1 mouvement')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(card.getByText(/1 mouvement$/)).toBeVisible();
});

test('a commercial gets the permission message', async ({ page }) => {
  await signIn(page, DEMO.commercial);
  // Not in his sidebar: he can only type the address.
  await expect(
    page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Entreprise' }),
  ).toHaveCount(0);
  await page.goto('/entreprise');
  await expect(page.getByRole('heading', { name: 'Accès refusé' })).toBeVisible();
  await expect(page.getByText(DENIED)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Banques' })).toHaveCount(0);
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`the Entreprise page, its dialogs and the balance operation are accessible at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO.comptable);
    await page.goto('/entreprise?onglet=banques');
    await expect(page.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeVisible();
    await expect(page.getByRole('article', { name: DEMO_BANKS[1] })).toBeVisible();
    await settle(page);
    // No sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    await page.screenshot({ path: shot(`entreprise-banques-${width}`), fullPage: true, animations: 'disabled' });

    // The add dialog, opened on its first field.
    await page.getByRole('button', { name: 'Ajouter une banque' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une banque' });
    await expect(dialog.getByRole('textbox', { name: 'Nom de la banque' })).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Ajouter la banque' }).click();
    await expect(dialog.getByText('Le nom de la banque est requis')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();

    // The inline balance operation, with its messages.
    const card = page.getByRole('article', { name: DEMO_BANKS[2] });
    await card.getByRole('button', { name: `Dépôt ou retrait sur ${DEMO_BANKS[2]}` }).click();
    const operation = card.getByRole('form', { name: `Opération sur le solde de ${DEMO_BANKS[2]}` });
    await expect(operation.getByRole('radio', { name: 'Dépôt' })).toBeFocused();
    await expectAccessible(page);
    await operation.getByRole('button', { name: 'Valider l’opération' }).click();
    await expect(operation.getByText('Veuillez saisir un montant valide et un commentaire')).toBeVisible();
    await expectAccessible(page);
    await operation.getByRole('button', { name: 'Annuler' }).click();

    // A bank's history.
    await page.getByRole('button', { name: `Historique de ${DEMO_BANKS[1]}` }).click();
    const history = page.getByRole('dialog', { name: `Historique des mouvements – ${DEMO_BANKS[1]}` });
    // Its newest movements, a page of the account's 'Éléments par page'.
    await expect(history.getByText(/^Page 1 sur \d+ – \d+ mouvements$/)).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`entreprise-historique-${width}`), animations: 'disabled' });
  });
}
