import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXPORTS } from '@app/shared';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, signIn } from './helpers.ts';
import { apiAuth } from './recus-helpers.ts';

const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

test('the comptable exports the validated payments as XLSX: every page of the filtered list, read back', async ({
  page,
  request,
}) => {
  const auth = await apiAuth(request, 'comptable');
  const listed = await (await request.get('/api/versements?statut=valide&limit=1', { headers: auth })).json();
  const total = listed.pagination.total as number;
  expect(total).toBeGreaterThan(20);

  await signIn(page, DEMO.comptable);
  await page.goto('/versements?statut=valide&tri=montant&ordre=desc');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestion des Versements' })).toBeVisible();
  await page.getByRole('button', { name: 'Exporter' }).click();
  await settle(page);
  await page.screenshot({ path: shot('export-menu-1366'), animations: 'disabled' });
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^versements-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path()) as string);
  const sheet = workbook.getWorksheet('Versements');
  if (!sheet) throw new Error('feuille Versements absente');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(EXPORTS.versements.colonnes.map((c) => c.titre));
  // All pages of the list, not the one on screen.
  expect(sheet?.rowCount).toBe(total + 1);
  const column = (titre: string) => header.indexOf(titre) + 1;
  const amounts = Array.from({ length: total }, (_, i) => sheet?.getRow(i + 2).getCell(column('Montant (FCFA)')).value);
  expect(amounts.every((a) => typeof a === 'number')).toBe(true);
  // In the list's order: the largest first.
  expect(amounts).toEqual([...(amounts as number[])].sort((a, b) => b - a));
  const statuts = new Set(
    Array.from({ length: total }, (_, i) => sheet?.getRow(i + 2).getCell(column('Statut')).value),
  );
  expect(statuts).toEqual(new Set(['Validé']));
  expect(sheet?.getRow(2).getCell(column('Date du versement')).value).toBeInstanceOf(Date);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Exporter' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('export-versements-390'), animations: 'disabled' });
});

test('the comptable reads the trial balance of a period and exports its journal, debits equal to credits', async ({
  page,
}) => {
  await signIn(page, DEMO.comptable);
  await page.goto('/entreprise?onglet=comptabilite');
  const year = new Date().getFullYear();
  await page.getByLabel('Du', { exact: true }).fill(`${year - 1}-01-01`);
  const table = page.getByRole('table', { name: 'Balance générale' });
  await expect(table).toBeVisible();
  await expect(page.getByText('débits et crédits égaux')).toBeVisible();
  // The members' own accounts are summed in the clients' collective account, which counts them.
  await expect(table.getByRole('row', { name: /^411 \(\d+ comptes membres\)/ })).toBeVisible();
  await settle(page);
  await expectAccessible(page);
  await page.screenshot({ path: shot('comptabilite-1366'), animations: 'disabled' });

  await page.getByRole('button', { name: 'Exporter' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (point-virgule, UTF-8)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^journal-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path()) as string, 'utf8');
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('";"'));
  expect(header).toEqual(EXPORTS.journal.colonnes.map((c) => c.titre));
  expect(rows.length).toBeGreaterThan(10);
  const sum = (i: number) => rows.reduce((s, r) => s + Number(r[i] || 0), 0);
  expect(sum(5)).toBe(sum(6));

  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: shot('comptabilite-390'), animations: 'disabled' });
});

test('the admin sets the journal’s accounts; a bank fee withdrawn with its account shows in the trial balance', async ({
  page,
  request,
}) => {
  const auth = await apiAuth(request, 'admin');
  // A bank of this run only, with a balance to take the fee from.
  const run = String(Date.now()).slice(-6);
  const nom = `Banque Frais ${run}`;
  const created = await request.post('/api/banques', {
    headers: auth,
    data: {
      nom,
      code_banque: 'CI077',
      numero_compte: `01077 ${run}000000 34`,
      adresse: 'Rue du Commerce, Plateau',
      telephone: '+225 27 20 31 00 77',
      email: `frais${run}@banque.test`,
      solde_initial: 100_000,
    },
  });
  expect(created.ok()).toBe(true);
  const banqueId: number = (await created.json()).data.id;

  await signIn(page, DEMO.admin);
  await page.goto('/settings?onglet=comptabilite');
  // The bank's account and journal code, set, and saved.
  const compte = page.getByRole('textbox', { name: `Compte de ${nom}` });
  await expect(compte).toHaveValue(`5211${banqueId}`);
  await compte.fill(`521${run}`);
  await page.getByRole('textbox', { name: `Code journal de ${nom}` }).fill(`F${run.slice(-4)}`);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paramètres sauvegardés avec succès' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('parametres-comptabilite-1280'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: shot('parametres-comptabilite-390'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The fee, withdrawn with its account (631, frais bancaires).
  await page.goto('/entreprise?onglet=banques');
  const card = page.getByRole('article', { name: nom });
  await card.getByRole('button', { name: `Dépôt ou retrait sur ${nom}` }).click();
  const operation = card.getByRole('form', { name: `Opération sur le solde de ${nom}` });
  await operation.getByRole('radio', { name: 'Retrait' }).check();
  await operation.getByRole('textbox', { name: 'Montant (FCFA)' }).fill('1500');
  await operation.getByRole('textbox', { name: 'Commentaire' }).fill('Frais de tenue de compte');
  await operation.getByRole('textbox', { name: 'Compte de contrepartie (OHADA)' }).fill('631');
  await settle(page);
  await page.screenshot({ path: shot('banque-operation-compte-1280'), animations: 'disabled' });
  await operation.getByRole('button', { name: 'Valider l’opération' }).click();
  await expect(page.getByText('Solde mis à jour avec succès')).toBeVisible();

  // Today's trial balance: the fee debited to 631, credited to the bank's own account.
  await page.goto('/entreprise?onglet=comptabilite');
  const table = page.getByRole('table', { name: 'Balance générale' });
  await expect(table.getByRole('row', { name: new RegExp(`^521${run} `) })).toContainText('1 500');
  await expect(table.getByRole('row', { name: /^631 / })).toBeVisible();
});
