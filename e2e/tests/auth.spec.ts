import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoRole, fillLogin, inbox, signIn, submitLogin } from './helpers.ts';

/** Spec 1 §2.1: the sidebar of each role, in order. */
const SIDEBAR: Record<DemoRole, string[]> = {
  admin: [
    'Tableau de bord',
    'Demandes',
    'Versements',
    'Retards',
    'Dépenses',
    'Remboursements',
    'Produits',
    'Chantiers',
    'Sites',
    'Personnels',
    'Membres',
    'Entreprise',
    'Sauvegardes',
    'Mon Profil',
  ],
  gestionnaire: [
    'Tableau de bord',
    'Demandes',
    'Versements',
    'Retards',
    'Remboursements',
    'Produits',
    'Chantiers',
    'Sites',
    'Mes Clients',
    'Mon Profil',
  ],
  comptable: [
    'Tableau de bord',
    'Versements',
    'Retards',
    'Dépenses',
    'Remboursements',
    'Produits',
    'Sites',
    'Entreprise',
    'Mon Profil',
  ],
  commercial: ['Tableau de bord', 'Mes demandes', 'Produits', 'Sites', 'Mon Profil'],
  membre: [
    'Tableau de bord',
    'Versements',
    'Mes Dépenses',
    'Remboursements',
    'Produits',
    'Chantiers',
    'Sites',
    'Mon Profil',
  ],
  demandeur: ['Tableau de bord', 'Mes demandes', 'Produits', 'Sites', 'Mon Profil'],
};
const ROLE_LABEL: Record<DemoRole, string> = {
  admin: 'Administrateur',
  gestionnaire: 'Gestionnaire',
  comptable: 'Comptable',
  commercial: 'Commercial',
  membre: 'Membre',
  demandeur: 'Demandeur',
};

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`${role} signs in and sees exactly its sidebar entries`, async ({ page }) => {
    await signIn(page, DEMO[role]);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    // By their names: an entry may also carry a count (the admin's pending demandes).
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(SIDEBAR[role].length);
    for (const [index, label] of SIDEBAR[role].entries()) await expect(links.nth(index)).toHaveAccessibleName(label);
    await expect(page.getByRole('banner').getByText(ROLE_LABEL[role], { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Tableau de bord/ })).toBeVisible();
  });
}

test('a wrong password shows the spec message and stays on the login screen', async ({ page }) => {
  await submitLogin(page, DEMO.comptable, 'Mauvais@2026');
  await expect(page.getByRole('alert')).toHaveText('Identifiants incorrects. Vérifiez votre e-mail et mot de passe.');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('the login field takes an employee code as well as an e-mail', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'E-mail ou code' })).toHaveAccessibleDescription(
    'Ou votre code employé (CHES-…) ou membre (ESV-…)',
  );
  await fillLogin(page, 'CHES-ADM-000001');
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Administrateur', { exact: true })).toBeVisible();
});

