import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn, submitLogin } from './helpers.ts';

/** Issue 10: the login page of a phone on a slow network downloads at most this much JavaScript. */
const LOGIN_JS_BUDGET = 200 * 1024;

/** The scripts the page requests, with the bytes transferred for each (body as sent, compressed). */
function recordScripts(page: Page) {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push({ url: request.url(), bytes: request.sizes().then((s) => s.responseBodySize) });
  });
  return {
    urls: () => scripts.map((s) => new URL(s.url).pathname),
    total: async () => (await Promise.all(scripts.map((s) => s.bytes))).reduce((sum, b) => sum + b, 0),
  };
}

/** A lazy chunk of the build: Vite names it after its module (Shell-<hash>.js). */
const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);

test('the login page transfers at most 200 KB of JavaScript, compressed, and none of the signed-in app', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(await scripts.total()).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  const lazy = [
    'Shell',
    'DashboardPage',
    'MustChangePasswordScreen',
    'ForgotPasswordDialog',
    'RegistrationRequestModal',
  ];
  for (const name of lazy) expect(scripts.urls().filter((u) => chunk(name).test(u))).toEqual([]);

  // The same chunks are real and come with their route: signing in fetches the shell and the dashboard.
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: /Tableau de bord/ })).toBeVisible();
  expect(scripts.urls().some((u) => chunk('Shell').test(u))).toBe(true);
  expect(scripts.urls().some((u) => chunk('DashboardPage').test(u))).toBe(true);
});

test('a dialog of the login page is fetched at its first opening, its link busy meanwhile', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => chunk('ForgotPasswordDialog').test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/');
  const link = page.getByRole('button', { name: /Mot de passe oublié/ });
  await link.click();

  await expect(link).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(link).toHaveAttribute('aria-busy', 'false');
});

test('every Mantine component of the login page is styled by its first style sheet', async ({ page }) => {
  await page.goto('/');
  // The error alert too: a wrong password.
  await submitLogin(page, DEMO.admin, 'mauvais-mot-de-passe');
  await expect(page.getByRole('alert')).toBeVisible();
  // Each Mantine component marks its elements with its CSS module's classes (m_<hash>): each one
  // must have a rule among the style sheets the page loaded.
  const unstyled = await page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const c of rule.selectorText.match(/m_[0-9a-f]+/g) ?? []) styled.add(c);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    return Array.from(document.querySelectorAll('[class*="m_"]')).flatMap((element) =>
      Array.from(element.classList)
        .filter((c) => /^m_[0-9a-f]+$/.test(c) && !styled.has(c))
        .map((c) => `${c} on ${element.className}`),
    );
  });
  expect(unstyled).toEqual([]);
});

test('the login page does not move while it loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shift = await page.evaluate(() => {
    // The shifts so far, which the browser keeps and hands to a new observer at once: none, nothing moved.
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords();
    observer.disconnect();
    return shifts.reduce((sum, e) => sum + (e as unknown as { value: number }).value, 0);
  });
  expect(shift).toBe(0);
});

test.describe('without JavaScript or style sheets', () => {
  test.use({ javaScriptEnabled: false });

  test('the page itself says it is loading', async ({ page }) => {
    await page.route('**/*.css', (route) => route.abort());
    await page.goto('/');
    const status = page.getByRole('status');
    await expect(status).toBeVisible();
    await expect(status).toContainText('Chargement…');
  });
});
