/**
 * The count under the body (issue 29): words in the article's text, and the minutes a reader
 * needs at an adult's silent reading pace, rounded up (a body with any words reads in a minute).
 */
import { htmlToText } from '../../../lib/rules/text.ts';

/** Words a minute: the usual figure for adults reading non-fiction in English. */
export const WORDS_PER_MINUTE = 230;

export function bodyWordCount(html: string): { words: number; minutes: number } {
  const words = htmlToText(html)
    .split(' ')
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return { words, minutes: Math.ceil(words / WORDS_PER_MINUTE) };
}
