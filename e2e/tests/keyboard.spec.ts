import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers.ts';

/** Keyboard use (issue 10): skip link, first field focused in a dialog, visible focus, inert background. */

/** Null when the focused control shows a focus ring, else what it is and its text. */
function focusedWithoutRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    // A password field's ring goes round the box that holds its input.
    const style = getComputedStyle(element.closest('.mantine-Input-input') ?? element);
    const ring =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)';
    return ring
      ? null
      : `${element.tagName} « ${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()} »`;
  });
}

async function expectFocusRing(control: Locator) {
  await expect(control).toBeFocused();
  expect(await focusedWithoutRing(control.page())).toBeNull();
}

/** Presses Tab until `control` has the focus (at most `stops` times). */
async function tabTo(page: Page, control: Locator, stops = 30) {
  for (let i = 0; i < stops; i += 1) {
    await page.keyboard.press('Tab');
    if (await control.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${stops} tabulations sans atteindre ${control}`);
}

test('the skip link is the first tab stop of the shell and takes the focus to the page', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/demandes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/demandes$/);

  // The next stop is in the page, not in the header or the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('a dialog opens on its first field: a space typed at once goes into it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Inscrivez-vous/ }).click();
  const dialog = page.getByRole('dialog', { name: /Demande d.Inscription/i });
  const first = dialog.getByRole('textbox').first();
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.type('Awa');
  await expect(dialog).toBeVisible();
  await expect(first).toHaveValue(' Awa');
});

test('a confirm dialog opens on its safe button', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/personnels');
  await page
    .getByRole('button', { name: /^Désactiver / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Désactiver le personnel' });
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
});

test('text fields and buttons show a focus ring', async ({ page }) => {
  await page.goto('/');
  const login = page.getByRole('main').getByRole('textbox').first();
  // A click, as a mouse user: a text field shows where typing goes all the same.
  await login.click();
  await expectFocusRing(login);
  await tabTo(page, page.getByRole('button', { name: 'Se connecter' }));
  await expectFocusRing(page.getByRole('button', { name: 'Se connecter' }));

  await page.getByRole('button', { name: /Inscrivez-vous/ }).click();
  const dialog = page.getByRole('dialog', { name: /Demande d.Inscription/i });
  const select = dialog.getByRole('combobox').first();
  await tabTo(page, select);
  await expectFocusRing(select);
});

test('every control of the login page and of the catalogue shows a focus ring when tabbed to', async ({ page }) => {
  const sweep = async (stops: number) => {
    const without: string[] = [];
    for (let i = 0; i < stops; i += 1) {
      await page.keyboard.press('Tab');
      const control = await focusedWithoutRing(page);
      if (control) without.push(control);
    }
    return without;
  };
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  expect(await sweep(8)).toEqual([]);
  await signIn(page, DEMO.admin);
  await page.goto('/produits');
  await expect(page.getByRole('main').getByRole('link', { name: 'Voir les détails' }).first()).toBeVisible();
  // The header, the sidebar, the filters, then the first cards.
  expect(await sweep(50)).toEqual([]);
});

test('the page under an open dialog is inert, and usable again with the focus back once it closes', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/profil');
  const opener = page.getByRole('button', { name: 'Modifier le profil' });
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#root')).toHaveJSProperty('inert', true);
  // Tab never leaves the dialog for the shell.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('#root')).toHaveJSProperty('inert', false);
  await expect(opener).toBeFocused();
});
