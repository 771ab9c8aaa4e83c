/**
 * The pure rules of bookmarks, comments and reactions (spec reader-site.md §2, §4, §5, §8):
 * reaction transitions and counts, which badges a viewer sees, what a thread lists, the pending
 * bookmark and pending comment as stored through login, and the error mapping.
 */
import { describe, expect, it } from 'vitest';
import { applyReaction, nextReaction, reactionChange } from '../../src/lib/rules/interactions/reactions.ts';
import {
  canReact,
  commentBadges,
  commenterName,
  isBlank,
  visibleComments,
  type CommentRow,
} from '../../src/lib/rules/interactions/comment-rules.ts';
import {
  parsePendingBookmark,
  parsePendingComment,
  pendingCommentFor,
} from '../../src/lib/browser/interactions/pending.ts';
import {
  BookmarkServiceError,
  bookmarkFailureMessage,
  isDuplicate,
  isMissingTable,
} from '../../src/lib/rules/interactions/service-errors.ts';
import { freshAccessToken } from '../../src/lib/browser/interactions/read-client.ts';
import { INTERACTIONS } from '../../src/lib/messages/interactions.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';

describe('reactions: the same type again removes, the other switches, none adds (§4)', () => {
  it.each([
    [null, 'like', { kind: 'insert', type: 'like' }, 'like'],
    [null, 'dislike', { kind: 'insert', type: 'dislike' }, 'dislike'],
    ['like', 'like', { kind: 'delete' }, null],
    ['dislike', 'dislike', { kind: 'delete' }, null],
    ['like', 'dislike', { kind: 'update', type: 'dislike' }, 'dislike'],
    ['dislike', 'like', { kind: 'update', type: 'like' }, 'like'],
  ] as const)('%s then %s → %o, leaving %s', (current, chosen, change, after) => {
    expect(reactionChange(current, chosen)).toEqual(change);
    expect(nextReaction(current, chosen)).toBe(after);
  });

  it.each([
    [null, 'like', 3, 1],
    ['like', null, 1, 1],
    ['like', 'dislike', 1, 2],
    ['dislike', 'like', 3, 0],
    [null, null, 2, 1],
  ] as const)('counts follow %s → %s', (from, to, likes, dislikes) => {
    expect(applyReaction({ like_count: 2, dislike_count: 1 }, from, to)).toEqual({
      like_count: likes,
      dislike_count: dislikes,
    });
  });

  it('never counts below zero', () => {
    expect(applyReaction({ like_count: 0, dislike_count: 0 }, 'like', null)).toEqual({
      like_count: 0,
      dislike_count: 0,
    });
  });
});

const owner = 'owner-id';
const other = 'other-id';
function comment(over: Partial<CommentRow> = {}): CommentRow {
  return {
    id: 1,
    article_id: 7,
    user_id: owner,
    content: 'A comment',
    status: 'approved',
    created_at: '2026-11-20T10:00:00Z',
    is_author: false,
    edited: false,
    last_edited_at: null,
    author_display_name: 'Thandi',
    like_count: 0,
    dislike_count: 0,
    ...over,
  };
}

describe('comment badges (§2, §4)', () => {
  it.each([
    ['pending, seen by its owner', { status: 'pending' }, owner, ['pending']],
    ['pending, seen by another reader', { status: 'pending' }, other, []],
    ['deleted, seen by its owner', { status: 'deleted' }, owner, ['deleted']],
    ['deleted, seen anonymously', { status: 'deleted' }, null, []],
    ['edited and pending, seen by its owner', { status: 'pending', edited: true }, owner, ['pending', 'edited']],
    ['edited, approved, seen by anyone', { edited: true }, null, ['edited']],
    ["by the article's author", { is_author: true }, other, ['author']],
  ] as const)('%s', (_name, over, viewer, badges) => {
    expect(commentBadges(comment(over), viewer)).toEqual(badges);
  });

  it('uses the spec labels', () => {
    expect(LABELS.badges).toEqual({ pending: 'Pending', deleted: 'Deleted', edited: 'Edited', author: 'Author' });
    expect(LABELS.onlyYouCanSeeComment).toBe('Only you can see this comment.');
  });
});

describe('who may react', () => {
  it('a signed-in reader on a comment that is not deleted', () => {
    expect(canReact(comment(), other)).toBe(true);
    expect(canReact(comment({ status: 'pending' }), owner)).toBe(true);
  });
  it('nobody on a deleted comment, and not anonymously', () => {
    expect(canReact(comment({ status: 'deleted' }), owner)).toBe(false);
    expect(canReact(comment(), null)).toBe(false);
  });
});

