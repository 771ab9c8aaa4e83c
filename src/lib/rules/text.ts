/**
 * Plain text from editor HTML, for excerpts, meta descriptions, feeds and JSON-LD. Parsing goes
 * through a real HTML parser (no regex tag stripping), so entities are decoded the way a browser
 * would and the text of scripts, styles and comments never leaks into a description.
 */
// The parser: sanitize-html's in Node (the build, scripts, tests); the browser's own DOMParser in a
// page (src/lib/browser/html-text.ts), so no page ships a second HTML parser for this (issue 29).
import { extractText } from '#html-text';
import type { Article } from '../types.ts';
import { EXCERPT_WORDS } from '../site.ts';

/** Elements that separate words: their boundaries become spaces so 'a</p><p>b' is 'a b'. */
const BLOCK_TAG =
  /<(?=\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|figure|figcaption|section|article|header|footer|img|iframe)\b)/gi;

/** Collapses every run of whitespace (including no-break spaces) to one space and trims. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The readable text of an HTML fragment: markup stripped, entities decoded ('&amp;' → '&',
 * '&nbsp;' → space), block boundaries turned into spaces, whitespace collapsed.
 * The result is plain text: escape it again before putting it into HTML.
 */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  return collapseWhitespace(extractText(html.replace(BLOCK_TAG, ' <')));
}

/** Trailing punctuation that reads badly before an ellipsis ('word,…'). */
const TRAILING_PUNCTUATION = /[\s,;:.!?\-–—]+$/;

/**
 * The first `maxWords` words of a text, with '…' when anything was cut. Punctuation left
 * dangling at the cut is removed ('carbon, water' → 'carbon…'). Whitespace is collapsed.
 */
export function truncateWords(text: string, maxWords: number): string {
  const words = collapseWhitespace(text).split(' ').filter(Boolean);
  if (words.length <= maxWords) return words.join(' ');
  return `${words.slice(0, Math.max(0, maxWords)).join(' ').replace(TRAILING_PUNCTUATION, '')}…`;
}

/**
 * At most `maxChars` characters, cut at a word boundary with '…' (counted in the limit), for meta
 * descriptions (160). A single word longer than the limit is cut mid-word rather than dropped.
 */
export function truncateChars(text: string, maxChars: number): string {
  const clean = collapseWhitespace(text);
  if (clean.length <= maxChars) return clean;
  const room = clean.slice(0, Math.max(0, maxChars - 1));
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(TRAILING_PUNCTUATION, '')}…`;
}

/**
 * A card or meta excerpt derived from an article body: its first 40 words as plain text (used
 * when the article has no excerpt of its own).
 */
export function excerptFromHtml(html: string | null | undefined, maxWords: number = EXCERPT_WORDS): string {
  return truncateWords(htmlToText(html), maxWords);
}

/** An article's own description (cards, meta, JSON-LD): its excerpt, else the first 40 words of its body. */
export function articleDescription(article: Pick<Article, 'excerpt' | 'body'>): string {
  // A build asks three times for each article's (its card's key, its page's meta and JSON-LD),
  // each a parse of its HTML: kept per article object while its excerpt and body are the same.
  const kept = descriptions.get(article);
  if (kept && kept.excerpt === article.excerpt && kept.body === article.body) return kept.text;
  const text = htmlToText(article.excerpt) || excerptFromHtml(article.body);
  descriptions.set(article, { excerpt: article.excerpt, body: article.body, text });
  return text;
}

const descriptions = new WeakMap<
  Pick<Article, 'excerpt' | 'body'>,
  { excerpt: string | null; body: string | null; text: string }
>();
