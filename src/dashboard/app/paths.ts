/**
 * Every dashboard screen's path (wouter, base /dashboard), in the order they are matched: a fixed
 * path before the `:id` beside it. `routes.tsx` gives each path its screen (a path without one is
 * a type error) and `tests/e2e/dashboard-desk.spec.ts` opens each, so a new screen cannot miss its
 * overflow and axe checks. Plain data, no React: the tests import it.
 */
export const DASHBOARD_PATHS = [
  '/',
  '/insights',
  '/articles',
  '/articles/new',
  '/articles/:id',
  '/archive',
  '/comments',
  '/events',
  '/contact-submissions',
  '/subscribers',
  '/newsletters',
  '/newsletters/new',
  '/newsletters/:id',
  '/bookmarks',
  '/profile',
] as const;

export type DashboardPath = (typeof DASHBOARD_PATHS)[number];
