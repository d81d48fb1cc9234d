import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, type DemoRole, signIn } from './helpers.ts';

// Demo data (apps/api/src/db/seed/money.ts): Jean-Marc Koffi (membre@demo.test) has a refund
// approved, one rejected and one waiting ('Avance sur des travaux de finition non réalisés'); the
// gestionnaire's clients have one of each state, among them 'Pénalité appliquée par erreur'
// (50 000 FCFA, waiting).

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `remboursements-${name}.png`);

/** A text unique to this run. */
const unique = (prefix: string) => `${prefix} ${String(Date.now()).slice(-8)}`;

/** '1 234 567 FCFA' (any spaces) as a number. */
const amount = (text: string) => Number(text.replace(/\D/g, ''));

/** An amount as formatFCFA writes it, whatever space groups the digits. */
const fcfa = (value: number) => new RegExp(value.toLocaleString('fr-FR').replace(/\s/g, '\\s').concat('\\sFCFA'));

async function asRole(browser: Browser, role: DemoRole) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO[role]);
  return { page, close: () => context.close() };
}

async function openRemboursements(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Remboursements' })
    .click();
  await expect(page.getByRole('heading', { name: 'Remboursements', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/remboursements$/);
}

/** The table's row of a request, found by its reason. */
const rowOf = (page: Page, raison: string) =>
  page.getByRole('table', { name: 'Liste des remboursements' }).getByRole('row', { name: new RegExp(raison) });

/** A tile's figure. */
async function tile(page: Page, label: string): Promise<number> {
  const tiles = page.getByRole('group', { name: 'Chiffres des remboursements' });
  await expect(tiles).toHaveAttribute('aria-busy', 'false');
  const value = tiles.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  return amount(await value.innerText());
}

/** What a definition list shows under a label. */
const dd = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a member files a refund request; the comptable rejects it with a comment, which the member reads', async ({
  page,
  browser,
}) => {
  const raison = unique('Trop-perçu E2E');
  const commentaire = 'Le trop-perçu a déjà été compensé sur la mensualité suivante.';

  await signIn(page, DEMO.membre);
  await openRemboursements(page);
  await expect(page.getByText('Vos demandes de remboursement et leur suivi.')).toBeVisible();
  // A member has no member filter and processes nothing.
  await expect(page.getByRole('combobox', { name: 'Membre' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Traiter/ })).toHaveCount(0);
  // The demo rejection shows the processor's comment.
  await expect(rowOf(page, 'Frais de dossier contestés')).toContainText('Rejeté');
  await expect(rowOf(page, 'Frais de dossier contestés')).toContainText(/Motif\s:\sLes frais de dossier/);
  await expect(page.getByText(/^Affichage de 1 à \d+ sur \d+ résultats?$/)).toBeVisible();

  // Sent empty: the spec's message and the fields' ones.
  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle demande de remboursement' });
  const figures = form.getByRole('note', { name: 'Montant remboursable' });
  await expect(dd(figures, 'Montant remboursable')).toHaveText(/\d\sFCFA$/);
  const remboursable = amount(await dd(figures, 'Montant remboursable').innerText());
  expect(remboursable).toBeGreaterThan(45_000);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form.getByRole('alert')).toHaveText('Veuillez remplir tous les champs obligatoires');
  await expect(form.getByText('Le montant doit être supérieur à 0')).toBeVisible();
  await expect(form.getByText('La raison est requise')).toBeVisible();

  // More than he may get back: the server refuses it, under the amount.
  const montant = form.getByRole('textbox', { name: 'Montant demandé' });
  await montant.fill(String(remboursable + 1));
  await form.getByRole('textbox', { name: 'Raison' }).fill(raison);
  await form.getByRole('textbox', { name: /^Commentaire/ }).fill('Versement de septembre passé deux fois.');
  await form.getByLabel('Fichier du justificatif').setInputFiles(path.join(FIXTURES, 'plan.pdf'));
  await expect(form.getByText(/Document PDF\s:\s«\splan\.pdf\s»/)).toBeVisible();
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form.getByRole('alert')).toContainText('Erreur lors de la création du remboursement');
  await expect(form.getByText(/^Le montant demandé dépasse ce qui peut être remboursé au membre/)).toContainText(
    fcfa(remboursable),
  );
  await expect(montant).toHaveAttribute('aria-invalid', 'true');

  await montant.fill('45000');
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Demande de remboursement créée', { exact: true })).toBeVisible();
  const mine = rowOf(page, raison);
  await expect(mine).toContainText('En attente');
  await expect(mine).toContainText(fcfa(45_000));
  await expect(mine.getByRole('button', { name: /^Télécharger le justificatif/ })).toBeVisible();

  // The comptable opens it and rejects it: not without a comment.
  const comptable = await asRole(browser, 'comptable');
  const c = comptable.page;
  await openRemboursements(c);
  const pending = rowOf(c, raison);
  await expect(pending).toContainText('Jean-Marc Koffi');
  await expect(pending).toContainText('membre@demo.test');
  await pending.getByRole('button', { name: /^Détails/ }).click();
  const details = c.getByRole('dialog', { name: 'Détails du remboursement' });
  await expect(dd(details, 'Commentaire du demandeur')).toHaveText('Versement de septembre passé deux fois.');
  await expect(dd(details, 'Justificatif')).toHaveText('plan.pdf');
  const popup = c.waitForEvent('popup');
  await details.getByRole('button', { name: 'Télécharger le justificatif' }).click();
  expect((await popup).url()).toMatch(/^blob:/);
  await (await popup).close();
  await details.getByRole('button', { name: 'Traiter' }).click();

  const dialog = c.getByRole('dialog', { name: 'Traiter la demande de remboursement' });
  await dialog.getByRole('radio', { name: 'Rejeter' }).check();
  const reject = dialog.getByRole('button', { name: 'Rejeter' });
  await expect(reject).toBeDisabled();
  await dialog.getByRole('textbox', { name: /^Commentaire/ }).fill(commentaire);
  await expect(reject).toBeEnabled();
  await reject.click();
  await expect(dialog).toBeHidden();
  await expect(c.getByText('Remboursement rejeté', { exact: true })).toBeVisible();
  await expect(pending).toContainText('Rejeté');
  await expect(pending.getByRole('button', { name: /^Traiter/ })).toHaveCount(0);
  await comptable.close();

  // The member reads it rejected, with the comment.
  await page.getByRole('button', { name: 'Actualiser' }).click();
  await expect(mine).toContainText('Rejeté');
  await expect(mine).toContainText(commentaire);
  await mine.getByRole('button', { name: /^Détails/ }).click();
  const read = page.getByRole('dialog', { name: 'Détails du remboursement' });
  await expect(read.getByRole('note').filter({ hasText: 'Motif du rejet' })).toContainText(commentaire);
  await expect(dd(read, 'Traitée par')).not.toHaveText('En attente de traitement');
  await expect(read.getByRole('button', { name: 'Annuler la demande' })).toHaveCount(0);
});

