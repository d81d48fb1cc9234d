import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, inbox, signIn, submitLogin } from './helpers.ts';

/** An applicant unique to this run: his e-mail and CNI carry the clock. */
function newApplicant(prenom: string) {
  const stamp = String(Date.now()).slice(-9);
  const nom = `Essai${stamp}`;
  return {
    nom,
    prenom,
    /** As typed in the forms: family name first. */
    nomComplet: `${nom} ${prenom}`,
    /** As every screen shows it: first names first. */
    shown: `${prenom} ${nom}`,
    email: `${prenom.toLowerCase()}.${stamp}@demo.test`,
    cni: `CI9${stamp}0`,
  };
}
type Applicant = ReturnType<typeof newApplicant>;

/** An amount as the screens and e-mails write it, with plain spaces (compare with `plain`). */
const money = (n: number) => `${new Intl.NumberFormat('fr-FR').format(n)} FCFA`.replace(/\s/g, ' ');
/** A text with every kind of space made plain. */
const plain = (text: string) => text.replace(/\s/g, ' ');

async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/**
 * A visitor fills the four steps of the public form from the login screen and submits it, at
 * 50 000 FCFA over 12 months: terms short of any product's price. Returns the product's price.
 */
async function submitPublicRequest(page: Page, applicant: Applicant): Promise<number> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle Demande d’Inscription' });
  const next = dialog.getByRole('button', { name: 'Suivant' });

  await expect(dialog.getByText('Étape 1 sur 4')).toBeVisible();
  // 'Suivant' says what is missing, and pressing it too early points at the first field.
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription(/^Pour continuer\s:\srenseignez Nom complet, .* et Profession\.$/);
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Nom complet')).toBeFocused();
  await dialog.getByLabel('Nom complet').fill(applicant.nomComplet);
  await dialog.getByLabel('Numéro CNI').fill(applicant.cni);
  await dialog.getByLabel('Date de naissance').fill('1990-03-15');
  await choose(page, dialog, 'Situation matrimoniale', 'Célibataire');
  await dialog.getByLabel('Profession').fill('Infirmière');
  await next.click();

  await expect(dialog.getByText('Étape 2 sur 4')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(applicant.email);
  await dialog.getByLabel('Téléphone').fill('+225 07 12 34 56 78');
  // The cities are the chosen country's; a country without a list takes a typed city.
  await choose(page, dialog, 'Pays', 'Sénégal');
  await expect(dialog.getByRole('textbox', { name: 'Ville' })).toHaveValue('');
  await choose(page, dialog, 'Pays', 'Côte d’Ivoire');
  await choose(page, dialog, 'Ville', 'Yamoussoukro');
  await dialog.getByLabel('Adresse').fill('Quartier 220 Logements');
  await next.click();

  await expect(dialog.getByText('Étape 3 sur 4')).toBeVisible();
  await expect(dialog.getByText(/^Minimum\s:\s50\s000\sFCFA$/).first()).toBeVisible();
  await choose(page, dialog, 'Produit souhaité', /FCFA/);
  await dialog.getByLabel('Engagement mensuel (FCFA)').fill('40000');
  await choose(page, dialog, 'Durée de paiement', '12 mois');
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Engagement mensuel (FCFA)').fill('50000');
  // The form sets the terms against the product's price and proposes the monthly amount that covers it.
  const manque = dialog.getByText(/^Les conditions couvrent 600\s000\sFCFA sur un prix de .* il manque /);
  await expect(manque).toBeVisible();
  const prix = Number((await manque.innerText()).match(/sur un prix de ([\d\s]+)\sFCFA/)?.[1]?.replace(/\D/g, ''));
  await expect(dialog.getByRole('button', { name: /^Appliquer .* \/ mois$/ })).toBeVisible();
  await next.click();

  await expect(dialog.getByText('Étape 4 sur 4')).toBeVisible();
  await expect(dialog.getByText(applicant.email)).toBeVisible();
  await dialog.getByLabel('Notes (facultatif)').fill('Je souhaite visiter le lot avant la signature.');
  await dialog.getByRole('button', { name: 'Soumettre la demande' }).click();
  await expect(dialog.getByRole('heading', { name: 'Demande soumise avec succès !' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog).toBeHidden();
  return prix;
}

/** The staff's creation form filled for `applicant`, the duration left to choose. */
async function fillStaffForm(
  page: Page,
  dialog: Locator,
  applicant: Applicant,
  { engagement }: { engagement: string },
) {
  await dialog.getByLabel('Nom complet').fill(applicant.nomComplet);
  await dialog.getByLabel('Numéro CNI').fill(applicant.cni);
  await dialog.getByLabel('Date de naissance').fill('1985-11-02');
  await choose(page, dialog, 'Situation matrimoniale', 'Marié(e)');
  await dialog.getByLabel('Profession').fill('Commerçant');
  await dialog.getByLabel('E-mail').fill(applicant.email);
  await dialog.getByLabel('Téléphone').fill('+225 05 11 22 33 44');
  await choose(page, dialog, 'Ville', 'Bouaké');
  await dialog.getByLabel('Adresse').fill('Quartier Commerce');
  await expect(dialog.getByRole('combobox', { name: 'Produit souhaité' })).toBeDisabled();
  await choose(page, dialog, 'Site', /Résidence Les Palmiers/);
  await choose(page, dialog, 'Produit souhaité', /FCFA/);
  await dialog.getByLabel('Engagement mensuel (FCFA)').fill(engagement);
}

const demandesLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Demandes' });

/** The count of the sidebar's badge of pending demandes, read from its description. */
async function pendingBadge(page: Page): Promise<number> {
  await expect(demandesLink(page)).toHaveAccessibleDescription(/^\d+ en attente$/);
  return Number.parseInt((await page.locator('#demandes-count').textContent()) ?? '', 10);
}

async function openDemandes(page: Page, search: string) {
  await signIn(page, DEMO.admin);
  await demandesLink(page).click();
  await expect(page.getByRole('heading', { name: 'Gestion des Demandes' })).toBeVisible();
  // It opens on the demandes that wait.
  await expect(page.getByRole('combobox', { name: 'Statut' })).toHaveValue('En attente');
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(search);
  await expect(page.getByRole('article')).toHaveCount(1);
}

async function inOtherBrowser(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test('a visitor applies; the admin validates with a gestionnaire; the new member signs in and must change his password', async ({
  page,
  browser,
}) => {
  const applicant = newApplicant('Mariette');
  const prix = await submitPublicRequest(page, applicant);

  await openDemandes(page, applicant.nom);
  const pending = await pendingBadge(page);
  expect(pending).toBeGreaterThan(0);
  const card = page.getByRole('article', { name: applicant.shown });
  await expect(card.getByText('En attente')).toBeVisible();
  await card.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la demande' });
  await expect(details.getByText('Infirmière')).toBeVisible();
  await expect(details.getByText('Je souhaite visiter le lot avant la signature.')).toBeVisible();
  await details.getByRole('button', { name: 'Valider' }).click();

  const wizard = page.getByRole('dialog', { name: 'Valider la demande' });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByText('Veuillez sélectionner un gestionnaire')).toBeVisible();
  await wizard.getByRole('radio', { name: 'Aminata Kouadio' }).check();
  // The terms fall short of the price: the validator must say how the remainder is paid.
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByText('Choisissez comment régler le solde')).toBeVisible();
  await wizard.getByRole('radio', { name: 'Une dernière échéance pour le solde' }).check();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: 'Retour' }).click();
  await expect(wizard.getByRole('radio', { name: 'Aminata Kouadio' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  const mails = await inbox(applicant.email);
  // Before confirming, the schedule that choice makes: 12 of 50 000, then the remainder, the price in all.
  const schedule = wizard.getByRole('table', { name: 'Échéances prévues' });
  await expect(schedule.getByRole('row')).toHaveCount(1 + 3 + 1 + 1 + 1);
  expect(plain(await schedule.getByRole('row').nth(5).innerText())).toMatch(/^13\s/);
  expect(plain(await schedule.getByRole('row').nth(5).innerText())).toContain(money(prix - 600_000));
  expect(plain(await schedule.getByRole('row').last().innerText())).toContain(money(prix));
  await wizard.getByRole('button', { name: 'Confirmer la validation' }).click();
  await expect(wizard.getByRole('heading', { name: 'Demande validée avec succès' })).toBeVisible();
  const code = (await wizard.getByText(/Membre créé\s:\sESV-/).innerText()).match(/ESV-\d{4}-\d{5}/)?.[0] ?? '';
  expect(code).not.toBe('');
  await expect(wizard).toBeHidden();
  // It leaves the pending list and the badge; every status shows it validated.
  await expect(card).toBeHidden();
  await expect(demandesLink(page)).toHaveAccessibleDescription(`${pending - 1} en attente`);
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Tous' }).click();
  await expect(page).toHaveURL(/statut=tous/);
  await expect(card.getByText('Validée')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Valider/ })).toHaveCount(0);

  // The member exists, follows the chosen gestionnaire, and his product is now reserved.
  await page.goto(`/membres?q=${applicant.nom}`);
  const membre = page.getByRole('article', { name: `${applicant.prenom} ${applicant.nom}` });
  await expect(membre.getByText(code)).toBeVisible();

  const mail = await mails.next(/^Mot de passe temporaire/m);
  expect(mail).toContain(code);
  // He owes the product's price: twelve instalments of 50 000, then one for the remainder.
  expect(plain(mail)).toContain(
    `Votre contrat : 13 échéances mensuelles de 50 000 FCFA, la dernière de ${money(prix - 600_000)}, soit ${money(prix)} au total.`,
  );
  const temporary = mail.match(/^Mot de passe temporaire\u00a0: (\S+)$/m)?.[1] ?? '';
  const member = await inOtherBrowser(browser);
  await submitLogin(member.page, applicant.email, temporary);
  await expect(member.page.getByRole('heading', { name: 'Changement de mot de passe requis' })).toBeVisible();
  await member.page.getByLabel('Mot de passe actuel', { exact: true }).fill(temporary);
  await member.page.getByLabel('Nouveau mot de passe', { exact: true }).fill('MaMaison@2026');
  await member.page.getByLabel('Confirmer le nouveau mot de passe', { exact: true }).fill('MaMaison@2026');
  await member.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(member.page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(member.page.getByRole('banner').getByText('Membre', { exact: true })).toBeVisible();
  await member.close();
});

test('the admin rejects a request with a reason; the applicant is told by e-mail', async ({ page }) => {
  const applicant = newApplicant('Rodrigue');
  await submitPublicRequest(page, applicant);

  await openDemandes(page, applicant.nom);
  const card = page.getByRole('article', { name: applicant.shown });
  await card.getByRole('button', { name: /^Rejeter/ }).click();
  const wizard = page.getByRole('dialog', { name: 'Rejeter la demande' });
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await expect(wizard.getByText('Veuillez sélectionner un motif de rejet')).toBeVisible();
  await wizard.getByRole('radio', { name: 'Informations incorrectes' }).check();
  await wizard.getByRole('textbox', { name: 'Commentaires' }).fill('Le numéro de téléphone ne répond pas.');
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  const mails = await inbox(applicant.email);
  await wizard.getByRole('button', { name: 'Confirmer le rejet' }).click();
  await expect(wizard.getByRole('heading', { name: 'Demande rejetée avec succès' })).toBeVisible();
  await expect(wizard).toBeHidden();
  await expect(card).toBeHidden();

  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Rejetée' }).click();
  await expect(page).toHaveURL(/statut=rejetee/);
  await expect(card.getByText('Rejetée')).toBeVisible();

  const mail = await mails.next(/^Motif/m);
  expect(mail).toContain('Motif : Informations incorrectes');
  expect(mail).toContain('Commentaires : Le numéro de téléphone ne répond pas.');
});

test("the dashboard's 'Nouvelle demande' leads an admin to the staff form, with the public form's choices; the badge counts it", async ({
  page,
}) => {
  const applicant = newApplicant('Issa');
  await signIn(page, DEMO.admin);
  const before = await pendingBadge(page);
  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  await expect(page).toHaveURL(/\/demandes$/);
  await expect(page.getByText(/\d+ demandes? en attente/)).toBeVisible();

  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle demande' });
  await fillStaffForm(page, dialog, applicant, { engagement: '250000' });
  await dialog.getByRole('combobox', { name: 'Durée de paiement' }).click();
  await expect(page.getByRole('option')).toHaveText(['12 mois', '24 mois', '36 mois', '48 mois', '60 mois']);
  await page.getByRole('option', { name: '60 mois' }).click();
  await dialog.getByRole('button', { name: 'Créer la demande' }).click();
  // The spec's success screen, which closes itself after 2 s.
  await expect(dialog.getByRole('status')).toHaveText('Demande créée avec succès\u202f!');
  await expect(dialog).toBeHidden();

  await expect(demandesLink(page)).toHaveAccessibleDescription(`${before + 1} en attente`);
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(applicant.shown);
  const card = page.getByRole('article', { name: applicant.shown });
  await expect(card.getByText('En attente')).toBeVisible();
  await card.getByRole('button', { name: /^Voir détails/ }).click();
  const details = page.getByRole('dialog', { name: 'Détails de la demande' });
  await expect(details.getByRole('heading', { name: applicant.shown })).toBeVisible();
  await expect(details.getByText('Bouaké')).toBeVisible();
});

test('a commercial files a request and follows it in « Mes demandes »; the gestionnaire corrects it, then validates it from his dashboard, himself proposed', async ({
  page,
  browser,
}) => {
  const applicant = newApplicant('Koffi');
  await signIn(page, DEMO.commercial);
  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(nav.getByRole('link', { name: 'Entreprise' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Mes demandes' }).click();
  await expect(page.getByRole('heading', { name: 'Mes demandes', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle demande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouvelle demande' });
  // Terms that cover any product of the demo: no choice of the remainder at validation.
  await fillStaffForm(page, dialog, applicant, { engagement: '1000000' });
  await choose(page, dialog, 'Durée de paiement', '60 mois');
  await dialog.getByRole('button', { name: 'Créer la demande' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(applicant.shown);
  const card = page.getByRole('article', { name: applicant.shown });
  await expect(card.getByText('En attente')).toBeVisible();
  // He follows it; deciding is not his.
  await expect(card.getByRole('button', { name: /^Valider/ })).toHaveCount(0);

  const gestionnaire = await inOtherBrowser(browser);
  const g = gestionnaire.page;
  await signIn(g, DEMO.gestionnaire);
  await g
    .getByRole('main')
    .getByRole('link', { name: /^Demandes en attente\s: \d+, voir la liste$/ })
    .click();
  await expect(g).toHaveURL(/\/demandes\?statut=en_attente$/);
  await expect(g.getByRole('heading', { name: 'Gestion des Demandes', level: 1 })).toBeVisible();
  await g.getByRole('textbox', { name: 'Rechercher' }).fill(applicant.nom);
  const pending = g.getByRole('article', { name: applicant.shown });
  // He corrects it while it waits, from its detail.
  await pending.getByRole('button', { name: /^Voir détails/ }).click();
  const details = g.getByRole('dialog', { name: 'Détails de la demande' });
  await details.getByRole('button', { name: 'Modifier' }).click();
  const edit = g.getByRole('dialog', { name: 'Modifier la demande' });
  await expect(edit.getByRole('textbox', { name: 'Nom complet' })).toHaveValue(applicant.nomComplet);
  await edit.getByRole('textbox', { name: 'Profession' }).fill('Architecte');
  await edit.getByRole('button', { name: 'Enregistrer les modifications' }).click();
  await expect(g.getByText('Demande mise à jour avec succès')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(details.getByText('Architecte')).toBeVisible();
  await details.getByRole('button', { name: 'Valider', exact: true }).click();
  const wizard = g.getByRole('dialog', { name: 'Valider la demande' });
  await expect(wizard.getByRole('radio', { name: 'Aminata Kouadio' })).toBeChecked();
  await wizard.getByRole('button', { name: 'Suivant' }).click();
  await wizard.getByRole('button', { name: 'Confirmer la validation' }).click();
  await expect(wizard.getByRole('heading', { name: 'Demande validée avec succès' })).toBeVisible();
  await gestionnaire.close();

  // The commercial sees where his request stands.
  await page.getByRole('combobox', { name: 'Statut' }).click();
  await page.getByRole('option', { name: 'Tous' }).click();
  await expect(card.getByText('Validée')).toBeVisible();
});
