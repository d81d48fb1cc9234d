import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_PORT and E2E_DATA_DIR let two runs share the machine (each run takes three ports from E2E_PORT).
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');

/** Debian's Chromium, as this machine can run it. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--lang=fr-FR'],
};

/**
 * The lanes that run at once, each test file in one of them, one test after the other within a
 * lane: the journeys in two halves, each on its own server and fresh demo database (they change
 * data), and the accessibility sweep, which only reads, at each width on a third server. The
 * browser mostly waits, so four lanes fit two cores.
 */
const SERVERS = {
  journeys: { port: PORT, dataDir: DATA_DIR },
  journeys2: { port: PORT + 2, dataDir: `${DATA_DIR}-2` },
  sweep: { port: PORT + 1, dataDir: `${DATA_DIR}-a11y` },
} as const;

/** The first half of the journeys; every other journey file (a new one too) runs in the second. */
const FIRST_HALF = /\/(depenses|screenshots|demandes|auth|chantiers|membres|personnel|profile|audit)\.spec\.ts$/;
const SWEEP = /\/a11y\.spec\.ts$/;

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
    },
  };
}

/** Browser tests against the built app in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [
    // The mail a journey reads is its own server's (helpers.ts lastMail).
    {
      name: 'parcours-1',
      testMatch: FIRST_HALF,
      workers: 1,
      use: use('journeys'),
      metadata: { dataDir: SERVERS.journeys.dataDir },
    },
    {
      name: 'parcours-2',
      testIgnore: [FIRST_HALF, SWEEP],
      workers: 1,
      use: use('journeys2'),
      metadata: { dataDir: SERVERS.journeys2.dataDir },
    },
    { name: 'accessibilite-1366', testMatch: SWEEP, grep: / à 1366 px/, workers: 1, use: use('sweep') },
    { name: 'accessibilite-390', testMatch: SWEEP, grep: / à 390 px/, workers: 1, use: use('sweep') },
  ],
  webServer: Object.values(SERVERS).map(webServer),
});
