/**
 * The newsletter's e-mail rules (issue 30): the unsubscribe token binds the subscriber's id and
 * address to the server secret, and images come from Storage's renditions at e-mail width.
 */
import { describe, expect, it } from 'vitest';
import { unsubscribeToken, unsubscribeUrl, verifyUnsubscribeToken } from '../../scripts/lib/newsletter/token.ts';
import { emailImageUrl, storyImageAlt } from '../../src/lib/rules/newsletter/email.ts';

const SECRET = 'a-server-secret-of-at-least-32-chars';

describe('unsubscribe token', () => {
  it('verifies for its own id and address only', () => {
    const t = unsubscribeToken(SECRET, 7, 'a@example.test');
    expect(verifyUnsubscribeToken(SECRET, 7, 'a@example.test', t)).toBe(true);
    expect(verifyUnsubscribeToken(SECRET, 7, 'A@Example.TEST', t)).toBe(true);
    expect(verifyUnsubscribeToken(SECRET, 8, 'a@example.test', t)).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, 7, 'b@example.test', t)).toBe(false);
    expect(verifyUnsubscribeToken('another-secret-of-32-characters-x', 7, 'a@example.test', t)).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, 7, 'a@example.test', t.slice(0, -2))).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, 7, 'a@example.test', '')).toBe(false);
  });
  it('makes a link with the id and the token, no address', () => {
    const url = new URL(unsubscribeUrl('https://news.example/', SECRET, 7, 'a@example.test'));
    expect(url.pathname).toBe('/unsubscribe');
    expect(url.searchParams.get('s')).toBe('7');
    expect(url.href).not.toContain('example.test');
  });
});

describe('emailImageUrl', () => {
  const ctx = { siteUrl: 'https://news.example', apiUrl: 'https://api.example', renditions: true };
  it('uses the Storage rendition at twice the 600 px column for project images', () => {
    expect(emailImageUrl('https://api.example/storage/v1/object/public/media/a.jpg', ctx)).toBe(
      'https://api.example/storage/v1/render/image/public/media/a.jpg?width=1200&quality=75',
    );
  });
  it('leaves other images, and all images without renditions, as they are', () => {
    expect(emailImageUrl('https://cdn.example/a.jpg', ctx)).toBe('https://cdn.example/a.jpg');
    const url = 'https://api.example/storage/v1/object/public/media/a.jpg';
    expect(emailImageUrl(url, { ...ctx, renditions: false })).toBe(url);
  });
});

describe('storyImageAlt', () => {
  it('names the picture’s link: the alt text, or the title when there is none', () => {
    expect(storyImageAlt({ title: 'Grid corridors', hero_image_alt: 'Pylons at dusk' })).toBe('Pylons at dusk');
    expect(storyImageAlt({ title: 'Grid corridors', hero_image_alt: '' })).toBe('Grid corridors');
    expect(storyImageAlt({ title: 'Grid corridors', hero_image_alt: '  ' })).toBe('Grid corridors');
    expect(storyImageAlt({ title: 'Grid corridors', hero_image_alt: null })).toBe('Grid corridors');
  });
});
