/** What the article form shows about its saves (spec §2, §5; issue 18): `saveReducer`. */
import { describe, expect, it } from 'vitest';
import type { ArticleContent } from '../../src/dashboard/features/article-form/article-merge.ts';
import { ARTICLE_FORM } from '../../src/lib/messages/dashboard-article-form.ts';
import { IDLE, saveReducer, type SaveState } from '../../src/dashboard/features/article-form/save-state.ts';
import type { Conflict } from '../../src/dashboard/features/article-form/hooks/use-collab-save.ts';

const content: ArticleContent = {
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

const conflict: Conflict = {
  by: 'Thandi',
  fields: ['title'],
  mine: { ...content, title: 'Mine' },
  theirs: { ...content, title: 'Theirs' },
  merged: { ...content, title: 'Mine' },
  theirsTaken: [],
};

const saved = { id: 7, seq: 42 };

describe('saveReducer: the message after a save', () => {
  it.each([
    ['a new draft', false, false, 'Article saved successfully!'],
    ['a new article published', false, true, 'Article published successfully!'],
    ['an edit', true, false, 'Article updated successfully! Redirecting...'],
    ['an edit that publishes', true, true, 'Article updated successfully! Redirecting...'],
  ])('%s: %j', (_, isEdit, published, text) => {
    const next = saveReducer(IDLE, { type: 'saved', saved, isEdit, published });
    expect(next).toEqual({ message: { text, error: false }, done: true, conflict: null, lastSave: saved });
  });

  it.each([
    ['nothing of theirs taken (a resolved conflict)', [], 'Article saved successfully!'],
    ['their title taken', ['title'] as const, 'Their changes to Title were merged into your version.'],
  ])('merged, %s: the form stays open with %j', (_, theirsTaken, text) => {
    const next = saveReducer(IDLE, { type: 'merged', saved, theirsTaken: [...theirsTaken] });
    expect(next).toEqual({ message: { text, error: false }, done: false, conflict: null, lastSave: saved });
  });
});

describe('saveReducer: saves that do not go through', () => {
  it('a rule or a failed save shows its message as an error and keeps the last save', () => {
    const before: SaveState = { ...IDLE, lastSave: saved };
    expect(saveReducer(before, { type: 'refused', text: ARTICLE_FORM.titleRequired })).toEqual({
      ...before,
      message: { text: 'Please enter a title.', error: true },
    });
  });

  it('archived meanwhile: says by whom, and that the changes are kept on this device', () => {
    expect(saveReducer(IDLE, { type: 'archived', by: 'Thandi' }).message).toEqual({
      text: 'This article was archived by Thandi. Your changes are kept on this device.',
      error: true,
    });
  });

  it('a new save clears the last message', () => {
    const before: SaveState = { ...IDLE, message: { text: ARTICLE_FORM.titleRequired, error: true } };
    expect(saveReducer(before, { type: 'sending' }).message).toBeNull();
  });
});

describe('saveReducer: a conflict', () => {
  it('opens for the user to choose, and closes on cancel or save', () => {
    const open = saveReducer(IDLE, { type: 'conflict', conflict });
    expect(open.conflict).toBe(conflict);
    expect(open.done).toBe(false);
    expect(saveReducer(open, { type: 'conflict-closed' }).conflict).toBeNull();
  });
});
