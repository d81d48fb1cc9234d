import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { altered, apiAuth, pdfText, verificationToken } from './recus-helpers.ts';

// A receipt (issue 15): the comptable validates a member's payment, downloads its PDF receipt from
// the payments table, and its QR code's address answers "authentique"; a forged one does not.

/** Today, as the API takes a date. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The row of a receipt number, found by the search box. */
async function findRow(page: Page, numero: string) {
  await page.getByRole('textbox', { name: 'Rechercher' }).fill(numero);
  await expect(page).toHaveURL(new RegExp(`q=${numero}`));
  const row = page.getByRole('table', { name: 'Liste des versements' }).getByRole('row', { name: new RegExp(numero) });
  await expect(row).toBeVisible();
  return row;
}

test('the comptable validates a payment, downloads its PDF receipt, and its verification page says it is genuine', async ({
  page,
  browser,
  request,
}) => {
  // The member declares a payment of 187,500 FCFA through the API.
  const membre = await apiAuth(request, 'membre');
  const moi = (await (await request.get('/api/membres/moi', { headers: membre })).json()).data;
  const [banque] = (await (await request.get('/api/banques/choix', { headers: membre })).json()).data;
  const numero = `REC-E2E-${String(Date.now()).slice(-8)}`;
  const declared = await request.post('/api/versements', {
    headers: membre,
    data: {
      produit_id: moi.produit_id,
      banque_id: banque.id,
      montant: 187_500,
      numero_recu: numero,
      date_recu: today(),
      type_versement: 'mensualite',
    },
  });
  expect(declared.status()).toBe(201);

  await signIn(page, 'comptable@demo.test');
  await page.goto('/versements');
  const row = await findRow(page, numero);
  // No receipt before the validation.
  await expect(row.getByRole('button', { name: /^Reçu de paiement/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^Valider le versement/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Valider le versement' });
  await confirm.getByRole('button', { name: 'Valider' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Validé');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Reçu de paiement \(PDF\) du versement/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recu-versement-\d+\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain('REÇU DE VERSEMENT');
  expect(text).toContain('Montant reçu 187 500 FCFA');
  expect(text).toContain('cent quatre-vingt-sept mille cinq cents francs CFA');
  expect(text).toContain(`N° du bordereau bancaire ${numero}`);
  const recuNumero = /N° (REC-\d{4}-\d{6})/.exec(text)?.[1];
  expect(recuNumero).toBeTruthy();

  // The QR code's address, opened by anyone: no sign-in.
  const token = verificationToken(text);
  const visitor = await browser.newContext();
  const check = await visitor.newPage();
  await check.goto(`/verification/${token}`);
  await expect(check.getByRole('heading', { level: 1, name: 'Vérification d’un reçu' })).toBeVisible();
  await expect(check.getByText('Reçu authentique')).toBeVisible();
  await expect(check.getByText(recuNumero as string)).toBeVisible();
  await expect(check.getByText(/^187\s500\sFCFA$/)).toBeVisible();
  // Jean-Marc Koffi's initials, and nothing more of him.
  await expect(check.getByText('J. K.', { exact: true })).toBeVisible();
  await expect(check.getByText(/Koffi/)).toHaveCount(0);

  await check.goto(`/verification/${altered(token)}`);
  await expect(check.getByText('Reçu non authentique')).toBeVisible();
  await expect(check.getByText(recuNumero as string)).toHaveCount(0);
  await visitor.close();
});
