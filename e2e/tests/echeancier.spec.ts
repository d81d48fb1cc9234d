import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { settle } from './axe.ts';
import { DEMO, signIn } from './helpers.ts';
import { pdfText } from './recus-helpers.ts';

// A member's schedule (issue 15): the demo member (membre@demo.test) pays ahead of his schedule
// (apps/api/src/db/seed/money.ts); he pays his next instalment, the comptable validates it, the
// instalment turns paid on his dashboard and its receipt downloads.

const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function openDashboard(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Tableau de bord — Membre', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}

/** His schedule's row of an instalment number. */
const instalment = (page: Page, numero: string) =>
  page
    .getByRole('table', { name: /^Mes échéances/ })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: numero, exact: true }) });

test('a member sees his schedule and next instalment, pays it, and once validated it is paid and its receipt downloads', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.membre);
  await openDashboard(page);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Mon échéancier' })).toBeVisible();
  const next = main.getByRole('region', { name: 'Prochaine échéance' }).getByText(/^Échéance n/);
  const [, numero, montant, date] =
    /n\s?o\s(\d+)\s:\s([\d\s]+)\sFCFA le (\d{2}\/\d{2}\/\d{4})/.exec(await next.innerText()) ?? [];
  expect(numero).toBeTruthy();
  await expect(instalment(page, numero as string)).toContainText(date as string);
  await expect(instalment(page, numero as string)).toContainText(/À venir|Partiel/);
  await settle(page);
  await page.screenshot({ path: shot('echeancier-membre'), fullPage: true });

  // He declares that amount for his product.
  const reference = `ECH-${String(Date.now()).slice(-8)}`;
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Versements' })
    .click();
  await page.getByRole('button', { name: 'Déclarer un versement' }).click();
  const form = page.getByRole('dialog', { name: 'Déclarer un versement' });
  await expect(form.getByRole('combobox', { name: 'Produit' })).toHaveValue(/FCFA/);
  await form.getByRole('textbox', { name: 'Montant' }).fill((montant as string).replace(/\s/g, ''));
  await form.getByRole('combobox', { name: 'Banque' }).click();
  await page.getByRole('option', { name: 'Ecobank Côte d’Ivoire' }).click();
  await form.getByRole('textbox', { name: 'Numéro de reçu' }).fill(reference);
  await form.getByLabel('Date du reçu').fill(today());
  await form.getByRole('button', { name: 'Déclarer le versement' }).click();
  await expect(form).toBeHidden();

  // The comptable validates it.
  const context = await browser.newContext();
  const comptable = await context.newPage();
  await signIn(comptable, DEMO.comptable);
  await comptable.goto('/versements');
  await comptable.getByRole('textbox', { name: 'Rechercher' }).fill(reference);
  const row = comptable
    .getByRole('table', { name: 'Liste des versements' })
    .getByRole('row', { name: new RegExp(reference) });
  await row.getByRole('button', { name: /^Valider le versement/ }).click();
  const confirm = comptable.getByRole('dialog', { name: 'Valider le versement' });
  await confirm.getByRole('button', { name: 'Valider' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Validé');
  await context.close();

  // His dashboard: the instalment is paid, the next one comes after it, and the receipt downloads.
  await openDashboard(page);
  await expect(instalment(page, numero as string)).toContainText('Payée');
  await expect(main.getByRole('region', { name: 'Prochaine échéance' })).not.toContainText(
    new RegExp(`n\\s?o\\s${numero}\\s:`),
  );
  const receipts = main.getByRole('table', { name: 'Mes versements validés et leurs reçus' });
  const download = page.waitForEvent('download');
  await receipts
    .getByRole('row')
    .filter({ hasText: reference })
    .getByRole('button', { name: /^Télécharger le reçu/ })
    .click();
  const bytes = await readFile(await (await download).path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(`N° du bordereau bancaire ${reference}`);
  expect(text).toContain(`Montant reçu ${(montant as string).replace(/\s/g, ' ')} FCFA`);
});

test('on a phone the member’s schedule keeps to the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.membre);
  await openDashboard(page);
  const table = page.getByRole('table', { name: /^Mes échéances/ });
  await expect(table).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await settle(page);
  await page.screenshot({ path: shot('echeancier-membre-390'), fullPage: true });
  await context.close();
});
