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

test('a staff member crops a photo for his profile: the header shows it; he removes it', async ({ page }) => {
  await signIn(page, DEMO.gestionnaire);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mon Profil' })
    .click();
  // A real 600×400 PNG, drawn by the browser itself.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#0b7285';
      context.fillRect(0, 0, 600, 400);
      context.fillStyle = '#ffd43b';
      context.fillRect(200, 100, 200, 200);
    }
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

  await page.getByRole('button', { name: 'Ajouter une photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Photo de profil' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choisir une photo' }).click();
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Enregistrer la photo' }).click();
  await expect(dialog).toBeHidden();

  // The header's avatar is the photo, served at its signed address.
  const avatar = page.getByRole('banner').getByRole('img', { name: 'Aminata Kouadio' });
  await expect(avatar).toHaveAttribute('src', /^\/api\/media\/utilisateurs\/\d+\/[0-9a-f-]{36}\.jpg\?exp=/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);

  await page.getByRole('button', { name: 'Changer la photo' }).click();
  await dialog.getByRole('button', { name: 'Retirer la photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Aminata Kouadio' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ajouter une photo' })).toBeVisible();
});
