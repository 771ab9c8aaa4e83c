/**
 * The reader islands' shared layer: where login may return to, the stored-session reading that
 * lets the header decide without supabase-js, the profile cache, the cookie decision and toasts.
 */
import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountPageHref, loginHref, safeRedirect } from '../../src/lib/rules/reader/safe-redirect.ts';
import { authStorageKey, parseStoredSession } from '../../src/lib/browser/reader/session.ts';
import { parseProfileCache, isStaffRole } from '../../src/lib/browser/reader/profile.ts';
import { consentFrom } from '../../src/lib/browser/reader/consent.ts';
import { $toasts, showToast, toastShown } from '../../src/lib/browser/reader/toasts.ts';
import { STORAGE_KEYS, TIMINGS } from '../../src/lib/rules/reader/keys.ts';

describe('safeRedirect', () => {
  it.each([
    ['/article/a-story', '/article/a-story'],
    ['/article/a-story#comments', '/article/a-story#comments'],
    ['/search?q=water', '/search?q=water'],
    ['/dashboard/articles/12', '/dashboard/articles/12'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://127.0.0.1:4321/article/x',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'article/relative',
    '',
  ])('ignores %j', (raw) => {
    expect(safeRedirect(raw)).toBe('/');
    expect(safeRedirect(raw, '/bookmarks')).toBe('/bookmarks');
  });

  it('ignores a missing value', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
  });

  it('builds the login link that returns to a path', () => {
    expect(loginHref('/article/a#comments')).toBe('/login?redirect=%2Farticle%2Fa%23comments');
    expect(
      safeRedirect(new URL(`https://s.test${loginHref('/article/a#comments')}`).searchParams.get('redirect')),
    ).toBe('/article/a#comments');
  });

  it('carries the redirect between login and register, and after sign-up (issue 28)', () => {
    expect(accountPageHref('/register', '/article/a#comments')).toBe('/register?redirect=%2Farticle%2Fa%23comments');
    expect(accountPageHref('/login', '/article/a', { registered: true })).toBe(
      '/login?registered=1&redirect=%2Farticle%2Fa',
    );
    expect(accountPageHref('/login', null, { registered: true })).toBe('/login?registered=1');
    expect(accountPageHref('/register', 'https://evil.example/')).toBe('/register');
    expect(accountPageHref('/register', '//evil.example')).toBe('/register');
    expect(accountPageHref('/login', '/')).toBe('/login');
  });
});

describe('stored session', () => {
  it('uses the key supabase-js uses for the same API URL', () => {
    for (const url of ['http://127.0.0.1:54321', 'https://abcd.supabase.co']) {
      const client = createClient(url, 'anon', { auth: { persistSession: false } });
      expect(authStorageKey(url)).toBe((client.auth as unknown as { storageKey: string }).storageKey);
    }
  });

  it('reads the user from a stored session with a refresh token', () => {
    const stored = JSON.stringify({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: 1,
      user: { id: 'u-1', email: 'reader@demo.test' },
    });
    expect(parseStoredSession(stored)).toEqual({ userId: 'u-1', email: 'reader@demo.test' });
  });

  it.each([
    null,
    '',
    'not json',
    'null',
    '{}',
    JSON.stringify({ user: { id: 'u' } }),
    JSON.stringify({ refresh_token: 'r' }),
  ])('treats %j as signed out', (raw) => {
    expect(parseStoredSession(raw)).toBeNull();
  });
});

describe('profile cache', () => {
  const cached = JSON.stringify({
    userId: 'u-1',
    role: 'author',
    displayName: 'Thandi',
    avatarUrl: null,
    username: 'thandi',
  });

  it('belongs to one user', () => {
    expect(parseProfileCache(cached, 'u-1')).toEqual({
      userId: 'u-1',
      role: 'author',
      displayName: 'Thandi',
      avatarUrl: null,
      username: 'thandi',
    });
    expect(parseProfileCache(cached, 'u-2')).toBeNull();
    expect(parseProfileCache('garbage', 'u-1')).toBeNull();
  });

  it('never invents a staff role', () => {
    const forged = JSON.stringify({ userId: 'u-1', role: 'superuser' });
    expect(parseProfileCache(forged, 'u-1')?.role).toBe('reader');
    expect(isStaffRole('admin')).toBe(true);
    expect(isStaffRole('author')).toBe(true);
    expect(isStaffRole('reader')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});

describe('cookie consent', () => {
  it('is undecided until a decision is stored', () => {
    expect(consentFrom(null)).toEqual({ decision: null, analytics: false, advertising: false });
    expect(consentFrom('maybe')).toEqual({ decision: null, analytics: false, advertising: false });
  });

  it('Accept grants analytics and advertising; Decline denies both', () => {
    expect(consentFrom('true')).toEqual({ decision: 'accepted', analytics: true, advertising: true });
    expect(consentFrom('false')).toEqual({ decision: 'declined', analytics: false, advertising: false });
  });

  it('uses the spec keys', () => {
    expect(STORAGE_KEYS.cookiesAccepted).toBe('cookies-accepted');
    expect(STORAGE_KEYS.pendingBookmark).toBe('pendingBookmark');
    expect(STORAGE_KEYS.subscribePopupDismissed).toBe('subscribe-popup-dismissed');
    expect(STORAGE_KEYS.recentlySubscribed).toBe('recently-subscribed');
  });
});

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
    $toasts.set([]);
  });

  it('last 2.5 s by default and as long as asked (2 s for bookmarks)', () => {
    vi.useFakeTimers();
    const raised = [
      showToast('general'),
      showToast('bookmark', { durationMs: TIMINGS.toastBookmark, tone: 'success' }),
    ];
    expect($toasts.get().map((t) => t.text)).toEqual(['general', 'bookmark']);
    for (const toast of raised) toastShown(toast.id);
    vi.advanceTimersByTime(1999);
    expect($toasts.get()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((t) => t.text)).toEqual(['general']);
    vi.advanceTimersByTime(499);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('count their time from when the Toaster shows them, not from when they were raised', () => {
    vi.useFakeTimers();
    const toast = showToast('bookmark', { durationMs: TIMINGS.toastBookmark });
    // The Toaster's code is still loading (a slow phone): the toast waits for it, whole.
    vi.advanceTimersByTime(10_000);
    expect($toasts.get().map((t) => t.text)).toEqual(['bookmark']);
    toastShown(toast.id);
    vi.advanceTimersByTime(1000);
    toastShown(toast.id); // shown again by a later render: the time already running stands
    vi.advanceTimersByTime(999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('uses the spec timings', () => {
    expect(TIMINGS.toastBookmark).toBe(2000);
    expect(TIMINGS.toastGeneral).toBe(2500);
    expect(TIMINGS.profileMenuClose).toBe(180);
    expect(TIMINGS.anonymousSuppression).toBe(30 * 86_400_000);
  });
});
