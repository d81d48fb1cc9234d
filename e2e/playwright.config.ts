import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_PORT and E2E_DATA_DIR let two runs share the machine (each run takes two ports from E2E_PORT).
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');

/** Debian's Chromium, as this machine can run it. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--lang=fr-FR'],
};

/**
 * The two lanes that run at once, one test after the other within a lane, each on its own server and
 * fresh demo database: the journeys, which change data, and the accessibility sweep, which only
 * reads, with the screenshots (which only read) and the expenses' and refunds' journeys (which leave
 * the demo's pending items as they were), so that both lanes take about as long.
 */
const SERVERS = {
  journeys: { port: PORT, dataDir: DATA_DIR },
  sweep: { port: PORT + 1, dataDir: `${DATA_DIR}-a11y` },
} as const;

/** The sweep's lane: the sweep, and the read-only or self-restoring tests that balance the lanes. */
const SWEEP_LANE = /\/(a11y|depenses|remboursements|screenshots)\.spec\.ts$/;

const use = (server: keyof typeof SERVERS) => ({
  baseURL: `http://127.0.0.1:${SERVERS[server].port}`,
});

/** The built app, as `npm start` runs it (rebuilt first if a source changed), on a fresh demo database. */
function webServer({ port, dataDir }: { port: number; dataDir: string }) {
  return {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOGIN_RATE_LIMIT: '1000',
      FORGOT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      // No scheduled backup at start: the journeys start theirs and would meet it (409).
      BACKUPS: '0',
    },
  };
}

/** Browser tests against the built app in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  // A test's budget, only there to stop a hung one: a wrong page fails at its expectation (10 s).
  // The longest journeys and sweeps (remboursements' axe sweep at two widths) took 60-100 s at a
  // load average of 18 on the two cores.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
    // The app then opens and closes its dialogs without transitions (its theme respects the
    // preference): no test waits one out.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [
    // The mail a journey reads is its own server's (helpers.ts inbox).
    {
      name: 'parcours',
      testIgnore: SWEEP_LANE,
      workers: 1,
      use: use('journeys'),
      metadata: { dataDir: SERVERS.journeys.dataDir },
    },
    {
      name: 'accessibilite',
      testMatch: SWEEP_LANE,
      workers: 1,
      use: use('sweep'),
      metadata: { dataDir: SERVERS.sweep.dataDir },
    },
  ],
  webServer: Object.values(SERVERS).map(webServer),
});
