import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  imageRendition,
  responsiveImage,
  shareImage,
} from '../../src/lib/rules/images.ts';
import { PENDING_RENDITION, parseImageMode, parsePending, renditionPath } from '../../src/lib/image-mode.ts';

const API = 'https://abc.supabase.co';
const stored = `${API}/storage/v1/object/public/article-images/seed/wind%20farm.webp`;
const render = (w: number) =>
  `${API}/storage/v1/render/image/public/article-images/seed/wind%20farm.webp?width=${w}&quality=${IMAGE_QUALITY}`;

describe('image renditions', () => {
  it('points a public object of the project at the render endpoint, at the asked width', () => {
    expect(imageRendition(stored, 400, { apiUrl: API, enabled: true })).toBe(render(400));
    expect(imageRendition(stored, 400, { apiUrl: `${API}/`, enabled: true })).toBe(render(400));
  });

  it('keeps a project served under a path prefix', () => {
    const api = 'https://example.org/supabase';
    const url = `${api}/storage/v1/object/public/b/a.png`;
    expect(imageRendition(url, 800, { apiUrl: api, enabled: true })).toBe(
      `${api}/storage/v1/render/image/public/b/a.png?width=800&quality=${IMAGE_QUALITY}`,
    );
  });

  it.each([
    ['an external image', 'https://cdn.example.com/storage/v1/object/public/b/a.png'],
    ['a private object', `${API}/storage/v1/object/authenticated/b/a.png`],
    ['a signed URL', `${API}/storage/v1/object/sign/b/a.png?token=x`],
    ['a URL with a query', `${API}/storage/v1/object/public/b/a.png?v=2`],
    ['a site path', '/sidebar1.jpg'],
    ['not a URL', 'not a url'],
  ])('leaves %s as it is', (_, url) => {
    expect(imageRendition(url, 400, { apiUrl: API, enabled: true })).toBe(url);
    expect(responsiveImage(url, { apiUrl: API, enabled: true })).toEqual({ src: url });
  });

  it('uses stored images as they are when the project has no transformations', () => {
    expect(imageRendition(stored, 400, { apiUrl: API, enabled: false })).toBe(stored);
    expect(responsiveImage(stored, { apiUrl: API, enabled: false })).toEqual({ src: stored });
  });

  it('offers every width in srcset, smallest first, with the default width as src', () => {
    const { src, srcset } = responsiveImage(stored, { apiUrl: API, enabled: true });
    expect(src).toBe(render(DEFAULT_IMAGE_WIDTH));
    expect(srcset).toBe(IMAGE_WIDTHS.map((w) => `${render(w)} ${w}w`).join(', '));
    expect([...IMAGE_WIDTHS].sort((a, b) => a - b)).toEqual(IMAGE_WIDTHS);
    expect(IMAGE_WIDTHS).toContain(DEFAULT_IMAGE_WIDTH);
  });
});

describe('image sizes', () => {
  it('never asks for a hero narrower than its fixed-height crop (450 px → 800 px, 300 px → 534 px)', () => {
    expect(IMAGE_SIZES.hero).toBe('(min-width: 64rem) 800px, (min-width: 40rem) max(100vw, 800px), max(100vw, 534px)');
  });
});

describe('share images', () => {
  const box = { width: 1200, height: 630 };
  const size = { width: 1600, height: 900 };

  it('crops a stored image to exactly the declared box', () => {
    expect(shareImage(stored, box, size, { apiUrl: API, enabled: true })).toEqual({
      url: `${API}/storage/v1/render/image/public/article-images/seed/wind%20farm.webp?width=1200&height=630&resize=cover&quality=${IMAGE_QUALITY}`,
      width: 1200,
      height: 630,
    });
  });

  it('declares the stored size when the image cannot be transformed', () => {
    expect(shareImage(stored, box, size, { apiUrl: API, enabled: false })).toEqual({
      url: stored,
      ...size,
    });
    const external = 'https://cdn.example.com/a.jpg';
    expect(shareImage(external, box, size, { apiUrl: API, enabled: true })).toEqual({ url: external, ...size });
  });
});

describe('image modes', () => {
  it('reads PUBLIC_IMAGE_TRANSFORMS: storage by default (on too), build, off; refuses anything else', () => {
    expect(parseImageMode(undefined)).toBe('storage');
    expect(parseImageMode('')).toBe('storage');
    expect(parseImageMode('on')).toBe('storage');
    expect(parseImageMode('Storage')).toBe('storage');
    expect(parseImageMode('build')).toBe('build');
    expect(parseImageMode(' off ')).toBe('off');
    expect(() => parseImageMode('sharp')).toThrow(/storage, build or off/);
  });
});

describe('build renditions', () => {
  const build = { apiUrl: API, mode: 'build' } as const;

  it('renders a stored image as a placeholder per width that names the source and the width', () => {
    const pending = imageRendition(stored, 400, build);
    expect(pending).toMatch(/^\/_img\/~[A-Za-z0-9_-]+~400\.webp$/);
    const matches = [...pending.matchAll(PENDING_RENDITION)];
    expect(matches).toHaveLength(1);
    expect(parsePending(matches[0]!)).toEqual({ sourceUrl: stored, width: 400 });
  });

  it('offers every width in srcset and the default width as src, all resolved by the build', () => {
    const { src, srcset } = responsiveImage(stored, build);
    const widths = [...srcset!.matchAll(PENDING_RENDITION)].map((m) => parsePending(m));
    expect(widths).toEqual(IMAGE_WIDTHS.map((width) => ({ sourceUrl: stored, width })));
    expect(srcset).toBe(IMAGE_WIDTHS.map((w) => `${imageRendition(stored, w, build)} ${w}w`).join(', '));
    expect(src).toBe(imageRendition(stored, DEFAULT_IMAGE_WIDTH, build));
  });

  it('survives HTML attributes and JSON unchanged, with non-ASCII names', () => {
    const url = `${API}/storage/v1/object/public/avatars/%C3%A9t%C3%A9/a%20b.png`;
    const pending = imageRendition(url, 240, build);
    expect(JSON.parse(JSON.stringify({ image: pending })).image).toBe(pending);
    expect(pending).not.toMatch(/[&"'<>\\%+=]/);
    expect(parsePending([...pending.matchAll(PENDING_RENDITION)][0]!)).toEqual({ sourceUrl: url, width: 240 });
  });

  it('names the finished file by key and width', () => {
    expect(renditionPath('0123456789abcdef0123', 800)).toBe('/_img/0123456789abcdef0123-800.webp');
  });

  it('leaves images that are not public objects of the project as they are', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      `${API}/storage/v1/object/public/b/a.png?v=2`,
      '/sidebar1.jpg',
    ]) {
      expect(imageRendition(url, 400, build)).toBe(url);
      expect(responsiveImage(url, build)).toEqual({ src: url });
    }
  });

  it('gives link previews the stored image with its assumed size (crawlers fetch it once)', () => {
    const size = { width: 1600, height: 900 };
    expect(shareImage(stored, { width: 1200, height: 630 }, size, build)).toEqual({ url: stored, ...size });
  });

  it('takes an explicit mode over the configured one: storage renders, off keeps the stored image', () => {
    expect(imageRendition(stored, 400, { apiUrl: API, mode: 'storage' })).toBe(render(400));
    expect(imageRendition(stored, 400, { apiUrl: API, mode: 'off' })).toBe(stored);
  });
});
