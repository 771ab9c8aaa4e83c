import { describe, expect, it } from 'vitest';
import {
  articleDescription,
  collapseWhitespace,
  excerptFromHtml,
  htmlToText,
  truncateChars,
  truncateWords,
} from '../../src/lib/rules/text.ts';

describe('htmlToText', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<p>One</p><p>Two</p>', 'One Two'],
    ['<h2>Title</h2>Body', 'Title Body'],
    ['line<br>break<br/>again', 'line break again'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['<td>1</td><td>2</td>', '1 2'],
    ['in<strong>line</strong>', 'inline'],
    ['Tom &amp; Jerry', 'Tom & Jerry'],
    ['&lt;script&gt; is text', '<script> is text'],
    ['R50&nbsp;000 &ndash; &quot;quoted&quot; &#39;single&#39; &#x2019;', 'R50 000 – "quoted" \'single\' ’'],
    ['&amp;amp; stays one level', '&amp; stays one level'],
    ['<script>alert(1)</script>Visible', 'Visible'],
    ['<style>p{color:red}</style>Visible', 'Visible'],
    ['<!-- hidden -->Visible', 'Visible'],
    ['<svg><title>icon</title></svg>Visible', 'Visible'],
    ['  lots \n\t of   space  ', 'lots of space'],
    ['plain text', 'plain text'],
    ['CO2 < 5 and 7 > 3', 'CO2 < 5 and 7 > 3'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it.each([null, undefined])('gives an empty string for %j', (value) => {
    expect(htmlToText(value)).toBe('');
  });
});

describe('collapseWhitespace', () => {
  it('collapses spaces, tabs, new lines and no-break spaces', () => {
    expect(collapseWhitespace(' a \u00a0\n b\t ')).toBe('a b');
  });
});

describe('truncateWords', () => {
  it.each([
    ['one two three', 3, 'one two three'],
    ['one two three', 5, 'one two three'],
    ['one two three four', 3, 'one two three…'],
    ['carbon, water, energy', 1, 'carbon…'],
    ['end. Next sentence', 1, 'end…'],
    ['dash — more words', 2, 'dash…'],
    ['  spaced   out   words  ', 2, 'spaced out…'],
    ['', 3, ''],
    ['one two', 0, '…'],
  ])('%j to %i words → %j', (text, n, expected) => {
    expect(truncateWords(text, n)).toBe(expected);
  });
});

describe('truncateChars', () => {
  it.each([
    ['short', 10, 'short'],
    ['exactly ten', 11, 'exactly ten'],
    ['the quick brown fox', 12, 'the quick…'],
    ['the quick, brown fox', 12, 'the quick…'],
    ['Supercalifragilistic', 10, 'Supercali…'],
  ])('%j to %i chars → %j', (text, max, expected) => {
    const out = truncateChars(text, max);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(max);
  });
});

describe('excerptFromHtml: 40 words of plain text', () => {
  const body = `<p>${Array.from({ length: 60 }, (_, i) => `w${i + 1}`).join(' ')}</p>`;

  it('keeps the first 40 words and adds an ellipsis', () => {
    const excerpt = excerptFromHtml(body);
    expect(excerpt.split(' ')).toHaveLength(40);
    expect(excerpt.startsWith('w1 w2 ')).toBe(true);
    expect(excerpt.endsWith('w40…')).toBe(true);
  });

  it('returns a short body whole, markup stripped and entities decoded', () => {
    expect(excerptFromHtml('<p>Eskom &amp; <em>wind</em></p><p>power.</p>')).toBe('Eskom & wind power.');
  });

  it('honours another word count', () => {
    expect(excerptFromHtml(body, 3)).toBe('w1 w2 w3…');
  });

  it.each([null, undefined, ''])('gives an empty string for %j', (value) => {
    expect(excerptFromHtml(value)).toBe('');
  });
});

describe('articleDescription', () => {
  it('uses the excerpt', () => {
    expect(articleDescription({ excerpt: 'Short &amp; sweet', body: '<p>Body</p>' })).toBe('Short & sweet');
  });

  it.each([null, '', '   '])('falls back to the body when the excerpt is %j', (excerpt) => {
    expect(articleDescription({ excerpt, body: '<p>From the <b>body</b></p>' })).toBe('From the body');
  });

  it('is empty without excerpt and body', () => {
    expect(articleDescription({ excerpt: null, body: null })).toBe('');
  });

  it('follows an article whose excerpt or body changed since it was last asked', () => {
    const article: { excerpt: string | null; body: string | null } = { excerpt: 'First', body: '<p>Body</p>' };
    expect(articleDescription(article)).toBe('First');
    article.excerpt = 'Second';
    expect(articleDescription(article)).toBe('Second');
    article.excerpt = null;
    expect(articleDescription(article)).toBe('Body');
    article.body = '<p>Other body</p>';
    expect(articleDescription(article)).toBe('Other body');
  });
});
