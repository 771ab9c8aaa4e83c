/**
 * Where the guard sends a signed-out visitor: the login page with the dashboard URL they asked
 * for, so the login page can bring them back (`/login?redirect=/dashboard/articles/12`).
 */
export function loginUrl(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search + location.hash)}`;
}
