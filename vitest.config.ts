import { defineConfig } from 'vitest/config';

// API and unit tests. Every server test runs twice: on embedded PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
