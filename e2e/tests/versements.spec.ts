import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, type DemoRole, signIn } from './helpers.ts';

// Demo data (apps/api/src/db/seed/money.ts): Jean-Marc Koffi (membre@demo.test) is a client of the
// demo gestionnaire, with payments validated, one rejected ('Montant du reçu illisible…') and one
// waiting; three banks, the Société Générale the principal one.

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** A receipt number unique to this run. */
const receipt = (prefix: string) => `${prefix}-${String(Date.now()).slice(-8)}`;

/** Today, as a date field takes it. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** '1 234 567 FCFA' (any spaces) as a number. */
const amount = (text: string) => Number(text.replace(/\D/g, ''));

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function asRole(browser: Browser, role: DemoRole) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO[role]);
  return { page, close: () => context.close() };
}

async function openVersements(page: Page) {
  await nav(page).getByRole('link', { name: 'Versements' }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Versements', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/versements$/);
}

/** The row of a receipt, found by the search box. */
async function findRow(page: Page, numero: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(numero);
  await expect(page).toHaveURL(new RegExp(`q=${numero}`));
  const row = page.getByRole('table', { name: 'Liste des versements' }).getByRole('row', { name: new RegExp(numero) });
  await expect(row).toBeVisible();
  return row;
}

/** A bank's balance, as the comptable reads it on its card of Entreprise → Banques. */
async function soldeOf(page: Page, nom: string): Promise<number> {
  await page.goto('/entreprise?onglet=banques');
  const card = page.getByRole('article', { name: nom });
  const solde = card.getByText(/^Solde$/).locator('xpath=following-sibling::*[1]');
  await expect(solde).toHaveText(/\d\sFCFA$/);
  return amount(await solde.innerText());
}

/** What Jean-Marc Koffi has paid, on his file as the admin reads it. */
async function paidByKoffi(page: Page): Promise<number> {
  await page.goto('/membres?q=Koffi');
  await page.getByRole('button', { name: 'Voir la fiche de Jean-Marc Koffi' }).click();
  const dialog = page.getByRole('dialog');
  const value = dialog.locator('dt', { hasText: /^Déjà payé$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(value).toHaveText(/\d\sFCFA/);
  const paid = amount(await value.innerText());
  await page.keyboard.press('Escape');
  return paid;
}

/** The member declares a payment through his form; answers its receipt number. */
async function declare(page: Page, { montant, numero, scan }: { montant: string; numero: string; scan?: string }) {
  await page.getByRole('button', { name: 'Déclarer un versement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Déclarer un versement' });
  // His own product, found from his file, is chosen for him.
  await expect(dialog.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
  await expect(dialog.getByText(/^Votre produit, choisi/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Montant' }).fill(montant);
  await choose(page, dialog, 'Banque', 'Ecobank Côte d’Ivoire');
  await dialog.getByRole('textbox', { name: 'Numéro de reçu' }).fill(numero);
  await dialog.getByLabel('Date du reçu').fill(today());
  if (scan) {
    await dialog.getByLabel('Fichier du scan du reçu').setInputFiles(path.join(FIXTURES, scan));
    if (scan.endsWith('.png')) await expect(dialog.getByRole('img', { name: `Aperçu du reçu ${scan}` })).toBeVisible();
    else await expect(dialog.getByText(new RegExp(`Document PDF\\s:\\s«\\s${scan}\\s»`))).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Déclarer le versement' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Versement créé avec succès')).toBeVisible();
}

test('a member declares a payment with its scan; the comptable validates it: the bank and his paid total grow', async ({
  page,
  browser,
}) => {
  const numero = receipt('E2E');
  const montant = 123_456;

  const admin = await asRole(browser, 'admin');
  const paidBefore = await paidByKoffi(admin.page);
  const comptable = await asRole(browser, 'comptable');
  const soldeBefore = await soldeOf(comptable.page, 'Ecobank Côte d’Ivoire');

  await signIn(page, DEMO.membre);
  await openVersements(page);
  await expect(page.getByText('Vos versements, leur suivi et leurs reçus.')).toBeVisible();
  const tiles = page.getByRole('group', { name: 'Chiffres des versements' });
  await expect(tiles.getByText('Montant validé')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Répartition des versements\s:\sValidés \d+\s%/ })).toBeVisible();
  // A member neither validates, rejects nor deletes.
  await expect(page.getByRole('button', { name: /^(Valider|Rejeter|Supprimer) le versement/ })).toHaveCount(0);

  // Submitting too early shows the spec's messages.
  await page.getByRole('button', { name: 'Déclarer un versement' }).click();
  const form = page.getByRole('dialog', { name: 'Déclarer un versement' });
  await expect(form.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
  // A typed 0 stays 0, never 1 FCFA: the field says what is wrong as soon as it is left.
  const montantField = form.getByRole('textbox', { name: 'Montant' });
  await montantField.fill('0');
  await montantField.press('Tab');
  await expect(montantField).toHaveValue(/^0\sFCFA$/);
  await expect(montantField).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Le montant doit être supérieur à 0')).toBeVisible();
  await form.getByRole('button', { name: 'Déclarer le versement' }).click();
  await expect(montantField).toHaveValue(/^0\sFCFA$/);
  await expect(form.getByText('Le montant doit être supérieur à 0')).toBeVisible();
  await expect(form.getByText('Veuillez sélectionner une banque')).toBeVisible();
  await expect(form.getByText('Le numéro de reçu est requis')).toBeVisible();
  await expect(form.getByText('La date de reçu est requise')).toBeVisible();
  await form.getByRole('button', { name: 'Annuler' }).click();
  await expect(form).toBeHidden();

  await declare(page, { montant: String(montant), numero, scan: 'photo.png' });
  const row = await findRow(page, numero);
  await expect(row).toContainText('En attente');
  await expect(row).toContainText(/123\s456\sFCFA/);
  await expect(row.getByRole('button', { name: /^Télécharger le reçu/ })).toBeVisible();
  // The same receipt for the same bank is refused, under its field.
  await page.getByRole('button', { name: 'Déclarer un versement' }).click();
  const again = page.getByRole('dialog', { name: 'Déclarer un versement' });
  await expect(again.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
  await again.getByRole('textbox', { name: 'Montant' }).fill('5000');
  await choose(page, again, 'Banque', 'Ecobank Côte d’Ivoire');
  await again.getByRole('textbox', { name: 'Numéro de reçu' }).fill(numero);
  await again.getByLabel('Date du reçu').fill(today());
  await again.getByRole('button', { name: 'Déclarer le versement' }).click();
  await expect(again.getByRole('alert')).toContainText('Erreur lors de la création du versement');
  await expect(again.getByText('Ce numéro de reçu a déjà été déclaré pour cette banque')).toBeVisible();
  await again.getByRole('button', { name: 'Annuler' }).click();

  // The comptable finds it, opens the scan, and validates it.
  const c = comptable.page;
  await openVersements(c);
  const pending = await findRow(c, numero);
  await expect(pending).toContainText('Jean-Marc Koffi');
  await expect(pending).toContainText('ESV-');
  const popup = c.waitForEvent('popup');
  await pending.getByRole('button', { name: /^Télécharger le reçu/ }).click();
  expect((await popup).url()).toMatch(/^blob:/);
  await (await popup).close();

  await pending.getByRole('button', { name: /^Valider le versement/ }).click();
  const confirm = c.getByRole('dialog', { name: 'Valider le versement' });
  await expect(confirm.getByText(/sera crédité/)).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Valider' }).click();
  await expect(confirm).toBeHidden();
  await expect(c.getByText('Versement validé avec succès')).toBeVisible();
  await expect(pending).toContainText('Validé');
  await expect(pending.getByRole('button', { name: /^Valider/ })).toHaveCount(0);

  await pending.getByRole('button', { name: /^Détails/ }).click();
  const details = c.getByRole('dialog', { name: 'Détails du versement' });
  await expect(details.getByText(numero).first()).toBeVisible();
  await expect(details.locator('dt', { hasText: /^Validé par$/ })).toBeVisible();
  await expect(
    details.locator('dt', { hasText: /^Déclaré par$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Jean-Marc Koffi');
  await details.getByRole('button', { name: 'Fermer', exact: true }).click();

  expect(await soldeOf(c, 'Ecobank Côte d’Ivoire')).toBe(soldeBefore + montant);
  expect(await paidByKoffi(admin.page)).toBe(paidBefore + montant);

  // The member sees it validated.
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(numero) })).toContainText('Validé');
  await admin.close();
  await comptable.close();
});

test('the gestionnaire rejects a payment with a reason, which the member reads', async ({ page, browser }) => {
  const numero = receipt('REJ');
  const motif = 'Le reçu ne correspond pas au relevé de la banque.';

  await signIn(page, DEMO.membre);
  await openVersements(page);
  // The demo history's rejection shows its reason in the member's list.
  await page.getByRole('button', { name: 'Filtres' }).click();
  await choose(page, page.getByRole('main'), 'Statut', 'Rejeté');
  await expect(page).toHaveURL(/statut=rejete/);
  await expect(page.getByText(/Motif\s:\sMontant du reçu illisible/)).toBeVisible();
  await page.getByRole('button', { name: 'Effacer les filtres' }).click();

  await declare(page, { montant: '75000', numero, scan: 'plan.pdf' });

  const gestionnaire = await asRole(browser, 'gestionnaire');
  const g = gestionnaire.page;
  await openVersements(g);
  const row = await findRow(g, numero);
  await row.getByRole('button', { name: /^Rejeter le versement/ }).click();
  const dialog = g.getByRole('dialog', { name: 'Rejeter le versement' });
  const reason = dialog.getByRole('textbox', { name: 'Motif du rejet (facultatif)' });
  await expect(reason).toBeFocused();
  await reason.fill(motif);
  await dialog.getByRole('button', { name: 'Rejeter' }).click();
  await expect(dialog).toBeHidden();
  await expect(g.getByText('Versement rejeté', { exact: true })).toBeVisible();
  await expect(row).toContainText('Rejeté');
  await gestionnaire.close();

  await page.reload();
  const mine = await findRow(page, numero);
  await expect(mine).toContainText('Rejeté');
  await expect(mine).toContainText(motif);
  await mine.getByRole('button', { name: /^Détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails du versement' });
  await expect(details.getByText(motif)).toBeVisible();
});

test('a gestionnaire declares for a client and may not validate his own declaration', async ({ page }) => {
  const numero = receipt('GES');
  await signIn(page, DEMO.gestionnaire);
  await openVersements(page);
  await page.getByRole('button', { name: 'Nouveau versement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau versement pour un client' });
  await dialog.getByRole('button', { name: 'Enregistrer le versement' }).click();
  await expect(dialog.getByText('Veuillez sélectionner un membre')).toBeVisible();
  await expect(dialog.getByText('La date de versement est requise')).toBeVisible();

  await choose(page, dialog, 'Membre', /^Kouamé Kouakou/);
  await expect(dialog.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
  await expect(dialog.getByText(/^Le produit de ce client, choisi/)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Montant' }).fill('150000');
  await choose(page, dialog, 'Banque', /Société Générale/);
  await dialog.getByRole('textbox', { name: 'Numéro de reçu' }).fill(numero);
  await dialog.getByLabel('Date du reçu').fill(today());
  await dialog.getByLabel('Date du versement').fill(today());
  // A double click records once (Idempotency-Key, and the button waits).
  await dialog.getByRole('button', { name: 'Enregistrer le versement' }).dblclick();
  await expect(dialog).toBeHidden();

  const row = await findRow(page, numero);
  await expect(page.getByText('1 versement trouvé')).toBeVisible();
  await expect(row).toContainText('Kouamé Kouakou');
  await expect(row.getByRole('button', { name: /^Valider/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Rejeter le versement/ })).toBeVisible();
  await row.getByRole('button', { name: /^Détails/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Détails du versement' }).getByText(/Vous avez déclaré ce versement\s:/),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // He deletes it (danger confirmation).
  await row.getByRole('button', { name: /^Supprimer le versement/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer le versement' });
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Aucun versement trouvé')).toBeVisible();
});

test('on a phone the payments are cards and the page keeps to the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.comptable);
  await page.goto('/versements');
  await expect(page.getByRole('heading', { name: 'Gestion des Versements', level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Filtres' }).click();
  await expect(page.getByRole('combobox', { name: 'Banque' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
