import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn, submitLogin } from './helpers.ts';

const PASSWORD = 'Bienvenue@2026';
const ACCOUNT_DISABLED = 'Ce compte est désactivé ou suspendu. Contactez un administrateur.';

interface NewStaff {
  prenom: string;
  nom: string;
  email: string;
}

/** A staff member unique to this run: his e-mail and CNI carry the clock. */
function newStaff(prenom: string): NewStaff {
  const stamp = String(Date.now()).slice(-10);
  const ascii = prenom
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  return { prenom, nom: `Test${stamp}`, email: `${ascii}.${stamp}@demo.test` };
}

async function openStaffPage(page: Page) {
  await signIn(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Personnels' })
    .click();
  await expect(page.getByRole('heading', { name: 'Gestion des Personnels' })).toBeVisible();
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a comptable through the add-staff dialog, then finds him in the list. */
async function addStaff(page: Page, staff: NewStaff) {
  await page.getByRole('button', { name: 'Nouveau personnel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau personnel' });
  await choose(page, dialog, 'Rôle', 'Comptable');
  await dialog.getByRole('button', { name: 'Générer' }).click();
  const codeField = dialog.getByRole('textbox', { name: 'Code employé' });
  await expect(codeField).toHaveValue(/^CHES-CPT-\d{6}$/);
  const code = await codeField.inputValue();
  await dialog.getByRole('textbox', { name: 'Numéro CNI' }).fill(`CI${String(Date.now()).slice(-11)}`);
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(staff.nom);
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill(staff.prenom);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(staff.email);
  await dialog.getByRole('textbox', { name: 'Téléphone' }).fill('+225 07 00 11 22 33');
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await choose(page, dialog, 'Département', 'Comptabilité');
  await dialog.getByRole('textbox', { name: 'Poste' }).fill('Assistant comptable');
  await dialog.getByRole('textbox', { name: 'Salaire (FCFA)' }).fill('420000');
  await dialog.getByRole('button', { name: 'Ajouter le personnel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Personnel ajouté')).toBeVisible();

  await page.getByRole('textbox', { name: 'Rechercher' }).fill(staff.email);
  const card = page.getByRole('article', { name: `${staff.prenom} ${staff.nom}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(code, { exact: true })).toBeVisible();
  await expect(card.getByText(/420\s000\sFCFA/)).toBeVisible();
  return card;
}

/** Tries to sign in as someone else, in a browser context of his own. */
async function otherPerson(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test('an admin adds a staff member, who then signs in with his role', async ({ page, browser }) => {
  const staff = newStaff('Ismaël');
  await openStaffPage(page);
  await addStaff(page, staff);

  const other = await otherPerson(browser);
  await signIn(other.page, staff.email, PASSWORD);
  await expect(other.page.getByRole('banner').getByText('Comptable', { exact: true })).toBeVisible();
  await expect(
    other.page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Dépenses' }),
  ).toBeVisible();
  await other.close();
});

test('a deactivated staff member can no longer sign in', async ({ page, browser }) => {
  const staff = newStaff('Solange');
  await openStaffPage(page);
  const card = await addStaff(page, staff);

  await card.getByRole('button', { name: `Désactiver ${staff.prenom} ${staff.nom}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Désactiver le personnel' });
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Inactif')).toBeVisible();
  await expect(card.getByRole('button', { name: `Activer ${staff.prenom} ${staff.nom}` })).toBeVisible();

  const other = await otherPerson(browser);
  await submitLogin(other.page, staff.email, PASSWORD);
  await expect(other.page.getByText(ACCOUNT_DISABLED)).toBeVisible();
  await expect(other.page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await other.close();
});
