import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARE_IMAGE,
  articleLd,
  breadcrumbLd,
  documentTitle,
  metaDescription,
  newsArticleLd,
  organizationLd,
  pageMeta,
  profilePageLd,
  reportLd,
  serializeJsonLd,
  websiteLd,
} from '../../src/lib/rules/seo.ts';
import { SITE_DESCRIPTION } from '../../src/lib/site.ts';
import { article, author, categoryById } from './lib-fixtures.ts';

const SITE = 'https://esg.example.com';

describe('documentTitle: " | ESG Africa News" while it fits in 60 characters', () => {
  it.each([
    ['Energy', 'Energy | ESG Africa News'],
    ['', 'ESG Africa News'],
    ['   ', 'ESG Africa News'],
    ['ESG Africa News', 'ESG Africa News'],
    ['  Spaced   title ', 'Spaced title | ESG Africa News'],
    ['x'.repeat(42), `${'x'.repeat(42)} | ESG Africa News`],
    ['x'.repeat(43), 'x'.repeat(43)],
    [
      'Eskom signs its first wheeling agreement for wind power in the Western Cape',
      'Eskom signs its first wheeling agreement for wind power in the Western Cape',
    ],
  ])('%j → %j', (title, expected) => {
    const out = documentTitle(title);
    expect(out).toBe(expected);
    if (out.endsWith(' | ESG Africa News')) expect(out.length).toBeLessThanOrEqual(60);
  });
});

describe('metaDescription: text up to 160 characters', () => {
  it('keeps a short description', () => {
    expect(metaDescription('Green bonds on the JSE.')).toBe('Green bonds on the JSE.');
  });

  it('cuts a long one at a word boundary', () => {
    const out = metaDescription('word '.repeat(100));
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.endsWith('word…')).toBe(true);
  });

  it('reduces HTML to text', () => {
    expect(metaDescription('<p>Tom &amp; <b>Jerry</b></p>')).toBe('Tom & Jerry');
  });

  it.each([null, undefined, '', '<p> </p>'])('falls back to the site description for %j', (value) => {
    expect(metaDescription(value)).toBe(SITE_DESCRIPTION);
    expect(SITE_DESCRIPTION.length).toBeLessThanOrEqual(160);
  });
});

describe('pageMeta', () => {
  const image = { url: '/_image/wind-1200.webp', width: 1200, height: 630, alt: 'Wind turbines' };
  const meta = pageMeta({
    title: 'Wind power',
    description: 'A Western Cape wind farm will sell power to Gauteng factories.',
    path: '/article/eskom-wheeling-wind',
    site: SITE,
    image,
    type: 'article',
    article: { publishedTime: '2026-11-19T08:00:00.000Z', modifiedTime: '2026-11-19T09:30:00.000Z', section: 'Energy' },
  });

  it('has title, description, canonical and robots', () => {
    expect(meta.title).toBe('Wind power | ESG Africa News');
    expect(meta.description).toBe('A Western Cape wind farm will sell power to Gauteng factories.');
    expect(meta.canonical).toBe('https://esg.example.com/article/eskom-wheeling-wind');
    expect(meta.robots).toBe('index, follow, max-image-preview:large');
  });

  it('has Open Graph fields with an absolute image URL and its size', () => {
    expect(meta.openGraph).toEqual({
      type: 'article',
      title: 'Wind power',
      description: meta.description,
      url: meta.canonical,
      siteName: 'ESG Africa News',
      locale: 'en_ZA',
      image: { url: 'https://esg.example.com/_image/wind-1200.webp', width: 1200, height: 630, alt: 'Wind turbines' },
      article: {
        publishedTime: '2026-11-19T08:00:00.000Z',
        modifiedTime: '2026-11-19T09:30:00.000Z',
        section: 'Energy',
      },
    });
  });

  it('has a large Twitter card for a wide image', () => {
    expect(meta.twitter).toEqual({
      card: 'summary_large_image',
      title: 'Wind power',
      description: meta.description,
      image: 'https://esg.example.com/_image/wind-1200.webp',
      imageAlt: 'Wind turbines',
    });
  });

  it('falls back to the logo, a small card, the site name and website type', () => {
    const home = pageMeta({ title: '', path: '/', site: new URL(SITE) });
    expect(home.title).toBe('ESG Africa News');
    expect(home.description).toBe(SITE_DESCRIPTION);
    expect(home.canonical).toBe('https://esg.example.com/');
    expect(home.openGraph.type).toBe('website');
    expect(home.openGraph.title).toBe('ESG Africa News');
    expect(home.openGraph.image).toEqual({
      url: 'https://esg.example.com/logo.png',
      width: DEFAULT_SHARE_IMAGE.width,
      height: DEFAULT_SHARE_IMAGE.height,
      alt: 'ESG Africa News',
    });
    expect(home.twitter.card).toBe('summary');
    expect(home.openGraph).not.toHaveProperty('article');
  });

  it('keeps an absolute image URL on another host and uses the title as alt text', () => {
    const m = pageMeta({
      title: 'Report',
      path: '/x',
      site: SITE,
      image: { url: 'https://cdn.example.com/a.jpg', width: 1200, height: 675 },
    });
    expect(m.openGraph.image.url).toBe('https://cdn.example.com/a.jpg');
    expect(m.twitter.imageAlt).toBe('Report');
  });

  it('marks noindex pages', () => {
    expect(pageMeta({ title: 'Preview', path: '/preview/x', site: SITE, noindex: true }).robots).toBe(
      'noindex, follow',
    );
  });
});

