import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// E2E_PORT and E2E_DATA_DIR let two runs share the machine.
export const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(import.meta.dirname, '.data');

/** Debian's Chromium, as this machine can run it. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--lang=fr-FR'],
};

/** Browser tests against the built app on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'fr-FR',
    timezoneId: 'Africa/Abidjan',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    // From the build, as `npm start` runs it (rebuilt first if a source changed).
    command: `rm -rf ${DATA_DIR} && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SEED_DEMO: '1',
      LOGIN_RATE_LIMIT: '1000',
      FORGOT_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
