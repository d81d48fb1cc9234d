import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_PORT and E2E_DATA_DIR let two runs share the machine.
export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');
// The accessibility sweep only reads: it runs beside the journeys, on its own server and database
// (the next port), so that neither sees the other's changes.
const A11Y_PORT = PORT + 1;
const A11Y_DATA_DIR = `${DATA_DIR}-a11y`;

/** Debian's Chromium, as this machine can run it. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--lang=fr-FR'],
};

const baseURL = (port: number) => `http://127.0.0.1:${port}`;

/** The built app, as `npm start` runs it (rebuilt first if a source changed), on a fresh demo database. */
function server(port: number, dataDir: string) {
  return {
    command: `rm -rf ${dataDir} && node ../scripts/start.mjs`,
    url: `${baseURL(port)}/api/health`,
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

/** Browser tests against the built app in Debian's Chromium: the journeys one after the other, the sweep beside them. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
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
    { name: 'parcours', testIgnore: /a11y\.spec\.ts/, workers: 1, use: { baseURL: baseURL(PORT) } },
    { name: 'accessibilite', testMatch: /a11y\.spec\.ts/, workers: 1, use: { baseURL: baseURL(A11Y_PORT) } },
  ],
  webServer: [server(PORT, DATA_DIR), server(A11Y_PORT, A11Y_DATA_DIR)],
});