describe('JSON-LD', () => {
  const wind = article();
  const thandi = author();
  const sections = [categoryById.get(10)!, categoryById.get(9)!];

  it('newsArticleLd has every field the issue requires', () => {
    const ld = newsArticleLd(wind, thandi, sections, SITE);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      '@id': 'https://esg.example.com/article/eskom-wheeling-wind#article',
      headline: wind.title,
      description: wind.excerpt,
      image: [wind.heroImageUrl],
      datePublished: '2026-11-19T08:00:00.000Z',
      dateModified: '2026-11-19T09:30:00.000Z',
      author: [
        {
          '@type': 'Person',
          name: 'Thandi Nkosi',
          url: 'https://esg.example.com/author/thandi',
          image: thandi.avatarUrl,
        },
      ],
      publisher: {
        '@type': 'NewsMediaOrganization',
        '@id': 'https://esg.example.com/#organization',
        name: 'ESG Africa News',
        url: 'https://esg.example.com/',
        logo: { '@type': 'ImageObject', url: 'https://esg.example.com/logo.png', width: 512, height: 512 },
      },
      articleSection: ['Renewables', 'Energy'],
      inLanguage: 'en-ZA',
      isAccessibleForFree: true,
      url: 'https://esg.example.com/article/eskom-wheeling-wind',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://esg.example.com/article/eskom-wheeling-wind' },
    });
  });

  it.each<[string, Partial<typeof wind>, Record<string, unknown>]>([
    [
      'uses created_at without published_at',
      { publishedAt: null, updatedAt: '2026-11-18T15:00:00.000Z' },
      { datePublished: '2026-11-18T15:00:00.000Z', dateModified: '2026-11-18T15:00:00.000Z' },
    ],
    [
      'never dates a modification before publication',
      { updatedAt: '2026-11-18T00:00:00.000Z' },
      { dateModified: '2026-11-19T08:00:00.000Z' },
    ],
    [
      'takes the description from the body without an excerpt',
      { excerpt: null, body: '<p>The agreement is <b>the first</b>.</p>' },
      { description: 'The agreement is the first.' },
    ],
    ['uses the logo without a hero image', { heroImageUrl: null }, { image: ['https://esg.example.com/logo.png'] }],
    [
      'makes a relative hero image absolute',
      { heroImageUrl: '/uploads/a.jpg' },
      { image: ['https://esg.example.com/uploads/a.jpg'] },
    ],
  ])('%s', (_, overrides, expected) => {
    expect(newsArticleLd(article(overrides), thandi, sections, SITE)).toMatchObject(expected);
  });

  it('names the publisher as author when there is none', () => {
    expect(newsArticleLd(wind, null, [], SITE).author).toEqual([
      { '@type': 'Organization', name: 'ESG Africa News', url: 'https://esg.example.com/' },
    ]);
  });

  it('reportLd adds the Report type and the PDF as associated media', () => {
    const report = article({ isReport: true, pdfUrl: 'https://cdn.example.com/reports/jet.pdf' });
    const ld = reportLd(report, thandi, sections, SITE);
    expect(ld['@type']).toEqual(['NewsArticle', 'Report']);
    expect(ld.associatedMedia).toEqual({
      '@type': 'MediaObject',
      name: report.title,
      contentUrl: 'https://cdn.example.com/reports/jet.pdf',
      encodingFormat: 'application/pdf',
    });
    expect(ld).toMatchObject({ headline: report.title, isAccessibleForFree: true, publisher: expect.any(Object) });
    expect(articleLd(report, thandi, sections, SITE)).toEqual(ld);
  });

  it.each([
    ['not a report', { isReport: false, pdfUrl: 'https://cdn.example.com/x.pdf' }],
    ['a report without a PDF', { isReport: true, pdfUrl: null }],
  ])('articleLd gives a plain NewsArticle for %s', (_, overrides) => {
    const ld = articleLd(article(overrides), thandi, sections, SITE);
    expect(ld['@type']).toBe('NewsArticle');
    expect(ld).not.toHaveProperty('associatedMedia');
    expect(reportLd(article(overrides), thandi, sections, SITE)['@type']).toBe('NewsArticle');
  });

  it('breadcrumbLd numbers the crumbs and makes their URLs absolute', () => {
    expect(
      breadcrumbLd(
        [{ name: 'Home', path: '/' }, { name: 'Renewables', path: '/category/renewables' }, { name: wind.title }],
        SITE,
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://esg.example.com/' },
        { '@type': 'ListItem', position: 2, name: 'Renewables', item: 'https://esg.example.com/category/renewables' },
        { '@type': 'ListItem', position: 3, name: wind.title },
      ],
    });
  });

  it('organizationLd is the publisher with its founding year', () => {
    expect(organizationLd(SITE)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsMediaOrganization',
      '@id': 'https://esg.example.com/#organization',
      name: 'ESG Africa News',
      url: 'https://esg.example.com/',
      foundingDate: '2025',
      logo: { '@type': 'ImageObject', url: 'https://esg.example.com/logo.png' },
    });
  });

  it('websiteLd has a SearchAction to /search?q={search_term_string}', () => {
    expect(websiteLd(SITE)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'ESG Africa News',
      url: 'https://esg.example.com/',
      inLanguage: 'en-ZA',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://esg.example.com/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('profilePageLd has the author as a Person', () => {
    expect(profilePageLd(thandi, SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://esg.example.com/author/thandi',
      mainEntity: {
        '@type': 'Person',
        '@id': 'https://esg.example.com/author/thandi#person',
        name: 'Thandi Nkosi',
        alternateName: 'thandi',
        url: 'https://esg.example.com/author/thandi',
        image: thandi.avatarUrl,
        description: 'Energy correspondent in Johannesburg.',
      },
    });
  });

  it('profilePageLd leaves out an empty bio and a missing avatar', () => {
    const main = profilePageLd(author({ bio: null, avatarUrl: null, displayName: null }), SITE).mainEntity;
    expect(main).toEqual({
      '@type': 'Person',
      '@id': 'https://esg.example.com/author/thandi#person',
      name: 'thandi',
      alternateName: 'thandi',
      url: 'https://esg.example.com/author/thandi',
    });
  });
});

describe('serializeJsonLd', () => {
  it("keeps a title containing '</script>' inside the script element", () => {
    const title = 'Carbon tax </script><script>alert(1)</script> & more';
    const json = serializeJsonLd(newsArticleLd(article({ title }), null, [], SITE));
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toMatch(/[<>&]/);
    expect(json).toContain(
      'Carbon tax \\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 more',
    );
    expect(JSON.parse(json).headline).toBe(title);
  });

  it.each([
    ['<!--', '"\\u003c!--"'],
    ['a>b', '"a\\u003eb"'],
    ['R&D', '"R\\u0026D"'],
    ['line\u2028sep\u2029para', '"line\\u2028sep\\u2029para"'],
    ['plain', '"plain"'],
  ])('escapes %j', (value, expected) => {
    expect(serializeJsonLd(value)).toBe(expected);
    expect(JSON.parse(serializeJsonLd(value))).toBe(value);
  });

  it('round-trips a nested object', () => {
    const value = { a: ['<b>', { c: '&' }], d: 1, e: true, f: null };
    expect(JSON.parse(serializeJsonLd(value))).toEqual(value);
  });
});
