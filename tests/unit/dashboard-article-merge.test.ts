/** The field-by-field three-way merge of two people's edits to one article (issue 18). */
import { describe, expect, it } from 'vitest';
import {
  fieldLabels,
  mergeArticle,
  resolveConflicts,
  type ArticleContent,
  type MergeField,
} from '../../src/dashboard/features/article-form/article-merge.ts';

const base: ArticleContent = {
  title: 'Solar tariffs',
  body: '<p>One two three.</p>',
  excerpt: 'Short',
  heroImageUrl: '/a.webp',
  imageReference: '',
  heroImageAlt: 'Rooftop panels',
  heroImageCaption: '',
  status: 'draft',
  publishAt: null,
  isReport: false,
  pdfUrl: '',
  showEditedTag: false,
  categoryIds: [1, 2],
  starred: 1,
  seo: { seoTitle: 'Solar tariffs', metaDescription: 'Short', keywords: ['solar'], focusKeyword: '' },
};

describe('mergeArticle', () => {
  it.each([
    ['only they changed the title: taken, no conflict', { title: 'Fixed' }, {}, { title: 'Fixed' }, ['title'], []],
    ['only I changed the excerpt: kept', {}, { excerpt: 'Mine' }, { excerpt: 'Mine' }, [], []],
    [
      'they wrote the alt text, I scheduled it: both kept',
      { heroImageAlt: 'Panels on a Soweto roof' },
      { publishAt: '2026-12-01T06:00:00.000Z' },
      { heroImageAlt: 'Panels on a Soweto roof', publishAt: '2026-12-01T06:00:00.000Z' },
      ['heroImageAlt'],
      [],
    ],
    [
      'both changed the publication time differently: a conflict',
      { publishAt: '2026-12-01T06:00:00.000Z' },
      { publishAt: '2026-12-02T06:00:00.000Z' },
      { publishAt: '2026-12-02T06:00:00.000Z' },
      [],
      ['publishAt'],
    ],
    [
      'they the title, I the excerpt: both',
      { title: 'Fixed' },
      { excerpt: 'Mine' },
      { title: 'Fixed', excerpt: 'Mine' },
      ['title'],
      [],
    ],
    ['both the same new title: no conflict', { title: 'Same' }, { title: 'Same' }, { title: 'Same' }, [], []],
    ['both the title, differently: conflict', { title: 'Theirs' }, { title: 'Mine' }, { title: 'Mine' }, [], ['title']],
    [
      'the primary category is part of categories',
      { starred: 2 },
      { categoryIds: [1] },
      { categoryIds: [1] },
      [],
      ['categories'],
    ],
    [
      'different SEO fields do not collide',
      { seo: { ...base.seo, seoTitle: 'T' } },
      { seo: { ...base.seo, metaDescription: 'M' } },
      { seo: { ...base.seo, seoTitle: 'T', metaDescription: 'M' } },
      ['seoTitle'],
      [],
    ],
  ] as [
    string,
    Partial<ArticleContent>,
    Partial<ArticleContent>,
    Partial<ArticleContent>,
    MergeField[],
    MergeField[],
  ][])('%s', (_name, theirChange, myChange, expected, taken, conflicts) => {
    const result = mergeArticle({ base, mine: { ...base, ...myChange }, theirs: { ...base, ...theirChange } });
    expect(result.merged).toEqual({ ...base, ...expected });
    expect(result.theirsTaken).toEqual(taken);
    expect(result.conflicts).toEqual(conflicts);
  });

  it('judges "I changed" against the form’s own starting point (the editor’s normalised body)', () => {
    const mineBase = { ...base, body: '<p>One two three.</p>\n' };
    const result = mergeArticle({ base, mineBase, mine: mineBase, theirs: { ...base, body: '<p>Theirs</p>' } });
    expect(result.conflicts).toEqual([]);
    expect(result.merged.body).toBe('<p>Theirs</p>');
  });
});

describe('resolveConflicts', () => {
  it('takes their side only where chosen', () => {
    const mine = { ...base, title: 'Mine', excerpt: 'Mine' };
    const theirs = { ...base, title: 'Theirs', excerpt: 'Theirs' };
    expect(resolveConflicts(mine, theirs, { title: 'theirs', excerpt: 'mine' })).toMatchObject({
      title: 'Theirs',
      excerpt: 'Mine',
    });
  });
});

it('names fields as users see them', () => {
  expect(fieldLabels(['title', 'heroImageUrl', 'showEditedTag'])).toBe('Title, Featured image, Edited tag');
});
