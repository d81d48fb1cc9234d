import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The target of issue 10: WCAG 2.1 A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Waits for the page to be still: no loading placeholder, and the transitions that end (a dialog's
 * pop, a fade) over, as axe reads colours mid-fade otherwise. Endless animations (spinners) are left.
 */
export async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** What an element shows, from axe's copy of its HTML: the text, else its accessible name attributes. */
function shown(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const label = html.match(/aria-label="([^"]*)"/)?.[1];
  const words = text || label || html.slice(0, 60);
  return words.length > 50 ? `${words.slice(0, 50)}…` : words;
}

/**
 * The critical and serious violations of the page, or of the part `scope` selects (a dialog), one
 * line per rule, then one per element: what it shows, its selector and axe's reason.
 */
export async function axeViolations(page: Page, scope?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per check to gather
  // the frames' results, which doubled the sweep's time (the app has no cross-origin frame).
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true);
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) => [
      `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})`,
      ...violation.nodes.map((node) => {
        const reason = (node.failureSummary ?? '')
          .replace(/^Fix (any|all) of the following:\s*/, '')
          .replace(/\s*\n\s*/g, ' ');
        return `  « ${shown(node.html)} » ${node.target.join(' ')}\n      ${reason}`;
      }),
    ]);
}

/** Fails with the readable list of violations when the page (or `scope`) has any critical or serious one. */
export async function expectAccessible(page: Page, scope?: string) {
  await settle(page);
  const violations = await axeViolations(page, scope);
  expect(violations.length, `axe (WCAG 2.1 AA), violations :\n${violations.join('\n')}\n`).toBe(0);
}
