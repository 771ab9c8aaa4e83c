/**
 * `/article/{id}` answers with a redirect to the article's slug URL (§2: "an article id is
 * accepted in place of the slug"). The build emits no page per id: it writes the static host's
 * redirect rules (`_redirects`, read by Netlify and Cloudflare Pages and by the local static
 * server) and, for hosts without redirect support or past their rule limits, small id → slug
 * JSON shards that the article-not-found page looks up in the browser.
 */
import { articleIdPath, articlePath } from './article-links.ts';
import type { Article, SiteData } from '../types.ts';

export interface IdRedirect {
  id: number;
  /** `/article/{id}`. */
  from: string;
  /** The canonical `/article/{slug}`. */
  to: string;
}

/** Ids per JSON shard: ~60 KB (~15 KB compressed) each, whatever the number of articles. */
const ID_SHARD_SIZE = 1000;

/**
 * Every public article's id redirect, by id. An article whose slug is another article's id
 * ('2030') keeps its own URL: the slug wins, as resolveArticle reads it, so that id has no rule.
 */
export function articleIdRedirects(data: Pick<SiteData, 'articles' | 'articleBySlug'>): IdRedirect[] {
  let redirects = redirectsByData.get(data);
  if (!redirects) {
    redirects =
      updatedRedirects(data.articles, lastMade) ??
      data.articles
        .filter((a) => !data.articleBySlug.has(String(a.id)))
        .map(redirectOf)
        .sort((a, b) => a.id - b.id);
    redirectsByData.set(data, redirects);
    lastMade = { articles: data.articles, redirects };
  }
  return redirects;
}

function redirectOf(a: Article): IdRedirect {
  let redirect = redirectByArticle.get(a);
  if (!redirect) redirectByArticle.set(a, (redirect = { id: a.id, from: articleIdPath(a.id), to: articlePath(a) }));
  return redirect;
}

/** The last list made, and the articles (in their order) it was made from. */
let lastMade: { articles: readonly Article[]; redirects: IdRedirect[] } | undefined;

/** A slug that could be an id: the only kind that takes another article's rule away. */
const ID_LIKE = /^\d+$/;

/**
 * The last list with the rules of the articles that changed in place made again, when that is all
 * that changed: as many articles, each that is not the same object has the same id, and no slug
 * that went or came looks like an id (which would change which ids have a rule). At 100,000
 * articles an edit then neither filters nor sorts 100,000 rules. Undefined otherwise.
 */
function updatedRedirects(articles: readonly Article[], before: typeof lastMade): IdRedirect[] | undefined {
  if (!before || before.articles.length !== articles.length) return undefined;
  const changed: Article[] = [];
  for (let i = 0; i < articles.length; i++) {
    const now = articles[i]!;
    const was = before.articles[i]!;
    if (now === was) continue;
    if (now.id !== was.id || ID_LIKE.test(now.slug) || ID_LIKE.test(was.slug) || changed.length >= 1000)
      return undefined;
    changed.push(now);
  }
  const redirects = before.redirects.slice();
  for (const article of changed) {
    // By id, in the list sorted by id.
    let lo = 0;
    let hi = redirects.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (redirects[mid]!.id < article.id) lo = mid + 1;
      else hi = mid;
    }
    // An article without a rule (its id is another's slug) is rare: the list is made again.
    if (redirects[lo]?.id !== article.id) return undefined;
    redirects[lo] = redirectOf(article);
  }
  return redirects;
}

/**
 * A build asks twice (the `_redirects` file and the id shards), and a process that builds many
 * times gets the same Article for an unchanged row (src/lib/build/data/fetch-site-data.ts): one
 * list per build's data, one redirect per article object (100,000 of them at every publish).
 * Neither is ever changed after it is made.
 */
const redirectsByData = new WeakMap<object, IdRedirect[]>();
const redirectByArticle = new WeakMap<object, IdRedirect>();
const lines = new WeakMap<IdRedirect, string>();

const lineOf = (r: IdRedirect): string => {
  let line = lines.get(r);
  if (line === undefined) lines.set(r, (line = `${r.from} ${r.to} 301\n`));
  return line;
};

/**
 * The last file made and its rules: an edit that keeps its article's slug gives the article a new
 * rule object with the same line, and then the ~3 MB text at 100,000 articles is the last one.
 */
let lastFile: { redirects: readonly IdRedirect[]; text: string } | undefined;

function sameLines(a: readonly IdRedirect[], b: readonly IdRedirect[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && lineOf(a[i]!) !== lineOf(b[i]!)) return false;
  return true;
}

/** The `_redirects` file: one permanent redirect per line, in the Netlify / Cloudflare format. */
export function redirectsFile(redirects: readonly IdRedirect[]): string {
  if (lastFile && sameLines(redirects, lastFile.redirects)) {
    lastFile = { redirects, text: lastFile.text };
    return lastFile.text;
  }
  const head = '# /article/{id} → the article (generated by the build from the published articles)\n';
  const text = head + redirects.map(lineOf).join('');
  lastFile = { redirects, text };
  return text;
}

/** The shard that holds an id: `/article-ids/{n}.json` with n = ⌊id / ID_SHARD_SIZE⌋. */
export function idShard(id: number): number {
  return Math.floor(id / ID_SHARD_SIZE);
}

/** The id → slug shards, keyed by shard number; each maps `"{id}"` to the raw slug. */
export function idShards(articles: readonly Pick<Article, 'id' | 'slug'>[], redirects: readonly IdRedirect[]) {
  const slugById = new Map(articles.map((a) => [a.id, a.slug]));
  const shards = new Map<number, Record<string, string>>();
  for (const { id } of redirects) {
    const shard = shards.get(idShard(id)) ?? {};
    shard[String(id)] = slugById.get(id)!;
    shards.set(idShard(id), shard);
  }
  return shards;
}
