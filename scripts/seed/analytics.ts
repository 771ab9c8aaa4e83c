/**
 * Synthetic, deterministic view events for the insights screens: page and article views over
 * the last N days, from a pool of visitors (some signed in), with a few articles far more
 * popular than the rest and more traffic on weekdays.
 */

export interface AnalyticsRow {
  event_type: 'page_view' | 'article_view';
  article_id: number | null;
  user_id: string | null;
  metadata: { path: string; visitor_id: string; referrer: string; user_agent: string };
  visitor_key: string;
  created_at: string;
}

const PATHS = ['/', '/categories', '/events', '/search', '/about', '/category/energy', '/category/opinion', '/authors'];
const REFERRERS = [
  '',
  'https://www.google.com/',
  'https://www.linkedin.com/',
  'https://x.com/',
  'https://news.google.com/',
];
const AGENTS = [
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
];

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function generateAnalytics(opts: {
  articleIds: number[];
  userIds: string[];
  now: number;
  days: number;
  seed?: number;
}): AnalyticsRow[] {
  const rand = lcg(opts.seed ?? 27);
  const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)]!;
  const visitors = Array.from({ length: 180 }, (_, i) => `v-${(i * 2654435761) >>> 0}`);
  const rows: AnalyticsRow[] = [];
  for (let d = opts.days - 1; d >= 0; d--) {
    const dayStart = opts.now - (d + 1) * 86_400_000;
    const weekday = new Date(dayStart).getUTCDay();
    const volume = weekday === 0 || weekday === 6 ? 70 : 120;
    for (let i = 0; i < volume; i++) {
      const visitor = pick(visitors);
      const signedIn = rand() < 0.15 && opts.userIds.length > 0;
      const userId = signedIn ? pick(opts.userIds) : null;
      const isArticle = rand() < 0.55 && opts.articleIds.length > 0;
      // Squaring the draw skews traffic towards the first (newest) articles.
      const articleId = isArticle ? opts.articleIds[Math.floor(rand() ** 2 * opts.articleIds.length)]! : null;
      rows.push({
        event_type: isArticle ? 'article_view' : 'page_view',
        article_id: articleId,
        user_id: userId,
        metadata: {
          path: isArticle ? `/article/${articleId}` : pick(PATHS),
          visitor_id: visitor,
          referrer: pick(REFERRERS),
          user_agent: pick(AGENTS),
        },
        visitor_key: userId ?? visitor,
        created_at: new Date(dayStart + Math.floor(rand() * 86_400_000)).toISOString(),
      });
    }
  }
  return rows;
}
