import path from 'node:path';
import { CLOTURE_MESSAGES, type Mouvement } from '@app/shared';
import { expect, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, signIn } from './helpers.ts';
import { apiAuth } from './recus-helpers.ts';

const BANK = 'Ecobank Côte d’Ivoire';
const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

test('a comptable imports a bank statement: previewed, imported once, its lines listed', async ({ page }) => {
  // Labels of this run only: a retry imports its own lines.
  const run = String(Date.now()).slice(-6);
  const statement = Buffer.from(
    [
      'Relevé de compte Ecobank;;;;;',
      'Date;Libellé;Référence;Débit;Crédit;Solde',
      `03/11/2026;VIR RECU KOUASSI ${run};VRS-${run};;150 000;10 150 000`,
      `04/11/2026;FRAIS TENUE DE COMPTE ${run};;2 500;;10 147 500`,
      `05/11/2026;VIR RECU DIALLO ${run};;;300 000;10 447 500`,
    ].join('\r\n'),
    'utf8',
  );

  await signIn(page, DEMO.comptable);
  await page.goto('/entreprise?onglet=banques');
  await page.getByRole('button', { name: `Relevés de ${BANK}` }).click();
  const dialog = page.getByRole('dialog', { name: `Relevés bancaires – ${BANK}` });
  const file = dialog.locator('input[type="file"]');
  await file.setInputFiles({ name: `releve-${run}.csv`, mimeType: 'text/csv', buffer: statement });

  // The columns recognised from the header, the first operations as they will be imported.
  const preview = dialog.getByRole('table', { name: 'Aperçu du relevé' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview.getByRole('row').nth(2).getByRole('cell').nth(2)).toHaveText(`FRAIS TENUE DE COMPTE ${run}`);
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('releve-apercu-1366'), animations: 'disabled' });

  await dialog.getByRole('button', { name: 'Importer le relevé' }).click();
  const result = dialog.getByRole('status').filter({ hasText: 'Relevé importé' });
  await expect(result).toContainText('3 lignes lues, 3 nouvelles, 0 déjà importée.');
  await expect(result).toContainText('Période du 03/11/2026 au 05/11/2026');
  await dialog.getByRole('tab', { name: 'Lignes' }).click();
  const lines = dialog.getByRole('table', { name: 'Lignes des relevés' });
  await expect(lines.getByText(`VIR RECU DIALLO ${run}`)).toBeVisible();

  // The same file again adds nothing.
  await dialog.getByRole('tab', { name: 'Importer' }).click();
  await file.setInputFiles({ name: `releve-${run}.csv`, mimeType: 'text/csv', buffer: statement });
  await dialog.getByRole('button', { name: 'Importer le relevé' }).click();
  await expect(result).toContainText('3 lignes lues, 0 nouvelle, 3 déjà importées.');
  await dialog.getByRole('tab', { name: 'Lignes' }).click();
  await expect(lines.getByText(new RegExp(`^[A-Z ]+ ${run}$`))).toHaveCount(3);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('list', { name: 'Lignes des relevés' })).toBeVisible();
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('releve-lignes-390'), animations: 'disabled' });
});

