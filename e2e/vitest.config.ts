import { defineConfig } from 'vitest/config';

// Browser tests: one server (PostgreSQL, demo content) for the run, one Chromium per file,
// files one after another so two cores are not oversubscribed.
export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    fileParallelism: false,
    // Playwright, drizzle and the fixtures load once, not once per file (a second a file).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits on the screen as Playwright's own waits do: a loaded CI machine can take more
    // than Vitest's default second to answer a click, and that is not what a test asserts.
    expect: { poll: { timeout: 10_000 } },
    // One more try for a browser test that fails: a race with a loaded machine's timing should not
    // fail the whole run, and `npm test`'s summary still lists every test that needed the retry.
    retry: 1,
  },
});
