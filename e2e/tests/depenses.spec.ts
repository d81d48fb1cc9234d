import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, type DemoRole, signIn } from './helpers.ts';

// Demo data (apps/api/src/db/seed/money.ts): expenses in every category and state, filed by
// Jean-Marc Koffi (membre@demo.test) and three other members; three banks, the Société Générale
// the principal one.

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures');
const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const PRINCIPALE = 'Société Générale Côte d’Ivoire';
const ECOBANK = 'Ecobank Côte d’Ivoire';

/** A description unique to this run. */
const unique = (what: string) => `${what} ${String(Date.now()).slice(-8)}`;

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

/** The expenses page from the sidebar: 'Mes Dépenses' for a member, 'Dépenses' for the others. */
async function openDepenses(page: Page, member = false) {
  await nav(page)
    .getByRole('link', { name: member ? 'Mes Dépenses' : 'Dépenses' })
    .click();
  const title = member ? 'Mes Dépenses' : 'Gestion des Dépenses';
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/depenses$/);
}

/** The card of an expense, found by the search box (its description). */
async function findCard(page: Page, description: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(description);
  await expect(page).toHaveURL(/q=/);
  const card = page.getByRole('article', { name: description });
  await expect(card).toBeVisible();
  await expect(page.getByText('1 dépense trouvée')).toBeVisible();
  return card;
}

/** A bank's balance, as the comptable reads it on its card of Entreprise → Banques. */
async function soldeOf(page: Page, nom: string): Promise<number> {
  await page.goto('/entreprise?onglet=banques');
  const card = page.getByRole('article', { name: nom });
  const solde = card.getByText(/^Solde$/).locator('xpath=following-sibling::*[1]');
  await expect(solde).toHaveText(/\d\sFCFA$/);
  return amount(await solde.innerText());
}

