/**
 * What a signed-out reader started before signing in (spec §3 keys, §4): the article they tried to
 * bookmark (`pendingBookmark`, the article id) and the comment they were typing
 * (`pendingComment`, `{articleId, text}`). Stored in localStorage so they survive the trip through
 * /login; the article's islands finish them when the reader is back with a session.
 */
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';

export interface PendingComment {
  articleId: number;
  text: string;
}

/** The article id of a stored pending bookmark, or null for anything else. */
export function parsePendingBookmark(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A stored pending comment, or null when it is missing, malformed or empty. */
export function parsePendingComment(raw: string | null): PendingComment | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { articleId?: unknown; text?: unknown } | null;
    const articleId = value?.articleId;
    const text = value?.text;
    if (typeof articleId !== 'number' || !Number.isSafeInteger(articleId) || articleId <= 0) return null;
    if (typeof text !== 'string' || text.length === 0) return null;
    return { articleId, text };
  } catch {
    return null;
  }
}

/** The pending comment text for this article, or null. */
export function pendingCommentFor(raw: string | null, articleId: number): string | null {
  const pending = parsePendingComment(raw);
  return pending && pending.articleId === articleId ? pending.text : null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked storage: nothing survives the login, the reader retypes
  }
}

export function readPendingBookmark(): number | null {
  return parsePendingBookmark(storage()?.getItem(STORAGE_KEYS.pendingBookmark) ?? null);
}

export function storePendingBookmark(articleId: number): void {
  storage()?.setItem(STORAGE_KEYS.pendingBookmark, String(articleId));
}

export function clearPendingBookmark(): void {
  storage()?.removeItem(STORAGE_KEYS.pendingBookmark);
}

export function readPendingComment(articleId: number): string | null {
  return pendingCommentFor(storage()?.getItem(STORAGE_KEYS.pendingComment) ?? null, articleId);
}

/** Keeps the text typed so far; an empty box removes the key. */
export function storePendingComment(articleId: number, text: string): void {
  if (text.length === 0) storage()?.removeItem(STORAGE_KEYS.pendingComment);
  else storage()?.setItem(STORAGE_KEYS.pendingComment, JSON.stringify({ articleId, text } satisfies PendingComment));
}

export function clearPendingComment(): void {
  storage()?.removeItem(STORAGE_KEYS.pendingComment);
}
