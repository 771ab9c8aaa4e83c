import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_WIDTH,
  IMAGE_QUALITY,
  IMAGE_SIZES,
  IMAGE_WIDTHS,
  imageRendition,
  responsiveImage,
  shareImage,
} from '../../src/lib/images.ts';

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
