import { configDefaults, defineConfig } from 'vitest/config';
import { PGLITE_ONLY_FILES } from './tests/support/pglite-only-files.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph instead of each importing its own: they hold no state
          // between tests that another file could see (three runs in shuffled order passed).
          // 12.5 -> 4.7 CPU-s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Files about PGlite itself, or on servers of their own that are PGlite in either pass,
          // run in the PGlite pass only, instead of skipping (tests/support/pglite-only-files.ts).
          exclude: [...configDefaults.exclude, ...(process.env.TEST_ENGINE === 'postgres' ? PGLITE_ONLY_FILES : [])],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One server for all files; files run one after another so they see each other's data
          // only through unique names, never through timing.
          fileParallelism: false,
          // And one module graph: each file imported its own (PGlite's included) at ~0.6 CPU-s a
          // file. A file that needs a module afresh says so (vi.resetModules, grants.test.ts); the
          // files pass in shuffled order. PGlite run 94.9 -> 64.8 CPU-s, PostgreSQL 44.2 -> 32.6.
          isolate: false,
        },
      },
      {
        test: {
          // Issue 13: attacks on the API as someone who has read the client bundle, judged by
          // their effect in the database. Same local server as the integration suite (PGlite).
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One module graph, as the integration suite (15.5 -> 13.1 CPU-s).
          isolate: false,
        },
      },
      {
        test: {
          // Whole stacks (API, builds, static host, publish worker): run once, on PGlite.
          name: 'stack',
          include: ['tests/stack/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Issue 13: faults and load. Each file starts its own servers (in child processes, so
          // they can be SIGKILLed) on PGlite and on PostgreSQL; the quick variant of
          // `npm run bench:reliability`.
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
