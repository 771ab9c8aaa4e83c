/**
 * The /author/… 404 page (src/pages/errors/author-not-found.astro) on a static host: only staff
 * profiles are built, so a reader's username and a name nobody has both land here with 404. The
 * page asks the database which it is; for an account whose profile is not public it says so
 * (reader spec §2: 'This profile is not public.'), otherwise it stays 'Author not found.' (§8).
 * The HTTP status stays 404 either way: the host answered before any script ran.
 */
import { authorProfileStatus } from '../lib/browser/reader/author-status.ts';
import { LABELS } from '../lib/messages/reader.ts';
import { SITE_NAME } from '../lib/site.ts';

/** The username of an /author/{username}[/…] path, or null for any other path. */
function usernameOf(pathname: string): string | null {
  const match = /^\/author\/([^/]+)/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export async function installAuthorFallback(): Promise<void> {
  const username = usernameOf(window.location.pathname);
  const heading = document.querySelector('main h1');
  const notice = document.querySelector('[data-notice]');
  if (!username || !heading || !notice) return;
  if ((await authorProfileStatus(username)) !== 'not_staff') return;
  heading.textContent = LABELS.profileNotPublic;
  notice.textContent = LABELS.profileNotPublicDetail;
  document.title = `${LABELS.profileNotPublic.replace(/\.$/, '')} | ${SITE_NAME}`;
}
