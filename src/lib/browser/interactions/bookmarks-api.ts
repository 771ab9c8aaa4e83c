/**
 * The reader's bookmarks (spec §4 "Bookmark", §7): read one, add (a duplicate counts as done),
 * remove, and list with the articles for /bookmarks. Writes use the one browser client, loaded on
 * demand (getReaderClient); the toggle's read does not need it while the stored token is fresh.
 */
import { getReaderClient } from '../reader/session.ts';
import { currentCaller, rest } from '../engagement/rest.ts';
import type { SearchResult } from '../search/search-articles.ts';
import {
  BookmarkServiceError,
  isDuplicate,
  isMissingTable,
  type ServiceError,
} from '../../rules/interactions/service-errors.ts';

function fail(error: ServiceError): never {
  // A fetch that never got an answer comes back from postgrest-js without a code.
  if (error.code) throw new BookmarkServiceError(error);
  throw new Error(error.message ?? 'No answer');
}

/**
 * Whether the reader bookmarked the article: one plain REST read with the stored token (the
 * same request supabase-js would send), so a signed-in reader's article page shows the toggle's
 * state without downloading a client; an expired token loads supabase-js to refresh it first.
 */
export async function isBookmarked(userId: string, articleId: number): Promise<boolean> {
  const caller = await currentCaller(true);
  const query = `bookmarks?select=id&user_id=eq.${encodeURIComponent(userId)}&article_id=eq.${articleId}&limit=1`;
  const result = await rest<{ id: number }[]>(query, { method: 'GET', caller, minimal: false });
  if (!result.ok) fail({ code: result.status === 0 ? undefined : result.code, message: result.message });
  return result.data.length > 0;
}

/** Inserts the bookmark; one that already exists (23505) is the same outcome. */
export async function addBookmark(userId: string, articleId: number): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.from('bookmarks').insert({ user_id: userId, article_id: articleId });
  if (error && !isDuplicate(error)) fail(error);
}

export async function removeBookmark(userId: string, articleId: number): Promise<void> {
  const client = await getReaderClient();
  const { error } = await client.from('bookmarks').delete().eq('user_id', userId).eq('article_id', articleId);
  if (error) fail(error);
}

const ARTICLE_COLUMNS = 'id,title,slug,excerpt,hero_image_url,published_at,created_at,author_id,primary_category_id';

/**
 * The reader's bookmarked articles, newest bookmark first, in the shape the search grid's cards
 * take (so the card details come from the same batched reads). Articles no longer visible
 * (unpublished, archived) drop out. A missing table is an empty list (§8).
 */
export async function listBookmarkedArticles(userId: string): Promise<SearchResult[]> {
  const client = await getReaderClient();
  const { data, error } = await client
    .from('bookmarks')
    .select(`article_id, created_at, articles_meta(${ARTICLE_COLUMNS})`)
    .eq('user_id', userId)
    .order('created_at', { ascending: false });
  if (error) {
    if (isMissingTable(error)) return [];
    throw new Error(error.message);
  }
  const rows = (data ?? []) as unknown as { articles_meta: SearchResult | SearchResult[] | null }[];
  return rows
    .map((row) => (Array.isArray(row.articles_meta) ? (row.articles_meta[0] ?? null) : row.articles_meta))
    .filter((article): article is SearchResult => article !== null);
}
