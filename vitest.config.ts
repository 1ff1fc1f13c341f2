import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API and unit tests. Every server test runs twice: on embedded PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One module graph per worker, not one per file: importing the server (Fastify, React Router,
    // the zod contracts) again for each of ~140 files was a sixth of the run. Test files share no
    // state through modules: each makes its own app and database (server/test/app.ts).
    isolate: false,
    // Vitest's default on two cores is one worker; a second runs while the first waits on
    // PostgreSQL, a child process or the file system.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'app/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            // The search-quality floor: the bench's harness, held by npm test on both databases.
            'bench/**/*.test.ts',
          ],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
        },
      },
    ],
  },
});
