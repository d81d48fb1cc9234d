import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A worker per core: Vitest's default (one fewer) leaves one of CI's two cores idle.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Each file builds its own app and database: importing the app once per worker rather
          // than once per file halves the suite's time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom and module graph per worker (setup.ts resets the app's stores after each test).
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
          // Only there to stop a hung test: typing into jsdom forms takes a few seconds alone and
          // several times that while the API tests (or other runs) share the two cores.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
