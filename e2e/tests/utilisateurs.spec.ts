import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, submitLogin } from './helpers.ts';

const PASSWORD = 'Bienvenue@2026';
const ACCOUNTS_PATH = /\/personnels\/utilisateurs$/;
const ACCOUNT_DISABLED = 'Ce compte est désactivé ou suspendu. Contactez un administrateur.';

/** The accounts page, reached from the staff page. */
async function openAccountsPage(page: Page) {
  await signIn(page, DEMO.admin);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Personnels' })
    .click();
  await page.getByRole('link', { name: 'Gérer les comptes utilisateurs' }).click();
  await expect(page).toHaveURL(ACCOUNTS_PATH);
  await expect(page.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeVisible();
}

/** Creates a demandeur unique to this run through the add-user modal; answers his card. */
async function addUser(page: Page, prenom: string) {
  const stamp = String(Date.now()).slice(-10);
  const user = { prenom, nom: `Test${stamp}`, email: `${prenom.toLowerCase()}.${stamp}@demo.test` };
  await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
  await expect(dialog.getByRole('textbox', { name: 'Rôle' })).toHaveValue('Demandeur');
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill(user.nom);
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill(user.prenom);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await dialog.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Créer l’utilisateur' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(user.email);
  const card = page.getByRole('article', { name: `${user.prenom} ${user.nom}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Demandeur')).toBeVisible();
  return { ...user, name: `${user.prenom} ${user.nom}`, card };
}

async function signInElsewhere(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await submitLogin(page, email, password);
  return { page, close: () => context.close() };
}

test('an admin reaches the accounts page, creates an account and suspends it: it cannot sign in', async ({
  page,
  browser,
}) => {
  await openAccountsPage(page);
  await page.goto('/users');
  await expect(page).toHaveURL(ACCOUNTS_PATH);
  await expect(page.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeVisible();

  const user = await addUser(page, 'Rokia');
  await expect(user.card.getByText('Actif', { exact: true })).toBeVisible();
  await user.card.getByRole('button', { name: `Suspendre ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Suspendre l’utilisateur' });
  await dialog.getByRole('button', { name: 'Suspendre' }).click();
  await expect(dialog).toBeHidden();
  await expect(user.card.getByText('Suspendu', { exact: true })).toBeVisible();
  await expect(user.card.getByRole('button', { name: `Suspendre ${user.name}` })).toBeDisabled();

  const other = await signInElsewhere(browser, user.email, PASSWORD);
  await expect(other.page.getByText(ACCOUNT_DISABLED)).toBeVisible();
  await expect(other.page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await other.close();
});

test('a reset password is shown once, signs in, and must be changed before anything else', async ({
  page,
  browser,
}) => {
  await openAccountsPage(page);
  const user = await addUser(page, 'Blaise');
  await user.card.getByRole('button', { name: `Réinitialiser le mot de passe de ${user.name}` }).click();
  await page
    .getByRole('dialog', { name: 'Réinitialiser le mot de passe' })
    .getByRole('button', { name: 'Réinitialiser' })
    .click();
  const result = page.getByRole('dialog', { name: 'Réinitialisation du mot de passe' });
  await expect(result.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
  await expect(result.getByText('Nouveau mot de passe temporaire :')).toBeVisible();
  const temporary = (await result.locator('code').innerText()).trim();
  expect(temporary.length).toBeGreaterThanOrEqual(8);
  await result.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(result).toBeHidden();
  await expect(page.getByText(temporary)).toHaveCount(0);

  const other = await signInElsewhere(browser, user.email, temporary);
  await expect(other.page.getByRole('heading', { name: 'Changement de mot de passe requis' })).toBeVisible();
  await other.page.getByLabel('Mot de passe actuel', { exact: true }).fill(temporary);
  await other.page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau@2026');
  await other.page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('Nouveau@2026');
  await other.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(other.page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(other.page.getByRole('banner').getByText('Demandeur', { exact: true })).toBeVisible();
  await other.close();
});
