import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, SHOWN_SLACK_MS, signIn, timeShown } from './helpers.ts';

// Demo data (apps/api/src/db/seed/chantiers.ts): ten chantiers on the five demo sites (Abidjan,
// Bingerville, Grand-Bassam, Yamoussoukro, San-Pédro) in every status, two running late; the demo
// member sees those of his product (Villa Premium) and of its site.

const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/** A name unique to this run. */
const unique = (what: string) => `${what} ${String(Date.now()).slice(-8)}`;

/** A calendar day from today, as a date field takes it. */
function day(offset: number): string {
  const d = new Date(Date.now() + offset * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

async function openChantiers(page: Page, member = false) {
  await nav(page).getByRole('link', { name: 'Chantiers' }).click();
  const title = member ? 'Mes Chantiers' : 'Gestion des Chantiers';
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/chantiers$/);
  await expect(page.getByRole('article').first()).toBeVisible();
}

test('a gestionnaire creates a chantier, finds it by its city and starts it; a member reads his own', async ({
  page,
  browser,
}) => {
  const name = unique('Résidence Les Cocotiers — gros œuvre');
  const ville = unique('Assinie');

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.gestionnaire);
  await openChantiers(page);
  // A late chantier is marked so.
  await expect(page.getByRole('article').filter({ hasText: 'En retard' }).first()).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', /^\d+$/);
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: shot('chantiers-1280'), fullPage: true });

  // The creation form, with one check failing on the way.
  await page.getByRole('button', { name: 'Nouveau chantier' }).click();
  const form = page.getByRole('dialog', { name: 'Créer un nouveau chantier de construction' });
  for (const legend of ['Informations générales', 'Localisation', 'Planning', 'Budget', 'Associations (optionnel)']) {
    await expect(form.getByRole('group', { name: legend })).toBeVisible();
  }
  await expect(form.getByRole('textbox', { name: 'Nom du chantier' })).toBeFocused();
  await form.getByRole('button', { name: 'Créer le chantier' }).click();
  await expect(form.getByText('Le nom du chantier est requis')).toBeVisible();
  await form.getByRole('textbox', { name: 'Nom du chantier' }).fill(name);
  await expect(form.getByText('Le nom du chantier est requis')).toBeHidden();
  await form.getByRole('textbox', { name: 'Description' }).fill('Fondations, élévation des murs et dalle de la villa.');
  await form.getByRole('textbox', { name: 'Adresse' }).fill('Route de la plage, lot 12');
  await form.getByRole('textbox', { name: 'Ville' }).fill(ville);
  await form.getByLabel('Date de début').fill(day(10));
  await form.getByLabel('Date de fin prévue').fill(day(5));
  await form.getByRole('textbox', { name: 'Budget prévu' }).fill('12500000');
  await form.getByRole('button', { name: 'Créer le chantier' }).click();
  await expect(form.getByText('La date de fin doit être postérieure à la date de début')).toBeVisible();
  await expect(form.getByLabel('Date de fin prévue')).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('chantiers-form-1280') });
  await form.getByLabel('Date de fin prévue').fill(day(200));
  await expect(form.getByText('La date de fin doit être postérieure à la date de début')).toBeHidden();
  await choose(page, form, 'Responsable', /.+/);
  await choose(page, form, 'Site', /^Domaine Océan/);
  const shownFor = timeShown(page, `Le chantier ${name} a été créé avec succès.`);
  await form.getByRole('button', { name: 'Créer le chantier' }).click();
  // The success dialog says it, then closes by itself after 1.5 s (decisions 0025), by the page's clock.
  expect(await shownFor).toBeGreaterThanOrEqual(1500 - SHOWN_SLACK_MS);
  await expect(page.getByRole('dialog', { name: 'Chantier créé !' })).toBeHidden();
  await expect(form).toBeHidden();

  // Its city is among the filter's; the city alone finds it.
  await choose(page, page.getByRole('main'), 'Ville', new RegExp(`^${ville}`));
  await expect(page).toHaveURL(/ville=/);
  await expect(page.getByText('1 chantier trouvé')).toBeVisible();
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Planifié');
  await expect(card).toContainText(/Budget\s:\s0\sFCFA utilisés sur 12\s500\s000\sFCFA/);
  await expect(card).toContainText(/Produit\s:\sAucun produit/);
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // The list view has the spec's columns.
  await page.getByRole('button', { name: 'Vue liste' }).click();
  const table = page.getByRole('table', { name: 'Liste des chantiers' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Chantier',
    'Localisation',
    'Statut',
    'Dates',
    'Budget',
    'Avancement',
    'Actions',
  ]);
  await page.getByRole('combobox', { name: 'Ville' }).click();
  await page.getByRole('option', { name: 'Toutes les villes' }).click();
  // Every city again: the whole list on its one page (a retry's earlier chantier counted), the new one in it.
  // The count line and the rows read together until they agree: a list still being replaced does not.
  const total = page.getByText(/^\d+ chantiers$/);
  await expect(total).toBeVisible();
  await expect
    .poll(async () => {
      const count = Number((await total.textContent())?.replace(/\D/g, ''));
      return count > 1 && (await table.getByRole('row').count()) === count + 1;
    })
    .toBe(true);
  await expect(table.getByRole('row').filter({ hasText: name })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('chantiers-liste-1280'), fullPage: true });
  await choose(page, page.getByRole('main'), 'Ville', new RegExp(`^${ville}`));
  await expect(page.getByText('1 chantier trouvé')).toBeVisible();
  await page.getByRole('button', { name: 'Vue grille' }).click();

  // It starts: the edit form offers the current status and the changes allowed from it.
  await card.getByRole('button', { name: `Modifier le chantier « ${name} »` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le chantier' });
  await expect(edit.getByRole('textbox', { name: 'Nom du chantier' })).toHaveValue(name);
  await edit.getByRole('combobox', { name: 'Statut' }).click();
  await expect(page.getByRole('option')).toHaveText(['Planifié', 'En cours', 'Annulé']);
  await page.getByRole('option', { name: 'En cours' }).click();
  await edit.getByRole('textbox', { name: 'Avancement (%)' }).fill('15');
  await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Chantier mis à jour avec succès')).toBeVisible();
  await expect(card).toContainText('En cours');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '15');

  // A phone: cards, no sideways scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chantiers');
  await expect(page.getByRole('article').first()).toBeVisible();
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shot('chantiers-390') });
  await page.getByRole('button', { name: 'Nouveau chantier' }).click();
  await expect(form).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('chantiers-form-390') });
  await page.keyboard.press('Escape');

  // The member reads the chantiers of his product and of its site, and changes nothing.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await context.newPage();
  await signIn(member, DEMO.membre);
  await openChantiers(member, true);
  await expect(member.getByRole('article', { name: 'Villa Premium — gros œuvre' })).toBeVisible();
  await expect(member.getByRole('article', { name })).toHaveCount(0);
  await expect(member.getByRole('button', { name: 'Nouveau chantier' })).toHaveCount(0);
  await expect(member.getByRole('button', { name: /^(Modifier|Supprimer) le chantier/ })).toHaveCount(0);
  await member.getByRole('button', { name: 'Vue liste' }).click();
  await expect(member.getByRole('table', { name: 'Liste des chantiers' }).getByRole('columnheader')).toHaveText([
    'Chantier',
    'Localisation',
    'Statut',
    'Dates',
    'Budget',
    'Avancement',
  ]);
  await settle(member);
  await expectAccessible(member);
  await member.screenshot({ path: shot('chantiers-membre-1280'), fullPage: true });
  await context.close();
});

