/**
 * The text of an HTML fragment, parsed by sanitize-html's parser: what `htmlToText` (text.ts) uses
 * in Node: the build, scripts and tests. A page gets `src/lib/browser/html-text.ts` instead (the
 * `#html-text` import's `browser` condition in package.json), which asks the browser's own parser
 * and so ships no parser at all; tests/unit/html-text.test.ts holds both to the same answers.
 */
import sanitizeHtml from 'sanitize-html';
import { NON_TEXT_TAGS } from './html-text-tags.ts';

const TEXT_ONLY: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
};

/** sanitize-html re-escapes &, < and > in text; undo exactly that (ampersand last). */
function unescapeText(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Markup stripped and entities decoded; whitespace as it was. */
export function extractText(html: string): string {
  return unescapeText(sanitizeHtml(html, TEXT_ONLY));
}
