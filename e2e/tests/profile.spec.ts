import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

test('the profile page shows real data and saves an edit', async ({ page }) => {
  await signIn(page, DEMO.commercial);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mon Profil' })
    .click();
  await expect(page.getByText('Mariam Bamba').first()).toBeVisible();
  await expect(page.getByText(DEMO.commercial).first()).toBeVisible();
  await expect(page.getByText('Dakar, Sénégal')).toHaveCount(0);
  await expect(page.getByText('Inscrit depuis')).toBeVisible();

  await page.getByRole('button', { name: 'Modifier le profil' }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText('Le rôle ne peut pas être modifié. Contactez un administrateur si nécessaire.'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Téléphone' }).fill('+225 07 11 22 33 44');
  await dialog.getByRole('button', { name: /Enregistrer|Sauvegarder/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('+225 07 11 22 33 44').first()).toBeVisible();

  // Saved on the server: still there after a reload.
  await page.reload();
  await expect(page.getByText('+225 07 11 22 33 44').first()).toBeVisible();
});