describe('the listed comments', () => {
  const rows = [
    comment({ id: 3, created_at: '2026-11-20T12:00:00Z' }),
    comment({ id: 1, created_at: '2026-11-20T10:00:00Z', status: 'pending' }),
    comment({ id: 2, created_at: '2026-11-20T11:00:00Z', user_id: other, status: 'pending' }),
    comment({ id: 4, created_at: '2026-11-20T13:00:00Z', user_id: other, status: 'deleted' }),
    comment({ id: 5, created_at: '2026-11-20T14:00:00Z', status: 'hidden' }),
    comment({ id: 6, created_at: '2026-11-20T12:00:00Z', status: 'deleted' }),
  ];
  it("oldest first: approved ones and the viewer's own pending and deleted ones", () => {
    expect(visibleComments(rows, owner).map((c) => c.id)).toEqual([1, 3, 6]);
    expect(visibleComments(rows, other).map((c) => c.id)).toEqual([2, 3, 4]);
    expect(visibleComments(rows, null).map((c) => c.id)).toEqual([3]);
  });
});

describe('comment text rules (§5) and names (§9)', () => {
  it.each(['', ' ', '\n\t  '])('%j is blank', (text) => expect(isBlank(text)).toBe(true));
  it('text with a letter is not blank', () => expect(isBlank('  a ')).toBe(false));
  it("falls back to 'Unknown User'", () => {
    expect(commenterName(comment({ author_display_name: null }))).toBe('Unknown User');
    expect(commenterName(comment({ author_display_name: '  ' }))).toBe('Unknown User');
    expect(commenterName(comment())).toBe('Thandi');
  });
});

describe('pending bookmark and comment in storage (§3, §4)', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    [null, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['12abc', null],
    ['1.5', null],
    ['99999999999999999999', null],
  ])('pendingBookmark %j → %j', (raw, id) => expect(parsePendingBookmark(raw)).toBe(id));

  it.each([
    [JSON.stringify({ articleId: 7, text: 'Hello' }), { articleId: 7, text: 'Hello' }],
    [JSON.stringify({ articleId: 7, text: '' }), null],
    [JSON.stringify({ articleId: '7', text: 'Hello' }), null],
    [JSON.stringify({ articleId: 0, text: 'Hello' }), null],
    [JSON.stringify({ text: 'Hello' }), null],
    [JSON.stringify(null), null],
    ['Hello', null],
    ['{', null],
    [null, null],
  ])('pendingComment %s → %o', (raw, value) => expect(parsePendingComment(raw)).toEqual(value));

  it("restores only into the same article's box", () => {
    const raw = JSON.stringify({ articleId: 7, text: 'Typed before login' });
    expect(pendingCommentFor(raw, 7)).toBe('Typed before login');
    expect(pendingCommentFor(raw, 8)).toBeNull();
  });
});

describe('service errors (§5, §8)', () => {
  it('a duplicate key (23505) is recognised', () => {
    expect(isDuplicate({ code: '23505', message: 'duplicate key' })).toBe(true);
    expect(isDuplicate({ code: '42501', message: 'denied' })).toBe(false);
    expect(isDuplicate(null)).toBe(false);
  });

  it.each([
    [{ code: '42P01', message: 'relation "public.bookmarks" does not exist' }, true],
    [{ code: 'PGRST205', message: "Could not find the table 'public.bookmarks' in the schema cache" }, true],
    [{ code: 'XX000', message: 'table bookmarks does not exist' }, true],
    [{ code: '42501', message: 'permission denied' }, false],
    [null, false],
  ])('missing table %o → %s', (error, missing) => expect(isMissingTable(error)).toBe(missing));

  it("bookmark failures: the service's message, else the spec's texts", () => {
    expect(bookmarkFailureMessage(new BookmarkServiceError({ code: '42501', message: 'permission denied' }))).toBe(
      'permission denied',
    );
    expect(bookmarkFailureMessage(new BookmarkServiceError({ code: '42501', message: '' }))).toBe(
      'Failed to update bookmark',
    );
    expect(bookmarkFailureMessage(new TypeError('Failed to fetch'))).toBe('Bookmark operation failed.');
    expect(MESSAGES.bookmarkAdded).toBe('Article added to bookmarks');
    expect(MESSAGES.bookmarkRemoved).toBe('Article removed from bookmarks');
  });

  it('the removal label names the article', () => {
    expect(INTERACTIONS.removeBookmarkFor('Water')).toBe('Remove bookmark: Water');
  });
});

describe('reading with the stored token instead of loading supabase-js', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const stored = (expiresInS: number, token: unknown = 'token') =>
    JSON.stringify({ access_token: token, refresh_token: 'r', expires_at: now / 1000 + expiresInS });
  it.each([
    ['valid for an hour', stored(3600), 'token'],
    ['valid for two minutes', stored(120), 'token'],
    ['expiring within a minute (left to supabase-js to refresh)', stored(30), null],
    ['expired', stored(-10), null],
    ['without a token', stored(3600, ''), null],
    ['without expiry', JSON.stringify({ access_token: 'token' }), null],
    ['not JSON', '{', null],
    ['absent', null, null],
  ])('%s', (_name, raw, token) => expect(freshAccessToken(raw, now)).toBe(token));
});