test('the comptable reconciles: accepts a suggestion, matches one line to two payments by hand, undoes a match', async ({
  page,
  request,
}) => {
  const auth = await apiAuth(request, 'comptable');
  const banks = await (await request.get('/api/banques', { headers: auth })).json();
  const bank = (banks.data as { id: number; nom: string }[]).find((b) => b.nom === BANK);
  const free = await (
    await request.get(`/api/banques/${bank?.id}/mouvements?non_rapproches=true&limit=100`, { headers: auth })
  ).json();
  // Three validated payments not matched yet (a retry finds three others).
  const [a, b, c] = (free.data as Mouvement[]).filter((m) => m.operation === 'versement_valide');
  if (!a || !b || !c) throw new Error('trois versements validés non rapprochés attendus dans la démo');
  const day = (iso: string) => iso.split('-').reverse().join('/');
  const run = String(Date.now()).slice(-6);
  const statement = Buffer.from(
    [
      'Date;Libellé;Débit;Crédit',
      `${day(a.date_valeur)};VERSEMENT ${a.commentaire};;${a.montant}`,
      `${day(c.date_valeur)};REMISE GROUPEE ${run};;${b.montant + c.montant}`,
    ].join('\n'),
  );
  const label = (m: Mouvement) => `Versement validé du ${day(m.date_valeur)} (${m.commentaire})`;

  await signIn(page, DEMO.comptable);
  await page.goto('/entreprise?onglet=banques');
  await page.getByRole('button', { name: `Relevés de ${BANK}` }).click();
  const dialog = page.getByRole('dialog', { name: `Relevés bancaires – ${BANK}` });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `rappro-${run}.csv`, mimeType: 'text/csv', buffer: statement });
  await dialog.getByRole('button', { name: 'Importer le relevé' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Relevé importé' })).toContainText('2 nouvelles');

  await dialog.getByRole('tab', { name: 'Rapprocher' }).click();
  const lines = dialog.getByRole('list', { name: 'Lignes non rapprochées' });
  // The payment whose receipt the label carries is the first suggestion: one click matches.
  const suggestions = lines.getByRole('group', { name: `Suggestions pour VERSEMENT ${a.commentaire}` });
  await expect(suggestions.getByRole('button').first()).toHaveText(`Rapprocher avec ${label(a)}`);
  // The pointer off the list: the check is of the screen at rest, not of a hovered button.
  await page.mouse.move(0, 0);
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('rapprochement-1366'), animations: 'disabled' });
  await suggestions.getByRole('button').first().click();
  await expect(page.getByText('Rapprochement enregistré')).toBeVisible();
  await expect(lines.getByText(`VERSEMENT ${a.commentaire}`)).toHaveCount(0);

  // One line to two payments, chosen by hand: the button waits for the sums to agree.
  await lines.getByRole('checkbox', { name: new RegExp(`^Choisir la ligne REMISE GROUPEE ${run}`) }).check();
  const movements = dialog.getByRole('list', { name: 'Mouvements non rapprochés' });
  const selection = dialog.getByRole('region', { name: 'Sélection à rapprocher' });
  await movements.getByRole('checkbox', { name: label(b) }).check();
  await expect(selection.getByRole('button', { name: 'Rapprocher la sélection' })).toBeDisabled();
  await movements.getByRole('checkbox', { name: label(c) }).check();
  await expect(selection).toContainText(/Écart\s:\s0\sFCFA/);
  await selection.getByRole('button', { name: 'Rapprocher la sélection' }).click();
  await expect(lines.getByText(`REMISE GROUPEE ${run}`)).toHaveCount(0);

  // Both lines matched; one match undone after confirmation.
  await dialog.getByRole('tab', { name: 'Lignes' }).click();
  await dialog.getByText('Rapprochées', { exact: true }).click();
  const table = dialog.getByRole('table', { name: 'Lignes des relevés' });
  await expect(table.getByText(`REMISE GROUPEE ${run}`)).toBeVisible();
  await table.getByRole('button', { name: `Annuler le rapprochement de REMISE GROUPEE ${run}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Annuler le rapprochement' });
  await confirm.getByRole('button', { name: 'Annuler le rapprochement' }).click();
  await expect(page.getByText('Rapprochement annulé')).toBeVisible();
  await expect(table.getByText(`REMISE GROUPEE ${run}`)).toHaveCount(0);

  await dialog.getByRole('tab', { name: 'Rapprocher' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(lines.getByText(`REMISE GROUPEE ${run}`)).toBeVisible();
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('rapprochement-390'), animations: 'disabled' });
});

test('the comptable closes last month once the ledger and the statement agree; a movement dated in it is then refused', async ({
  page,
  request,
}) => {
  const auth = await apiAuth(request, 'comptable');
  // A bank of this run only, with last month's deposit in its ledger.
  const run = String(Date.now()).slice(-6);
  const nom = `Banque Clôture ${run}`;
  const created = await request.post('/api/banques', {
    headers: auth,
    data: {
      nom,
      code_banque: 'CI098',
      numero_compte: `01098 ${run}000000 12`,
      adresse: 'Boulevard de la République, Plateau',
      telephone: '+225 27 20 31 00 00',
      email: `cloture${run}@banque.test`,
    },
  });
  expect(created.ok()).toBe(true);
  const bankId = ((await created.json()) as { data: { id: number } }).data.id;
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
  const iso = last.toISOString().slice(0, 10);
  const mois = iso.slice(0, 7);
  const label = last.toLocaleDateString('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const deposit = await request.patch(`/api/banques/${bankId}/solde`, {
    headers: auth,
    data: { type: 'depot', montant: 500_000, commentaire: `Apport ${run}`, date_valeur: iso },
  });
  expect(deposit.ok()).toBe(true);
  const statement = Buffer.from(
    ['Date;Libellé;Débit;Crédit;Solde', `${iso.split('-').reverse().join('/')};APPORT ${run};;500 000;500 000`].join(
      '\n',
    ),
  );

  await signIn(page, DEMO.comptable);
  await page.goto('/entreprise?onglet=banques');
  await page.getByRole('button', { name: `Relevés de ${nom}` }).click();
  const dialog = page.getByRole('dialog', { name: `Relevés bancaires – ${nom}` });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `cloture-${run}.csv`, mimeType: 'text/csv', buffer: statement });
  await dialog.getByRole('button', { name: 'Importer le relevé' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Relevé importé' })).toContainText('1 nouvelle');

  // What stays unmatched after the settings' days, then last month by default: both balances at its last day, equal.
  await dialog.getByRole('tab', { name: 'Exceptions' }).click();
  await expect(dialog.getByText(/^Non rapprochés depuis plus de 30 jours/)).toBeVisible();
  await page.screenshot({ path: shot('exceptions-1366'), animations: 'disabled' });
  await dialog.getByRole('tab', { name: 'Clôture' }).click();
  await expect(dialog.getByLabel('Mois')).toHaveValue(mois);
  await expect(dialog.getByText('Le grand livre et le relevé concordent.')).toBeVisible();
  await page.mouse.move(0, 0);
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('cloture-1366'), animations: 'disabled' });
  await dialog.getByRole('button', { name: `Clôturer ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Clôturer le mois' });
  await confirm.getByRole('button', { name: 'Clôturer' }).click();
  await expect(page.getByText(CLOTURE_MESSAGES.closed(mois))).toBeVisible();
  await expect(dialog.getByText('Clôturé', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Historique des clôtures' })).toContainText(label, {
    ignoreCase: true,
  });

  // The month closed, the database refuses what would change it.
  const late = await request.patch(`/api/banques/${bankId}/solde`, {
    headers: auth,
    data: { type: 'retrait', montant: 1_000, commentaire: `Frais ${run}`, date_valeur: iso },
  });
  expect(late.status()).toBe(409);
  expect((await late.json()).message).toContain('enregistrez la correction dans le mois ouvert');

  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await expectAccessible(page, '[role="dialog"]');
  await page.screenshot({ path: shot('cloture-390'), animations: 'disabled' });
});
