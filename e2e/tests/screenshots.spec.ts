import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/** Screenshots of the screens of this release, desktop and phone, under e2e/screenshots/ to be looked at. */
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

for (const [size, viewport] of Object.entries(SIZES)) {
  test(`screens at ${size} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await page.screenshot({ path: shot(`login-${size}`), fullPage: true });

    await page.getByRole('button', { name: 'Pas encore de compte ? Inscrivez-vous' }).click();
    const inscription = page.getByRole('dialog', { name: 'Nouvelle Demande d’Inscription' });
    await expect(inscription.getByText('Étape 1 sur 4')).toBeVisible();
    await page.screenshot({ path: shot(`inscription-${size}`), animations: 'disabled' });
    await inscription.getByRole('button', { name: 'Annuler' }).click();
    await expect(inscription).toBeHidden();

    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: shot(`forgot-${size}`), animations: 'disabled' });
    await page.keyboard.press('Escape');

    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { name: /Tableau de bord/ })).toBeVisible();
    await page.screenshot({ path: shot(`shell-admin-${size}`), fullPage: true });
    if (size === 'phone') {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.screenshot({ path: shot(`shell-menu-${size}`), animations: 'disabled' });
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Mon Profil' })
        .click();
    } else {
      await page.getByRole('link', { name: 'Mon Profil' }).click();
    }
    await expect(page.getByText('Inscrit depuis')).toBeVisible();
    await page.screenshot({ path: shot(`profile-${size}`), fullPage: true });

    await page.goto('/produits');
    await expect(page.getByText(/produits au total/)).toBeVisible();
    await expect(page.locator('main img').first()).toBeVisible();
    await page.screenshot({ path: shot(`catalogue-${size}`), animations: 'disabled' });
    await page.getByRole('link', { name: 'Voir les détails' }).first().click();
    await expect(page.getByText(/Référence #\d+/)).toBeVisible();
    await page.screenshot({ path: shot(`produit-${size}`), fullPage: true, animations: 'disabled' });
    await page.goto('/sites');
    await expect(page.getByRole('heading', { name: 'Gestion des Sites' })).toBeVisible();
    await expect(page.getByText('Résidence Les Palmiers').first()).toBeVisible();
    await page.screenshot({ path: shot(`sites-${size}`), animations: 'disabled' });
    await page.goto('/favoris');
    await expect(page.getByRole('heading', { name: 'Mes Favoris' })).toBeVisible();
    await page.screenshot({ path: shot(`favoris-${size}`), animations: 'disabled' });

    await page.goto('/demandes?statut=tous');
    await expect(page.getByText(/demandes au total/)).toBeVisible();
    await page.screenshot({ path: shot(`demandes-${size}`), fullPage: true, animations: 'disabled' });
    // A pending one, whatever the other browser tests have decided before.
    await page.goto('/demandes?statut=en_attente');
    await expect(page.getByText(/^\d+ demandes? en attente$/)).toBeVisible();
    await page
      .getByRole('button', { name: /^Voir détails/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Détails de la demande' })).toBeVisible();
    await page.screenshot({ path: shot(`demande-detail-${size}`), animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: 'Valider' }).click();
    await expect(page.getByRole('dialog', { name: 'Valider la demande' }).getByRole('radio').first()).toBeVisible();
    await page.screenshot({ path: shot(`demande-valider-${size}`), animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Nouvelle demande' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouvelle demande' })).toBeVisible();
    await page.screenshot({ path: shot(`demande-nouvelle-${size}`), animations: 'disabled' });

    await page.goto('/membres');
    await expect(page.getByText(/membres au total/)).toBeVisible();
    await page.screenshot({ path: shot(`membres-${size}`), fullPage: true, animations: 'disabled' });
    await page
      .getByRole('button', { name: /^Voir la fiche de / })
      .first()
      .click();
    await expect(page.getByText('Situation financière')).toBeVisible();
    await page.screenshot({ path: shot(`membre-detail-${size}`), animations: 'disabled' });
    await page.getByRole('dialog').getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.screenshot({ path: shot(`membre-edit-${size}`), animations: 'disabled' });
    await page.goto('/personnels');
    await expect(page.getByRole('heading', { name: 'Gestion des Personnels' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: shot(`personnels-${size}`), fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: 'Nouveau personnel' }).click();
    await expect(page.getByRole('dialog', { name: 'Nouveau personnel' })).toBeVisible();
    await page.screenshot({ path: shot(`personnel-add-${size}`), animations: 'disabled' });
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Gestion des Utilisateurs' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: shot(`utilisateurs-${size}`), fullPage: true, animations: 'disabled' });
  });

  test(`Mes Clients at ${size} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO.gestionnaire);
    await page.goto('/membres');
    await expect(page.getByText(/clients au total/)).toBeVisible();
    await page.screenshot({ path: shot(`mes-clients-${size}`), fullPage: true, animations: 'disabled' });
  });

  test(`Versements at ${size} width`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, DEMO.comptable);
    await page.goto('/versements');
    await expect(page.getByText(/^\d+ versements?$/)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Chiffres des versements' })).toHaveAttribute('aria-busy', 'false');
    await page.screenshot({ path: shot(`versements-${size}`), fullPage: true, animations: 'disabled' });
    await page.getByRole('button', { name: /^Filtres/ }).click();
    await expect(page.getByRole('combobox', { name: 'Banque' })).toBeVisible();
    await page.screenshot({ path: shot(`versements-filtres-${size}`), animations: 'disabled' });
    await page
      .getByRole('button', { name: /^Détails du versement/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Détails du versement' })).toBeVisible();
    await page.screenshot({ path: shot(`versement-detail-${size}`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.goto('/versements?statut=en_attente');
    await page
      .getByRole('button', { name: /^Rejeter le versement/ })
      .first()
      .click();
    await expect(page.getByRole('dialog', { name: 'Rejeter le versement' })).toBeVisible();
    await page.screenshot({ path: shot(`versement-rejet-${size}`), animations: 'disabled' });

    // The member's form: another session in the same tab.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, DEMO.membre);
    await page.goto('/versements');
    await page.getByRole('button', { name: 'Déclarer un versement' }).click();
    const form = page.getByRole('dialog', { name: 'Déclarer un versement' });
    await expect(form.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
    await form
      .getByLabel('Fichier du scan du reçu')
      .setInputFiles(path.join(import.meta.dirname, '..', 'fixtures', 'photo.png'));
    await page.screenshot({ path: shot(`versement-nouveau-${size}`), animations: 'disabled' });
    // The scan's preview, at the bottom of the form.
    await form.getByRole('img', { name: 'Aperçu du reçu photo.png' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`versement-nouveau-scan-${size}`), animations: 'disabled' });
  });
}
