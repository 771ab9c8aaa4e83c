/**
 * The links between /login and /register (`a[data-carry-redirect]`) keep the page's `?redirect=`,
 * so a reader who was sent to log in from an article (a bookmark, a comment) and registers instead
 * comes back to that article after confirming and logging in (issue 28). Without JavaScript the
 * links stay plain /register and /login.
 */
import { accountPageHref } from '../lib/rules/reader/safe-redirect.ts';

export function carryRedirect(): void {
  const redirect = new URLSearchParams(window.location.search).get('redirect');
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-carry-redirect]')) {
    const page = link.getAttribute('href');
    if (page === '/login' || page === '/register') link.href = accountPageHref(page, redirect);
  }
}