/** The member files an expense through his form, with one validation error on the way. */
async function file(
  page: Page,
  {
    montant,
    description,
    categorie,
    justificatif,
  }: {
    montant: string;
    description: string;
    categorie: string;
    justificatif?: string;
  },
) {
  await page.getByRole('button', { name: 'Nouvelle Dépense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Dépense' });
  await dialog.getByRole('textbox', { name: 'Montant' }).fill(montant);
  await choose(page, dialog, 'Catégorie', categorie);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await choose(page, dialog, 'Banque à débiter', ECOBANK);
  if (justificatif) await dialog.getByLabel('Fichier du justificatif').setInputFiles(path.join(FIXTURES, justificatif));
  await dialog.getByRole('button', { name: 'Enregistrer la dépense' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Dépense créée avec succès')).toBeVisible();
}

test('a member files an expense; the comptable approves it: the chosen bank is debited', async ({ page, browser }) => {
  const description = unique('Bâche de protection du chantier');
  const montant = 98_765;

  const comptable = await asRole(browser, 'comptable');
  const c = comptable.page;
  const soldeBefore = await soldeOf(c, ECOBANK);

  await signIn(page, DEMO.membre);
  await openDepenses(page, true);
  await expect(page.getByText('Vos dépenses, leur suivi et leurs justificatifs.')).toBeVisible();
  const tiles = page.getByRole('group', { name: 'Chiffres des dépenses' });
  await expect(tiles.getByText(/^\d+,\d\sM\sFCFA$/)).toBeVisible();
  // A member decides nothing.
  await expect(page.getByRole('button', { name: /^(Approuver|Rejeter) la dépense/ })).toHaveCount(0);

  // The form: today and the principal bank by default; 'Autre' needs its precision.
  await page.getByRole('button', { name: 'Nouvelle Dépense' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle Dépense' });
  await expect(form.getByRole('textbox', { name: 'Montant' })).toBeFocused();
  await expect(form.getByRole('combobox', { name: 'Banque à débiter' })).toHaveValue(`${PRINCIPALE} (principale)`);
  const d = new Date();
  const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  await expect(form.getByLabel('Date de la dépense')).toHaveValue(today);
  await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
  await expect(form.getByText('Le montant doit être supérieur à 0')).toBeVisible();
  await expect(form.getByText('Veuillez choisir une catégorie')).toBeVisible();
  await expect(form.getByText('La description est requise')).toBeVisible();
  await form.getByRole('textbox', { name: 'Montant' }).fill('1000');
  await choose(page, form, 'Catégorie', 'Autre');
  await form.getByRole('textbox', { name: 'Description' }).fill(description);
  await choose(page, form, 'Banque à débiter', ECOBANK);
  await form.getByLabel('Fichier du justificatif').setInputFiles(path.join(FIXTURES, 'plan.pdf'));
  await expect(form.getByText(/Document PDF\s:\s«\splan\.pdf\s»/)).toBeVisible();
  await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
  await expect(form.getByText('Précisez la catégorie')).toBeVisible();
  await form.getByRole('textbox', { name: 'Précision de la catégorie' }).fill('Bâches et cordages');
  await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Dépense créée avec succès')).toBeVisible();

  // He corrects the amount while it waits.
  const mine = await findCard(page, description);
  await expect(mine).toContainText('En attente');
  await expect(mine).toContainText('Autre (Bâches et cordages)');
  await expect(mine).toContainText(/1\s000\sFCFA/);
  await mine.getByRole('button', { name: /^Modifier la dépense/ }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la dépense' });
  await expect(edit.getByRole('textbox', { name: 'Description' })).toHaveValue(description);
  await expect(edit.getByText(/^Justificatif actuel\s:\splan\.pdf/)).toBeVisible();
  await edit.getByRole('textbox', { name: 'Montant' }).fill(String(montant));
  await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Dépense modifiée avec succès')).toBeVisible();
  await expect(mine).toContainText(/98\s765\sFCFA/);

  // The comptable finds it by its filer's name too, opens the justificatif, and approves it.
  await openDepenses(c);
  await c.getByRole('textbox', { name: 'Rechercher' }).fill('Koffi');
  await expect(c).toHaveURL(/q=Koffi/);
  await expect(c.getByRole('article', { name: description })).toBeVisible();
  const pending = await findCard(c, description);
  await expect(pending).toContainText(/Déclarée par\s:\sJean-Marc Koffi/);
  await expect(pending).toContainText(ECOBANK);
  const popup = c.waitForEvent('popup');
  await pending.getByRole('button', { name: /^Télécharger le justificatif/ }).click();
  expect((await popup).url()).toMatch(/^blob:/);
  await (await popup).close();

  await pending.getByRole('button', { name: /^Approuver la dépense/ }).click();
  const confirm = c.getByRole('dialog', { name: 'Approuver la dépense' });
  await expect(confirm.getByText(new RegExp(`Le compte ${ECOBANK} sera débité de 98\\s765\\sFCFA`))).toBeVisible();
  await confirm.getByRole('textbox', { name: 'Commentaire (facultatif)' }).fill('Reçu conforme');
  await confirm.getByRole('button', { name: 'Approuver' }).click();
  await expect(confirm).toBeHidden();
  await expect(c.getByText(/^Dépense approuvée\s:\sla banque a été débitée$/)).toBeVisible();
  await expect(pending).toContainText('Approuvée');
  await expect(pending.getByRole('button', { name: /^(Approuver|Rejeter|Supprimer)/ })).toHaveCount(0);

  await pending.getByRole('button', { name: /^Détails/ }).click();
  const details = c.getByRole('dialog', { name: 'Détails de la dépense' });
  await expect(details.locator('dt', { hasText: /^Approuvée par$/ })).toBeVisible();
  await expect(
    details.locator('dt', { hasText: /^Déclarée par$/ }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Jean-Marc Koffi');
  await expect(details.getByText('Reçu conforme')).toBeVisible();
  await details.getByRole('button', { name: 'Fermer', exact: true }).click();

  expect(await soldeOf(c, ECOBANK)).toBe(soldeBefore - montant);

  // The member sees it approved, and final.
  await page.reload();
  const approved = page.getByRole('article', { name: description });
  await expect(approved).toContainText('Approuvée');
  await expect(approved.getByRole('button', { name: /^(Modifier|Supprimer)/ })).toHaveCount(0);
  await comptable.close();
});

test('a rejection needs its reason, which the member reads; the comptable then deletes it', async ({
  page,
  browser,
}) => {
  const description = unique('Taxi pour la réunion des membres');
  const motif = 'Le reçu du taxi est illisible.';

  await signIn(page, DEMO.membre);
  await openDepenses(page, true);
  await file(page, { montant: '7500', description, categorie: 'Transport', justificatif: 'photo.png' });

  const comptable = await asRole(browser, 'comptable');
  const c = comptable.page;
  await openDepenses(c);
  await choose(c, c.getByRole('main'), 'Statut', 'En attente');
  await expect(c).toHaveURL(/statut=en_attente/);
  await c.getByRole('button', { name: 'Vue liste' }).click();
  await c.getByRole('textbox', { name: 'Rechercher' }).fill(description);
  const row = c.getByRole('table', { name: 'Liste des dépenses' }).getByRole('row', { name: new RegExp(description) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Rejeter la dépense/ }).click();
  const dialog = c.getByRole('dialog', { name: 'Rejeter la dépense' });
  const reason = dialog.getByRole('textbox', { name: /^Motif du rejet/ });
  await expect(reason).toBeFocused();
  const reject = dialog.getByRole('button', { name: 'Rejeter' });
  await expect(reject).toBeDisabled();
  await reason.fill(motif);
  await reject.click();
  await expect(dialog).toBeHidden();
  await expect(c.getByText('Dépense rejetée', { exact: true })).toBeVisible();
  // No longer pending: it leaves the filtered list.
  await expect(c.getByText('Aucune dépense trouvée')).toBeVisible();

  await page.reload();
  const mine = page.getByRole('article', { name: description });
  await expect(mine).toContainText('Rejetée');
  await expect(mine).toContainText(motif);
  await expect(mine.getByRole('button', { name: /^(Modifier|Supprimer)/ })).toHaveCount(0);

  // A rejected expense may be deleted by a comptable.
  await choose(c, c.getByRole('main'), 'Statut', 'Rejetée');
  const rejected = c
    .getByRole('table', { name: 'Liste des dépenses' })
    .getByRole('row', { name: new RegExp(description) });
  await expect(rejected).toContainText(motif);
  await rejected.getByRole('button', { name: /^Supprimer la dépense/ }).click();
  const remove = c.getByRole('dialog', { name: 'Supprimer la dépense' });
  await expect(remove.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await remove.getByRole('button', { name: 'Supprimer' }).click();
  await expect(remove).toBeHidden();
  await expect(c.getByText('Dépense supprimée avec succès')).toBeVisible();
  await expect(c.getByText('Aucune dépense trouvée')).toBeVisible();
  await comptable.close();
});

const VIEWPORTS = { 1280: { width: 1280, height: 800 }, 390: { width: 390, height: 844 } } as const;

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`the expenses screens are accessible and keep to the screen at ${width} px`, async ({
    page,
    browser,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO.comptable);
    await page.goto('/depenses');
    await expect(page.getByRole('heading', { name: 'Gestion des Dépenses', level: 1 })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(page);
    // The whole page on a desktop; a phone's first screen (the whole list would be too long to read).
    await page.screenshot({
      path: shot(`depenses-comptable-${width}`),
      fullPage: width !== '390',
      animations: 'disabled',
    });

    await page.getByRole('button', { name: 'Vue liste' }).click();
    await expect(page.getByRole('table', { name: 'Liste des dépenses' })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: shot(`depenses-liste-${width}`), animations: 'disabled' });

    await page
      .getByRole('button', { name: /^Détails de la dépense/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Détails de la dépense' });
    await expect(details.getByText('Déclarée par')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`depenses-detail-${width}`), animations: 'disabled' });
    await details.getByRole('button', { name: 'Fermer', exact: true }).click();

    await page.goto('/depenses?statut=en_attente');
    await page
      .getByRole('button', { name: /^Approuver la dépense/ })
      .first()
      .click();
    const approve = page.getByRole('dialog', { name: 'Approuver la dépense' });
    await expect(approve.getByRole('textbox', { name: 'Commentaire (facultatif)' })).toBeFocused();
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: shot(`depenses-approuver-${width}`), animations: 'disabled' });
    await approve.getByRole('button', { name: 'Annuler' }).click();

    // The member's page and form, with its errors.
    const { baseURL, locale, timezoneId } = testInfo.project.use;
    const membre = await browser.newContext({ baseURL, locale, timezoneId, viewport });
    const m = await membre.newPage();
    await signIn(m, DEMO.membre);
    await m.goto('/depenses');
    await expect(m.getByRole('heading', { name: 'Mes Dépenses', level: 1 })).toBeVisible();
    await expect(m.getByRole('article').first()).toBeVisible();
    await settle(m);
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessible(m);
    await m.screenshot({ path: shot(`depenses-membre-${width}`), fullPage: width !== '390', animations: 'disabled' });
    await m.getByRole('button', { name: 'Nouvelle Dépense' }).click();
    const form = m.getByRole('dialog', { name: 'Nouvelle Dépense' });
    await choose(m, form, 'Catégorie', 'Autre');
    await form.getByRole('button', { name: 'Enregistrer la dépense' }).click();
    await expect(form.getByText('Précisez la catégorie')).toBeVisible();
    await expectAccessible(m, '[role="dialog"]');
    await m.screenshot({ path: shot(`depenses-formulaire-${width}`), animations: 'disabled' });
    await membre.close();
  });
}
