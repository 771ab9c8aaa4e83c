/**
 * Integration files that the PostgreSQL pass (`npm run test:integration:pg`) leaves out: they
 * never use the pass's server. Two are about PGlite itself (its upkeep, the migrated template);
 * the others start servers of their own on in-memory PGlite whatever the pass, so a second run
 * would repeat the first. tests/unit/pglite-only-files.test.ts holds each to that: a file listed
 * here that starts reading the shared server (`inject(`) fails it.
 */
/** About PGlite itself: nothing to run against PostgreSQL 15. */
const ABOUT_PGLITE_FILES = [
  'tests/integration/embedded-maintenance.test.ts',
  'tests/integration/pglite-template.test.ts',
] as const;

/** Their own in-memory servers, the same in either pass. */
export const OWN_SERVER_FILES = [
  'tests/integration/auth-config.test.ts',
  'tests/integration/auth-smtp.test.ts',
  'tests/integration/publish-webhook-vault.test.ts',
  'tests/integration/setup-production.test.ts',
  'tests/integration/storage-render-free-plan.test.ts',
] as const;

export const PGLITE_ONLY_FILES = [...ABOUT_PGLITE_FILES, ...OWN_SERVER_FILES];
