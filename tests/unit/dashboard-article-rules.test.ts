import { describe, expect, it } from 'vitest';
import {
  articleError,
  autoExcerpt,
  categoriesToSave,
  countWords,
  excerptToSave,
  isOldStyleSlug,
  limitExcerpt,
  pdfError,
  primaryCategory,
  slugify,
  toggleCategory,
  uniqueSlug,
  uploadName,
  type ArticleDraft,
} from '../../src/dashboard/shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';

describe('slugify (§5)', () => {
  it.each([
    ['Solar Power in Kenya', 'solar-power-in-kenya'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Net-zero -- by 2050!!', 'net-zero-by-2050'],
    ['ESG: what’s next?', 'esg-what-s-next'],
    ['Côte d’Ivoire cocoa', 'cote-d-ivoire-cocoa'],
    ['---', 'article'],
    ['', 'article'],
    ['A_B', 'a-b'],
  ])('%j → %j', (title, slug) => expect(slugify(title)).toBe(slug));
});

describe('uniqueSlug (§5)', () => {
  it('keeps a free slug', () => expect(uniqueSlug('a', ['b'])).toBe('a'));
  it('appends -1 on the first collision', () => expect(uniqueSlug('a', ['a'])).toBe('a-1'));
  it('counts on past taken suffixes', () => expect(uniqueSlug('a', ['a', 'a-1', 'a-2'])).toBe('a-3'));
  it('fills the first gap', () => expect(uniqueSlug('a', ['a', 'a-2'])).toBe('a-1'));
});

describe('isOldStyleSlug', () => {
  it.each([
    ['solar-power', false],
    ['Solar_Power', true],
    ['solar--power', true],
    ['', false],
  ])('%j → %s', (slug, old) => expect(isOldStyleSlug(slug)).toBe(old));
});

describe('excerpt (§5: 40 words, 400 characters)', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  it('counts words', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  one   two ')).toBe(2);
  });
  it('keeps 40 words as typed', () => expect(limitExcerpt(words(40))).toEqual({ value: words(40), error: null }));
  it('cuts 41 words to 40 with the message', () =>
    expect(limitExcerpt(words(41))).toEqual({ value: words(40), error: 'Excerpt cannot exceed 40 words.' }));
  it('caps input at 400 characters', () => {
    const long = 'x'.repeat(450);
    expect(limitExcerpt(long).value).toHaveLength(400);
  });
  it('generates a blank excerpt from the first 40 words of the body, markup stripped', () => {
    const body = `<h2>Title</h2><p>${words(50)}</p>`;
    expect(autoExcerpt(body)).toBe(['Title', ...words(39).split(' ')].join(' '));
    expect(excerptToSave('  ', body)).toBe(autoExcerpt(body));
    expect(excerptToSave(' Mine ', body)).toBe('Mine');
  });
  it('decodes entities', () => expect(autoExcerpt('<p>Water &amp; power</p>')).toBe('Water & power'));
});

describe('pdfError (§5)', () => {
  it.each([
    [{ type: 'application/pdf', size: 1000 }, null],
    [{ type: 'image/png', size: 1000 }, 'Please select a PDF file.'],
    [{ type: 'application/pdf', size: 30 * 1024 * 1024 }, 'PDF file size must be less than 30MB.'],
    [{ type: 'application/pdf', size: 30 * 1024 * 1024 - 1 }, null],
  ])('%j → %j', (file, message) => expect(pdfError(file)).toBe(message));
});

describe('categories (§5)', () => {
  const all = [
    { id: 1, name: 'Environment', parent_id: null },
    { id: 2, name: 'Renewables', parent_id: 1 },
    { id: 3, name: 'Governance', parent_id: null },
  ];
  it('choosing a subcategory also selects its parent', () => expect(toggleCategory([], 2, all)).toEqual([1, 2]));
  it('does not repeat a selected parent', () => expect(toggleCategory([3, 1], 2, all)).toEqual([3, 1, 2]));
  it('unchoosing removes only that category', () => expect(toggleCategory([1, 2], 2, all)).toEqual([1]));
  it('the starred category is primary while selected', () => expect(primaryCategory([1, 3], 3)).toBe(3));
  it('none starred → the first selected is primary', () => expect(primaryCategory([3, 1], null)).toBe(3));
  it('a star on an unselected category falls back to the first', () => expect(primaryCategory([1], 3)).toBe(1));
  it('no selection → no primary', () => expect(primaryCategory([], null)).toBeNull());
  it('a new article with none selected gets the first category', () => {
    expect(categoriesToSave([], all, true)).toEqual([1]);
    expect(categoriesToSave([], all, false)).toEqual([]);
    expect(categoriesToSave([3], all, true)).toEqual([3]);
  });
});

describe('articleError (§5, in order)', () => {
  const ok: ArticleDraft = {
    title: 'T',
    bodyHtml: '<p>Body</p>',
    excerpt: '',
    heroImageUrl: 'https://x/y.webp',
    isReport: false,
    pdfUrl: '',
    uploading: false,
  };
  it.each<[string, Partial<ArticleDraft>, string | null]>([
    ['a complete article', {}, null],
    ['no title', { title: '  ' }, ARTICLE_FORM.titleRequired],
    ['an upload running', { uploading: true }, 'Please wait for the upload to finish.'],
    ['no featured image', { heroImageUrl: '' }, 'Please upload a featured image.'],
    ['an empty body', { bodyHtml: '<p> </p>' }, 'Please add content to the article body.'],
    ['a body that is only an image', { bodyHtml: '<p><img src="a.png"></p>' }, null],
    ['a report without a PDF', { isReport: true, excerpt: 'E' }, 'Please upload a PDF file for the report.'],
    ['a report without an excerpt', { isReport: true, pdfUrl: 'p.pdf' }, 'Excerpt is required for reports.'],
    ['a report needs no body', { isReport: true, pdfUrl: 'p.pdf', excerpt: 'E', bodyHtml: '' }, null],
  ])('%s', (_, change, message) => expect(articleError({ ...ok, ...change })).toBe(message));
});

describe('uploadName (§7: timestamp-random plus extension)', () => {
  it('keeps the extension in lower case', () =>
    expect(uploadName('Photo.JPG', 1700000000000, 0.5)).toBe('1700000000000-i.jpg'));
  it('falls back to bin without one', () => expect(uploadName('noext', 1, 0.25)).toMatch(/^1-[a-z0-9]+\.bin$/));
});
