import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '..', 'fixtures', name);
const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });

/**
 * Picks a segment of a filter: its radio is visually hidden, and the choice goes through the address
 * before the radio shows it checked, so the click is followed by a waiting assertion, not `check()`.
 */
async function choose(radio: Locator) {
  await radio.click({ force: true });
  await expect(radio).toBeChecked();
}

test('browse, filter, open a product page and switch photos', async ({ page }) => {
  await signIn(page, DEMO.membre);
  await nav(page).getByRole('link', { name: 'Produits' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue de Produits' })).toBeVisible();
  await expect(page.getByText(/Page 1 sur \d+ – \d+ produits au total/)).toBeVisible();

  await choose(page.getByRole('radio', { name: 'Terrain' }));
  await expect(page.getByText(/Terrain 500 m² Riviera/)).toBeVisible();
  await expect(page.getByText('Villa Premium')).toHaveCount(0);

  await choose(page.getByRole('radio', { name: 'Tous' }).first());
  await choose(page.getByRole('radio', { name: 'Réservé' }));
  // Its own link, not the list's first: the list may still be the one of every status.
  const villa = page.getByRole('article', { name: 'Villa Premium', exact: true });
  await villa.getByRole('link', { name: 'Voir les détails' }).click();

  await expect(page).toHaveURL(/\/produits\/\d+$/);
  await expect(page.getByText(/Référence #\d+/)).toBeVisible();
  await expect(page.getByText('1 / 4')).toBeVisible();
  await page.getByRole('button', { name: /Photo suivante|Suivante/ }).click();
  await expect(page.getByText('2 / 4')).toBeVisible();
  await page.getByRole('tab', { name: 'Plans & Docs' }).click();
  await expect(page.getByRole('tabpanel')).toBeVisible();

  // A reload lands on the same product page.
  await page.reload();
  await expect(page.getByText(/Référence #\d+/)).toBeVisible();
});

test('favourite a product, find it in Mes Favoris, then clear them', async ({ page }) => {
  await signIn(page, DEMO.commercial);
  await expect(nav(page).getByRole('link', { name: /Mes Favoris/ })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Produits' }).click();
  await page.getByRole('button', { name: 'Ajouter aux favoris' }).first().click();
  const favoris = nav(page).getByRole('link', { name: /Mes Favoris/ });
  await expect(favoris).toBeVisible();
  await favoris.click();
  await expect(page.getByRole('heading', { name: 'Mes Favoris' })).toBeVisible();
  await expect(page.getByText('1 produit sauvegardé')).toBeVisible();
  await page.getByRole('button', { name: 'Vider les favoris' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Vider' }).click();
  await expect(page.getByText('Aucun favori pour le moment')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /Mes Favoris/ })).toHaveCount(0);
});

test('a commercial sees no add button', async ({ page }) => {
  await signIn(page, DEMO.commercial);
  await nav(page).getByRole('link', { name: 'Produits' }).click();
  await expect(page.getByRole('heading', { name: 'Catalogue de Produits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter un produit' })).toHaveCount(0);
  await nav(page).getByRole('link', { name: 'Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Sites' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ajouter un site' })).toHaveCount(0);
});

test('a member reads the sites and a product page as a buyer: no staff wording, no staff data', async ({ page }) => {
  await signIn(page, DEMO.membre);
  await nav(page).getByRole('link', { name: 'Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Nos sites' })).toBeVisible();
  await expect(page.getByText('Gestion des Sites')).toHaveCount(0);
  const figures = page.getByRole('group', { name: 'Chiffres des sites' });
  await expect(figures.getByText('Prix du m² à partir de')).toBeVisible();
  await expect(figures.getByText(/\d\sFCFA\/m²/)).toBeVisible();
  await expect(figures.getByText('Prix moyen du m²')).toHaveCount(0);
  await expect(figures.getByText('Sites actifs')).toHaveCount(0);

  await nav(page).getByRole('link', { name: 'Produits' }).click();
  const answer = page.waitForResponse((r) => /\/api\/produits\/\d+$/.test(new URL(r.url()).pathname));
  await page.getByRole('link', { name: 'Voir les détails' }).first().click();
  const produit = (await (await answer).json()).data;
  expect(produit).not.toHaveProperty('created_by');
  expect(produit).not.toHaveProperty('updated_by');
  await expect(page.getByText(/Référence #\d+/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Informations de gestion' })).toHaveCount(0);
  await expect(page.getByText(/Utilisateur #/)).toHaveCount(0);
});

test('an admin adds a site, then a product with images and plans, and sees it listed', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await nav(page).getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('button', { name: 'Ajouter un site' }).click();
  const siteDialog = page.getByRole('dialog');
  await siteDialog.getByLabel('Nom du site').fill('Cité des Tests E2E');
  await siteDialog.getByLabel('Adresse').fill('Rue des Jardins');
  await siteDialog.getByLabel('Ville').fill('Daloa');
  await siteDialog.getByLabel('Prix par m² (FCFA)').fill('40000');
  await siteDialog.locator('input[type=file]').first().setInputFiles(fixture('photo.png'));
  await siteDialog
    .getByRole('button', { name: /Créer|Enregistrer|Ajouter/ })
    .last()
    .click();
  await expect(siteDialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText('Cité des Tests E2E')).toBeVisible();

  await nav(page).getByRole('link', { name: 'Produits' }).click();
  await page.getByRole('button', { name: 'Ajouter un produit' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titre').fill('Villa E2E');
  await dialog.getByLabel('Description').fill('Villa créée par le test de bout en bout.');
  await dialog.getByLabel('Superficie (m²)').fill('200');
  await dialog.getByLabel('Prix de vente (FCFA)').fill('20000000');
  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('option', { name: /Cité des Tests E2E/ }).click();
  await dialog
    .locator('input[type=file]')
    .nth(0)
    .setInputFiles([fixture('photo.png'), fixture('photo.png')]);
  await dialog.locator('input[type=file]').nth(1).setInputFiles(fixture('plan.pdf'));
  await dialog
    .getByRole('button', { name: /Créer|Enregistrer|Ajouter/ })
    .last()
    .click();
  // The spec's success screen in the dialog, which closes itself after 1.5 s.
  await expect(dialog.getByRole('status')).toHaveText('Produit créé avec succès');
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: /Rechercher/ }).fill('Villa E2E');
  await expect(page.getByText('Villa E2E')).toBeVisible();
});