test('a member cancels a pending request after the confirmation', async ({ page }) => {
  const raison = unique('Demande à annuler');
  await signIn(page, DEMO.membre);
  await openRemboursements(page);
  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle demande de remboursement' });
  await form.getByRole('textbox', { name: 'Montant demandé' }).fill('10000');
  await form.getByRole('textbox', { name: 'Raison' }).fill(raison);
  await form.getByRole('button', { name: 'Envoyer la demande' }).click();
  await expect(form).toBeHidden();

  await rowOf(page, raison)
    .getByRole('button', { name: /^Annuler la demande/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Annuler la demande' });
  await expect(
    confirm.getByText(/^Êtes-vous sûr de vouloir annuler cette demande de remboursement\s\?$/),
  ).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Retour' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Annuler la demande' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Demande de remboursement annulée', { exact: true })).toBeVisible();
  await expect(rowOf(page, raison)).toHaveCount(0);
});

test('a comptable approves a pending request: the tiles change', async ({ page }) => {
  const raison = 'Pénalité appliquée par erreur';
  await signIn(page, DEMO.comptable);
  await openRemboursements(page);
  const before = {
    pending: await tile(page, 'En attente'),
    approved: await tile(page, 'Approuvés'),
    amount: await tile(page, 'Montant approuvé'),
  };

  // The member filter: a server search.
  const filtre = page.getByRole('region', { name: 'Filtres des remboursements' });
  const row = rowOf(page, raison);
  await expect(row).toContainText('En attente');
  const membre = (await row.getByRole('cell').first().locator('p').first().innerText()).trim();
  await filtre.getByRole('combobox', { name: 'Membre' }).fill(membre.split(' ').at(-1) ?? membre);
  await page.getByRole('option', { name: new RegExp(`^${membre} \\(`) }).click();
  await expect(page).toHaveURL(/membre=\d+/);
  // The rows are replaced once the filtered page arrives: waited for as a whole, not read one by one.
  const membres = page
    .getByRole('table', { name: 'Liste des remboursements' })
    .getByRole('row')
    .locator('td:first-child p:first-child');
  await expect(membres.filter({ hasNotText: membre })).toHaveCount(0);
  await expect(membres).not.toHaveCount(0);

  await row.getByRole('button', { name: /^Traiter la demande/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Traiter la demande de remboursement' });
  await dialog.getByRole('radio', { name: 'Approuver' }).check();
  await expect(dialog.getByText(/La banque principale sera débitée de 50\s000\sFCFA/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Approuver' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Remboursement approuvé/)).toBeVisible();
  await expect(row).toContainText('Approuvé');

  await filtre.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page).toHaveURL(/\/remboursements$/);
  // The three figures read together, until the refreshed ones are all shown.
  await expect
    .poll(async () => ({
      pending: await tile(page, 'En attente'),
      approved: await tile(page, 'Approuvés'),
      amount: await tile(page, 'Montant approuvé'),
    }))
    .toEqual({ pending: before.pending - 1, approved: before.approved + 1, amount: before.amount + 50_000 });

  // The details: who approved and the bank debited.
  await rowOf(page, raison)
    .getByRole('button', { name: /^Détails/ })
    .click();
  const details = page.getByRole('dialog', { name: 'Détails du remboursement' });
  await expect(dd(details, 'Traitée par')).toHaveText('Ibrahim Traoré');
  await expect(dd(details, 'Banque débitée')).toHaveText('Société Générale Côte d’Ivoire');
});

test('the page passes axe and keeps to a phone’s width; screenshots', async ({ page, browser }) => {
  await signIn(page, DEMO.comptable);
  const membre = await asRole(browser, 'membre');
  const m = membre.page;
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.goto('/remboursements');
    await expect(page.getByRole('heading', { name: 'Remboursements', level: 1 })).toBeVisible();
    await settle(page);
    await expectAccessible(page);
    if (size === 'phone') {
      await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: shot(`comptable-${size}`), fullPage: true });

    await page
      .getByRole('button', { name: /^Traiter la demande/ })
      .first()
      .click();
    const traiter = page.getByRole('dialog', { name: 'Traiter la demande de remboursement' });
    await traiter.getByRole('radio', { name: 'Rejeter' }).check();
    await settle(page);
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`traiter-${size}`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(traiter).toBeHidden();

    await page.getByRole('button', { name: 'Nouvelle demande' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    await form.getByRole('combobox', { name: 'Membre' }).fill('Koffi');
    await page.getByRole('option', { name: /^Jean-Marc Koffi/ }).click();
    await expect(form.getByRole('note', { name: 'Montant remboursable' })).toBeVisible();
    await settle(page);
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`nouvelle-comptable-${size}`), animations: 'disabled' });
    await form.getByRole('button', { name: 'Remboursement total' }).click();
    const total = page.getByRole('dialog', { name: 'Remboursement total' });
    await expect(total.getByText(/quitte le programme/)).toBeVisible();
    await settle(page);
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`total-${size}`), animations: 'disabled' });
    await total.getByRole('button', { name: 'Retour' }).click();
    await expect(total).toBeHidden();

    await m.setViewportSize(viewport);
    await m.goto('/remboursements');
    await expect(m.getByRole('heading', { name: 'Remboursements', level: 1 })).toBeVisible();
    await settle(m);
    await expectAccessible(m);
    await m.screenshot({ path: shot(`membre-${size}`), fullPage: true });
    await m.getByRole('button', { name: 'Nouvelle demande' }).click();
    const own = m.getByRole('dialog', { name: 'Nouvelle demande de remboursement' });
    await expect(own.getByRole('note', { name: 'Montant remboursable' })).toBeVisible();
    await settle(m);
    await m.screenshot({ path: shot(`nouvelle-membre-${size}`), animations: 'disabled' });
    await m.keyboard.press('Escape');
  }
  await membre.close();
});