test('navigation follows the address, falls back to the dashboard and refuses views outside the role', async ({
  page,
}) => {
  await signIn(page, DEMO.commercial);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await nav.getByRole('link', { name: 'Produits' }).click();
  await expect(page).toHaveURL(/\/produits$/);
  await nav.getByRole('link', { name: 'Mon Profil' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/produits$/);
  await page.goto('/nimporte-quoi');
  await expect(page.getByRole('heading', { name: /Tableau de bord/ })).toBeVisible();
  await page.goto('/personnels');
  await expect(page.getByText('Accès refusé', { exact: false }).first()).toBeVisible();
});

test('an admin opening /users lands on the accounts page of the staff view', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/users');
  await expect(page).toHaveURL(/\/personnels\/utilisateurs$/);
  await expect(page.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeVisible();
});

test('the session survives a reload and logout ends it', async ({ page }) => {
  await signIn(page, DEMO.gestionnaire);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await page.getByRole('button', { name: 'Déconnexion', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
});

test('after a quiet spell the app renews its token in the background and keeps answering', async ({ page }) => {
  await page.clock.install();
  await signIn(page, DEMO.gestionnaire);
  // Quiet past the server's few seconds of settings cache: a renewal then once hung the server.
  await page.waitForTimeout(6_000);
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/personnel-auth/refresh-token'));
  // The page's clock ten minutes on: the 15-minute token is then due for renewal.
  await page.clock.fastForward('10:00');
  expect((await renewed).status()).toBe(200);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mes Clients' })
    .click();
  // The list comes from the server, under the renewed token.
  await expect(page.getByRole('table', { name: 'Liste de vos clients' }).getByRole('row').nth(1)).toBeVisible();
});

test('forgotten password: code by e-mail, new password, sign in with it', async ({ page, request }) => {
  const email = DEMO.demandeur;
  await page.goto('/');
  await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Je suis du personnel').check();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
  await expect(dialog.getByText('Veuillez saisir votre adresse e-mail')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Adresse e-mail' }).fill(email);
  const mails = await inbox(email);
  await dialog.getByRole('button', { name: 'Envoyer le code' }).click();
  const code = codeIn(await mails.next(RESET_CODE));
  await dialog.getByRole('textbox', { name: 'Code de réinitialisation' }).fill(code);
  await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill('Nouveau@2026');
  await dialog.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Autre@2026');
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(dialog.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await dialog.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Nouveau@2026');
  await dialog.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByText('Mot de passe réinitialisé !')).toBeVisible();
  await expect(dialog).toBeHidden();

  await signIn(page, email, 'Nouveau@2026');

  // Put the demo password back for the other tests, through the same API.
  const more = await inbox(email);
  await request.post('/api/personnel-auth/forgot-password', { data: { email } });
  const again = codeIn(await more.next(RESET_CODE));
  const reset = await request.post('/api/personnel-auth/reset-password', {
    data: { email, token: again, password: DEMO_PASSWORD },
  });
  expect(reset.ok()).toBe(true);
});

const RESET_CODE = /^Code\u00a0: (\d{6})$/m;

/** The reset code an e-mail gives. */
function codeIn(mail: string): string {
  const code = mail.match(RESET_CODE)?.[1];
  if (!code) throw new Error('pas de code dans l’e-mail');
  return code;
}

test('a prospect creates his account, is asked to verify his e-mail, takes a new link, verifies, signs in and files a request in « Mes demandes »', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-9);
  const email = `prospect.${stamp}@demo.test`;
  const password = 'Inscrit@2026';
  await page.goto('/');
  await page.getByRole('button', { name: 'Créer un compte pour suivre vos demandes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Créer un compte' });
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Essai');
  await dialog.getByRole('textbox', { name: 'Prénoms', exact: true }).fill('Awa Mariam');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await dialog.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('+225 07 12 34 56 78');
  await dialog.getByLabel(/^Mot de passe/).fill(password);
  await dialog.getByLabel(/^Confirmer le mot de passe/).fill(password);
  const first = await inbox(email);
  await dialog.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText(/^Inscription enregistrée/)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await first.next(VERIFICATION_LINK)).toMatch(VERIFICATION_LINK);

  // Before the link: the right password is asked to verify, and may take a new link.
  await fillLogin(page, email, password);
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText('Votre adresse e-mail n’est pas encore vérifiée');
  const second = await inbox(email);
  await refusal.getByRole('button', { name: 'Renvoyer le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'un nouveau lien vient de lui être envoyé' })).toBeVisible();
  const token = (await second.next(VERIFICATION_LINK)).match(VERIFICATION_LINK)?.[1];

  // The link opens a new page, as from the e-mail.
  await page.goto('about:blank');
  await page.goto(`/#verification-email=${token}`);
  await expect(page.getByRole('status').filter({ hasText: 'Adresse e-mail vérifiée' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await fillLogin(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Demandeur');

  // He files his request in the app, under his verified address, and follows it there.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mes demandes' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mes demandes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle demande' });
  const choose = async (label: string, option: string | RegExp) => {
    await form.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click();
  };
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('readonly', '');
  await form.getByLabel('Nom complet').fill('Essai Awa Mariam');
  await form.getByLabel('Numéro CNI').fill(`CI6${stamp}0`);
  await form.getByLabel('Date de naissance').fill('1992-04-20');
  await choose('Situation matrimoniale', 'Célibataire');
  await form.getByLabel('Profession').fill('Enseignante');
  await form.getByLabel('Téléphone').fill('+225 07 12 34 56 78');
  await choose('Ville', 'Bouaké');
  await form.getByLabel('Adresse').fill('Quartier Commerce');
  await choose('Site', /Résidence Les Palmiers/);
  await choose('Produit souhaité', /FCFA/);
  await form.getByLabel('Engagement mensuel (FCFA)').fill('1000000');
  await choose('Durée de paiement', '60 mois');
  await form.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('article', { name: 'Awa Mariam Essai' }).getByText('En attente')).toBeVisible();
});

const VERIFICATION_LINK = /#verification-email=([A-Za-z0-9_-]+)/;
