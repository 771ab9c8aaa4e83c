import { describe, expect, it } from 'vitest';
import {
  autoKeywords,
  focusKeywordUsed,
  keywordPool,
  metaDescriptionFrom,
  normalizeKeywords,
  pageSeo,
  seoBand,
  seoScore,
  seoTitleFrom,
  shownSuggestions,
  storedSeo,
  type SeoFields,
} from '../../src/lib/rules/seo-panel.ts';
import { articleView } from '../../src/lib/rules/view/article.ts';
import { article } from './lib-fixtures.ts';

describe('auto-filled fields (§5)', () => {
  it('keeps a title of 60 characters', () => expect(seoTitleFrom('a'.repeat(60))).toBe('a'.repeat(60)));
  it('cuts a 61-character title to 57 plus an ellipsis', () =>
    expect(seoTitleFrom('a'.repeat(61))).toBe(`${'a'.repeat(57)}...`));
  it('keeps a description of 160 characters', () => expect(metaDescriptionFrom('b'.repeat(160))).toHaveLength(160));
  it('cuts a 161-character description to 157 plus an ellipsis', () =>
    expect(metaDescriptionFrom('b'.repeat(161))).toBe(`${'b'.repeat(157)}...`));
});

describe('keywords (§5, §9)', () => {
  it('are unique, trimmed, lower case and at most 20', () => {
    expect(normalizeKeywords([' Solar ', 'solar', '', 'Wind  power'])).toEqual(['solar', 'wind power']);
    expect(normalizeKeywords(Array.from({ length: 25 }, (_, i) => `k${i}`))).toHaveLength(20);
  });
  const names = Array.from({ length: 12 }, (_, i) => `Topic${i} Longword${i}`);
  it('the pool is cut at 20', () => expect(keywordPool(names)).toHaveLength(20));
  it('10 are suggested automatically', () => expect(autoKeywords(names)).toEqual(keywordPool(names).slice(0, 10)));
  it('15 not yet chosen are shown', () => {
    const shown = shownSuggestions(names, ['topic0 longword0']);
    expect(shown).toHaveLength(15);
    expect(shown).not.toContain('topic0 longword0');
  });
  it('suggests category names, then their longer words', () =>
    expect(keywordPool(['Renewable Energy', 'ESG'])).toEqual(['renewable energy', 'esg', 'renewable', 'energy']));
});

describe('seoScore (§9)', () => {
  const five = ['a', 'b', 'c', 'd', 'e'];
  const full: SeoFields = {
    seoTitle: 'Solar in Kenya',
    metaDescription: 'About solar',
    keywords: five,
    focusKeyword: 'solar',
  };
  const score = (change: Partial<SeoFields>, title = 'Solar in Kenya', excerpt = '') =>
    seoScore({ ...full, ...change }, title, excerpt).score;
  it('gives 100 when all four are right', () => expect(score({})).toBe(100));
  it.each<[string, Partial<SeoFields>, number]>([
    ['title 61–70 → 15', { seoTitle: 'x'.repeat(70) }, 90],
    ['title over 70 → 0', { seoTitle: 'x'.repeat(71) }, 75],
    ['no title → 0', { seoTitle: '' }, 75],
    ['description 161–200 → 15', { metaDescription: 'x'.repeat(200) }, 90],
    ['description over 200 → 0', { metaDescription: 'x'.repeat(201) }, 75],
    ['3 keywords → 15', { keywords: ['a', 'b', 'c'] }, 90],
    ['2 keywords → 0', { keywords: ['a', 'b'] }, 75],
    ['16 keywords → 15', { keywords: Array.from({ length: 16 }, (_, i) => `k${i}`) }, 90],
    ['15 keywords → 25', { keywords: Array.from({ length: 15 }, (_, i) => `k${i}`) }, 100],
    ['focus keyword missing from title and excerpt → 0', { focusKeyword: 'wind' }, 75],
  ])('%s', (_, change, expected) => expect(score(change)).toBe(expected));
  it('finds the focus keyword in the excerpt too', () =>
    expect(score({ focusKeyword: 'wind' }, 'T', 'Wind farms')).toBe(100));
  it.each([
    [100, 'good'],
    [80, 'good'],
    [79, 'medium'],
    [60, 'medium'],
    [59, 'poor'],
    [0, 'poor'],
  ])('bands: %i is %s', (value, band) => expect(seoBand(value)).toBe(band));
  it.each<[Partial<SeoFields>, number, string]>([
    [{ seoTitle: 'x'.repeat(70), metaDescription: 'x'.repeat(200) }, 80, 'good'],
    [{ seoTitle: 'x'.repeat(70), metaDescription: '' }, 65, 'medium'],
    [{ seoTitle: 'x'.repeat(70), metaDescription: '', keywords: ['a', 'b', 'c'] }, 55, 'poor'],
  ])('scores real inputs: %j → %i (%s)', (change, value, band) => {
    const result = seoScore({ ...full, ...change }, 'Solar', '');
    expect([result.score, result.band]).toEqual([value, band]);
  });
  it('suggests what is missing', () => {
    const { suggestions } = seoScore({ seoTitle: '', metaDescription: '', keywords: [], focusKeyword: '' }, '', '');
    expect(suggestions).toEqual([
      'Add an SEO title.',
      'Add a meta description.',
      'Use 5 to 15 keywords.',
      'Choose a focus keyword.',
    ]);
  });
  it('focusKeywordUsed ignores case and needs a keyword', () => {
    expect(focusKeywordUsed('SOLAR', 'solar farms', '')).toBe(true);
    expect(focusKeywordUsed(' ', 'solar', '')).toBe(false);
  });
});

describe('stored SEO fields (articles_meta.seo)', () => {
  it('reads what the form stored and ignores junk', () => {
    expect(storedSeo({ seoTitle: 'T', metaDescription: 'D', keywords: ['a', 1], focusKeyword: 'a' })).toEqual({
      seoTitle: 'T',
      metaDescription: 'D',
      keywords: ['a'],
      focusKeyword: 'a',
    });
    expect(storedSeo(null)).toEqual({ seoTitle: '', metaDescription: '', keywords: [], focusKeyword: '' });
  });
  it('gives the public page its title and description, or null when both are empty', () => {
    expect(pageSeo({ seoTitle: ' T ', metaDescription: '' })).toEqual({ seoTitle: 'T', metaDescription: '' });
    expect(pageSeo({ keywords: ['a'] })).toBeNull();
  });
  it('the article page uses them when present', () => {
    const base = article({ title: 'Headline', excerpt: 'Excerpt text' });
    const data = { categoryById: new Map(), authorById: new Map() };
    const plain = articleView(base, data, 'https://example.test');
    const withSeo = articleView(
      { ...base, seo: { seoTitle: 'SEO headline', metaDescription: 'SEO description' } },
      data,
      'https://example.test',
    );
    expect(plain.meta.description).toBe('Excerpt text');
    expect(withSeo.meta.title).toContain('SEO headline');
    expect(withSeo.meta.description).toBe('SEO description');
  });
});
