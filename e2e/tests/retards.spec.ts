import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { settle } from './axe.ts';
import { DEMO, signIn } from './helpers.ts';

// 'Retards' (issue 15): the demo gestionnaire (Aminata Kouadio) finds his late clients. The demo
// data (apps/api/src/db/seed/people.ts, money.ts) makes members join over the last eighteen months
// with few payments, so that most are behind their schedules: on any day he has about ten late
// clients, most of them over 90 days. Their buckets move with the day the tests run, so the test
// reads the tiles rather than expecting fixed figures.

const count = (text: string) => Number((/(\d[\d\s]*)\s+membres?/.exec(text)?.[1] ?? '').replace(/\s/g, ''));

/** The rows of the late members' table (its header row aside). */
const rows = (page: Page) => page.getByRole('table', { name: 'Membres en retard' }).locator('tbody tr');

async function tileFigures(tiles: Locator) {
  return Promise.all(
    (await tiles.getByRole('button').all()).map(async (tile) => ({ tile, text: await tile.innerText() })),
  );
}

test('a gestionnaire finds his late clients, filters them by bucket and exports them as CSV', async ({ page }) => {
  await signIn(page, DEMO.gestionnaire);
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Retards' }).click();
  await expect(page.getByRole('heading', { name: 'Retards de paiement', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/^Vos clients en retard sur leurs échéances\. Situation au \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible();
  await settle(page);

  // The tiles add up to the list's count; the list is his clients only, without a gestionnaire column.
  const tiles = page.getByRole('group', { name: 'Totaux par tranche' });
  const figures = await tileFigures(tiles);
  expect(figures.map((f) => f.text.split('\n')[0])).toEqual([
    '1 à 30 jours',
    '31 à 60 jours',
    '61 à 90 jours',
    'Plus de 90 jours',
  ]);
  const total = figures.reduce((sum, f) => sum + count(f.text), 0);
  expect(total).toBeGreaterThan(0);
  await expect(page.getByText(/^Page 1 sur \d+ – \d+ membres? en retard$/)).toContainText(`– ${total} membre`);
  const table = page.getByRole('table', { name: 'Membres en retard' });
  await expect(table.getByRole('columnheader', { name: 'Gestionnaire' })).toHaveCount(0);
  await expect(rows(page).first()).toContainText(/ESV-\d{4}-\d{5}/);
  await expect(
    rows(page)
      .first()
      .getByRole('link', { name: /^\+?[\d\s]+$/ }),
  ).toHaveAttribute('href', /^tel:/);

  // A bucket's tile filters the list to that bucket, kept in the address.
  const chosen =
    figures.find((f) => count(f.text) > 0 && count(f.text) < total) ?? figures.find((f) => count(f.text) > 0);
  if (!chosen) throw new Error('aucune tranche avec des membres en retard');
  const label = chosen.text.split('\n')[0] as string;
  await chosen.tile.click();
  await expect(chosen.tile).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/[?&]tranche=/);
  await expect(page.getByRole('combobox', { name: 'Tranche de retard' })).toHaveValue(label);
  await expect(page.getByText(/^Page 1 sur \d+ – \d+ membres? en retard$/)).toContainText(
    `– ${count(chosen.text)} membre`,
  );
  await settle(page);
  await expect(rows(page)).toHaveCount(Math.min(count(chosen.text), 10));
  for (const row of await rows(page).all()) await expect(row).toContainText(label, { ignoreCase: true });
  const code = (await rows(page).first().innerText()).match(/ESV-\d{4}-\d{5}/)?.[0] as string;

  // The CSV of the same filter: the French header and each member of the bucket.
  await page.getByRole('button', { name: 'Exporter' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (point-virgule, UTF-8)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^retards-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toContain('"Code ESV";"Nom";"Prénom";"Téléphone"');
  expect(lines[0]).toContain('"Montant en retard (FCFA)"');
  expect(lines).toHaveLength(count(chosen.text) + 1);
  expect(csv).toContain(`"${code}"`);
  for (const line of lines.slice(1)) expect(line).toContain(`"${label}"`);
});
