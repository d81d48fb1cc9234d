import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, settle } from './axe.ts';
import { DEMO, signIn } from './helpers.ts';

// Demo data: payments and expenses over the last twelve months (apps/api/src/db/seed/money.ts),
// pending demandes, two chantiers running late (seed/chantiers.ts); the demo member holds a product.

const shot = (name: string) => path.join(import.meta.dirname, '..', 'screenshots', `${name}.png`);

async function openDashboard(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: `Tableau de bord — ${title}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the admin sees what waits, the figures, the chart and the alerts, and opens a count’s list', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await openDashboard(page, 'Administrateur');
  const main = page.getByRole('main');
  const waiting = main.getByRole('list', { name: 'À traiter' });
  const demandes = waiting.getByRole('link', { name: /^Demandes en attente\s: \d+, voir la liste$/ });
  await expect(demandes).toBeVisible();
  const pending = Number((await demandes.getAttribute('aria-label'))?.match(/\s: (\d+),/)?.[1]);
  expect(pending).toBeGreaterThan(0);
  // The sidebar's badge counts the same pending demandes.
  await expect(
    page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: /Demandes/ }),
  ).toContainText(String(pending));
  await expect(main.getByRole('link', { name: /^Encaissé ce mois\s: [\d\s]+FCFA/ })).toBeVisible();
  // Twelve months of bars, and at least one month with payments.
  const chart = main.getByRole('table', { name: /par mois/ });
  await expect(chart.getByRole('row')).toHaveCount(13);
  const bars = main.getByTestId('graphique-barres').locator('div > div');
  await expect(bars).toHaveCount(24);
  const heights = await bars.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
  expect(heights.filter((h) => h > 2).length).toBeGreaterThan(3);
  await expect(main.getByText('Chantiers en retard')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Activité récente' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Performance du mois' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: shot('dashboard-admin'), fullPage: true });
  await expectAccessible(page);

  await demandes.click();
  await expect(page).toHaveURL(/\/demandes\?statut=en_attente$/);
  await expect(page.getByRole('heading', { name: 'Demandes', level: 1 })).toBeVisible();
});

test('a member sees his account: product, paid, remaining, next instalment, last payments', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.membre);
  await openDashboard(page, 'Membre');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Mon acquisition' })).toBeVisible();
  await expect(main.getByText('Déjà payé')).toBeVisible();
  await expect(main.getByText('Reste à payer')).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Prochaine échéance' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Mes derniers versements' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Chiffres clés' })).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: shot('dashboard-membre-390'), fullPage: true });
  await context.close();
});

// One test per role: each a few pages long, within the budget however slow the machine.
for (const role of ['admin', 'gestionnaire', 'comptable', 'commercial', 'membre', 'demandeur'] as const) {
  test(`every link of the ${role}’s dashboard opens a screen the ${role} may see`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, DEMO[role]);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toContainText('Tableau de bord');
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    const links = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
    const addresses = [...new Set(links.filter((href) => href.startsWith('/')))];
    if (role !== 'demandeur') expect(addresses.length, role).toBeGreaterThan(0);
    for (const address of addresses) {
      await page.goto(address);
      // A whole reload (the session restored, the screen's chunk fetched): longer than a click on a loaded machine.
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }), `${role} → ${address}`).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Accès refusé'), `${role} → ${address}`).toHaveCount(0);
    }
    await context.close();
  });
}
