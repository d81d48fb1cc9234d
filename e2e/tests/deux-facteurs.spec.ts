import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { DEMO, DEMO_PASSWORD, fillLogin, inbox, signIn } from './helpers.ts';

/** The code the comptable's authenticator app shows now, or one step (30 s) ahead: both are accepted. */
const codeOf = (secret: string, steps = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The admin's bearer header, signed in by the API before two factors are required (they stay usable). */
async function adminHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/personnel-auth/login', {
    data: { identifier: DEMO.admin, password: DEMO_PASSWORD },
  });
  expect(answer.ok()).toBe(true);
  return { Authorization: `Bearer ${((await answer.json()) as { data: { token: string } }).data.token}` };
}

/** 'Sécurité': two factors required of admins and comptables, saved. */
async function requireTwoFactor(page: Page) {
  await page.getByRole('button', { name: 'Menu utilisateur' }).click();
  await page.getByRole('menuitem', { name: 'Paramètres' }).click();
  await page.getByRole('tab', { name: 'Sécurité' }).click();
  const toggle = page.getByRole('switch', { name: /Exiger la double authentification/ });
  await toggle.check();
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres sauvegardés avec succès' })).toBeVisible();
}

/** What the journey changes on the shared server, undone after it whatever happened (a timeout included). */
let restore: ((request: APIRequestContext) => Promise<void>) | null = null;
test.afterEach(async ({ request }) => {
  await restore?.(request);
  restore = null;
});

test('an admin requires two factors; the comptable enrols, signs in with a code, and the admin resets his lost phone', async ({
  page,
  browser,
  request,
}) => {
  const headers = await adminHeaders(request);
  const accounts = await request.get(`/api/utilisateurs?search=${encodeURIComponent(DEMO.comptable)}`, { headers });
  const comptableId = ((await accounts.json()) as { data: { id: number }[] }).data[0]?.id;
  expect(comptableId).toBeDefined();
  // The admin's session above was opened before two factors are required: it can always undo them.
  restore = async (api) => {
    await api.put('/api/settings', { headers, data: { security: { twoFactorAuth: false } } });
    await api.delete(`/api/utilisateurs/${comptableId}/2fa`, { headers });
  };
  const desk = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    await signIn(page, DEMO.admin);
    await requireTwoFactor(page);

    // The comptable's next sign-in reaches only the enrolment.
    const comptable = await desk.newPage();
    await comptable.goto('/');
    await fillLogin(comptable, DEMO.comptable);
    await expect(comptable.getByRole('heading', { name: 'Activer la double authentification' })).toBeVisible();
    await expect(comptable.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await expect(comptable.getByRole('img', { name: /Code QR à scanner/ })).toBeVisible();
    const secret = ((await comptable.locator('code').first().textContent()) ?? '').replace(/\s/g, '');
    await comptable.getByRole('textbox', { name: /Code affiché par l’application/ }).fill(codeOf(secret));
    await comptable.getByRole('button', { name: 'Activer la double authentification' }).click();
    const codes = comptable.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? '';
    await comptable.getByRole('checkbox', { name: 'J’ai mis ces codes en lieu sûr' }).check();
    await comptable.getByRole('button', { name: 'Terminer' }).click();
    await expect(comptable.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

    // Signed out, he signs in with his password then a code of the app (the next step's: the
    // current one served the activation, and a code is never accepted twice).
    await comptable.getByRole('button', { name: 'Déconnexion', exact: true }).click();
    await fillLogin(comptable, DEMO.comptable);
    await expect(comptable.getByRole('heading', { name: 'Vérification en deux étapes' })).toBeVisible();
    const field = comptable.getByRole('textbox', { name: /Code de vérification/ });
    await expect(field).toBeFocused();
    await field.fill('000000');
    await comptable.getByRole('button', { name: 'Vérifier' }).click();
    await expect(comptable.getByRole('alert')).toContainText('Code incorrect.');
    await field.fill(codeOf(secret, 1));
    await comptable.getByRole('button', { name: 'Vérifier' }).click();
    await expect(comptable.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

    // Without his phone, a recovery code does it, once.
    await comptable.getByRole('button', { name: 'Déconnexion', exact: true }).click();
    await fillLogin(comptable, DEMO.comptable);
    await comptable.getByRole('textbox', { name: /Code de vérification/ }).fill(recovery.toLowerCase());
    await comptable.getByRole('button', { name: 'Vérifier' }).click();
    await expect(comptable.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();

    // The admin resets his lost second factor from the accounts page; he is told by e-mail.
    const mail = await inbox(DEMO.comptable);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Personnels' })
      .click();
    await page.getByRole('link', { name: 'Gérer les comptes utilisateurs' }).click();
    // The staff page has its own search field: type once the accounts page is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Utilisateurs' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Rechercher' }).fill(DEMO.comptable);
    await page.getByRole('button', { name: 'Réinitialiser la double authentification de Ibrahim Traoré' }).click();
    const confirm = page.getByRole('dialog', { name: 'Réinitialiser la double authentification' });
    await confirm.getByRole('button', { name: 'Réinitialiser' }).click();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByRole('button', { name: /Réinitialiser la double authentification de Ibrahim/ }),
    ).toBeHidden();
    expect(await mail.next(/a réinitialisé la double authentification de votre compte/)).toContain('Ibrahim');
  } finally {
    await desk.close();
  }
});