test('a gestionnaire deletes a chantier after the confirmation', async ({ page }) => {
  const name = unique('Abri de chantier provisoire');
  await signIn(page, DEMO.gestionnaire);
  await openChantiers(page);
  await page.getByRole('button', { name: 'Nouveau chantier' }).click();
  const form = page.getByRole('dialog', { name: 'Créer un nouveau chantier de construction' });
  await form.getByRole('textbox', { name: 'Nom du chantier' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill('Abri pour les ouvriers.');
  await form.getByRole('textbox', { name: 'Adresse' }).fill('Zone industrielle');
  await form.getByRole('textbox', { name: 'Ville' }).fill('Abidjan');
  await form.getByLabel('Date de début').fill(day(1));
  await form.getByLabel('Date de fin prévue').fill(day(30));
  await form.getByRole('textbox', { name: 'Budget prévu' }).fill('500000');
  const shownFor = timeShown(page, `Le chantier ${name} a été créé avec succès.`);
  await form.getByRole('button', { name: 'Créer le chantier' }).click();
  expect(await shownFor).toBeGreaterThan(0);
  await expect(page.getByRole('dialog', { name: 'Chantier créé !' })).toBeHidden();

  await page.getByRole('textbox', { name: 'Rechercher' }).fill(name);
  const card = page.getByRole('article', { name });
  await expect(page.getByText('1 chantier trouvé')).toBeVisible();
  await card.getByRole('button', { name: `Supprimer le chantier « ${name} »` }).click();
  const confirm = page.getByRole('dialog', { name: 'Supprimer le chantier' });
  await expect(confirm).toContainText(
    'Êtes-vous sûr de vouloir supprimer ce chantier ? Cette action est irréversible.',
  );
  await confirm.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Chantier supprimé avec succès')).toBeVisible();
  await expect(page.getByText('Aucun chantier trouvé')).toBeVisible();
  await expect(page.getByText('Aucun chantier ne correspond à vos critères de recherche.')).toBeVisible();
});
