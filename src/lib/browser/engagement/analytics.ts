/**
 * Page and article views (spec §7, issue 9 "Analytics"): one `page_view` on every public page and
 * an `article_view` on article pages, with {path, user_agent, referrer, visitor_id}. Sent only
 * with analytics consent, once per page, with `keepalive` so the request never holds the page.
 * The user id is not sent: the database takes it from the access token (the insert trigger), so
 * a signed-in reader's fresh token is used and an expired one falls back to anonymous rather than
 * loading supabase-js to refresh it.
 */
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';
import { currentCaller, rest } from './rest.ts';
import { browserFingerprint, resolveVisitor } from '../../rules/engagement/visitor.ts';

export interface ViewContext {
  path: string;
  userAgent: string;
  referrer: string;
  visitorId: string;
  /** The article shown, on article pages. */
  articleId: number | null;
}

export interface ViewRow {
  event_type: 'page_view' | 'article_view';
  article_id: number | null;
  metadata: { path: string; user_agent: string; referrer: string; visitor_id: string };
}

/** The rows one page load records. */
export function viewRows(context: ViewContext): ViewRow[] {
  const metadata = {
    path: context.path.slice(0, 1000),
    user_agent: context.userAgent.slice(0, 500),
    referrer: context.referrer.slice(0, 1000),
    visitor_id: context.visitorId,
  };
  const rows: ViewRow[] = [{ event_type: 'page_view', article_id: null, metadata }];
  if (context.articleId !== null) rows.push({ event_type: 'article_view', article_id: context.articleId, metadata });
  return rows;
}

/** This browser's visitor id, created or replaced (fingerprint change) as needed. */
function visitorId(): string {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEYS.visitorId);
  } catch {
    // storage blocked: a per-page id
  }
  const { id, store } = resolveVisitor(stored, browserFingerprint(), () => crypto.randomUUID());
  if (store) {
    try {
      window.localStorage.setItem(STORAGE_KEYS.visitorId, JSON.stringify(store));
    } catch {
      // as above
    }
  }
  return id;
}

/** The article id the page declares (`data-article-view` on article pages), or null. */
function pageArticleId(): number | null {
  const raw = document.querySelector<HTMLElement>('[data-article-view]')?.dataset.articleView;
  const id = raw ? Number(raw) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

let sent = false;

/** Records this page's views, once. Call only with analytics consent. */
export async function recordPageViews(): Promise<void> {
  if (sent) return;
  sent = true;
  const caller = await currentCaller(false);
  const rows = viewRows({
    path: window.location.pathname,
    userAgent: navigator.userAgent,
    referrer: document.referrer,
    visitorId: visitorId(),
    articleId: pageArticleId(),
  });
  await Promise.all(rows.map((row) => rest('analytics', { caller, body: row, keepalive: true })));
}
