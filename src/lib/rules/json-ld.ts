/**
 * schema.org structured data for the prebuilt HTML (issue 4): NewsArticle (and Report for PDF
 * reports), BreadcrumbList, the publisher, WebSite with a SearchAction, and ProfilePage. Builders
 * return plain objects; serializeJsonLd makes them safe to print inside `<script>`.
 */
import type { Article, Author, Category } from '../types.ts';
import { LOCALE, ORGANISATION, SITE_DESCRIPTION, SITE_NAME } from '../site.ts';
import { absoluteUrl, articlePath, authorName, authorPath, linkableUrl, type SiteUrl } from './article-links.ts';
import { articleDate, isoDate, latestDate } from './dates.ts';
import { articleDescription, htmlToText } from './text.ts';

export type JsonLd = Record<string, unknown>;

const CONTEXT = 'https://schema.org';

/**
 * The publisher as a NewsMediaOrganization (a schema.org Organization subtype that Google
 * accepts as `publisher`), with a stable @id that other nodes reference.
 */
function publisherLd(site: SiteUrl): JsonLd {
  return {
    '@type': 'NewsMediaOrganization',
    '@id': absoluteUrl('/#organization', site),
    name: SITE_NAME,
    url: absoluteUrl('/', site),
    logo: {
      '@type': 'ImageObject',
      url: absoluteUrl(ORGANISATION.logo.path, site),
      width: ORGANISATION.logo.width,
      height: ORGANISATION.logo.height,
    },
  };
}

/** The home page's Organization node: the publisher plus founding date and area (§1). */
export function organizationLd(site: SiteUrl): JsonLd {
  return {
    '@context': CONTEXT,
    ...publisherLd(site),
    description: SITE_DESCRIPTION,
    foundingDate: ORGANISATION.foundingDate,
    areaServed: { '@type': 'Place', name: ORGANISATION.areaServed },
  };
}

/** The home page's WebSite node, whose SearchAction tells crawlers about /search?q= (§2). */
export function websiteLd(site: SiteUrl): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website', site),
    name: SITE_NAME,
    url: absoluteUrl('/', site),
    inLanguage: LOCALE,
    publisher: { '@id': absoluteUrl('/#organization', site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/search', site)}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

function personLd(author: Author, site: SiteUrl): JsonLd {
  return {
    '@type': 'Person',
    name: authorName(author),
    url: absoluteUrl(authorPath(author), site),
    ...(author.avatarUrl ? { image: absoluteUrl(author.avatarUrl, site) } : {}),
  };
}

/**
 * NewsArticle for an article page. Without an author the publisher is named as author (Google
 * accepts an Organization there; 'Unknown Author' is not a person). dateModified is never earlier
 * than datePublished. articleSection lists the given categories' names (the page passes the
 * displayed primary category first).
 */
export function newsArticleLd(
  article: Article,
  author: Author | null,
  categories: readonly Category[],
  site: SiteUrl,
): JsonLd {
  const url = absoluteUrl(articlePath(article), site);
  const published = isoDate(articleDate(article));
  const image = article.heroImageUrl ?? ORGANISATION.logo.path;
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    '@id': `${url}#article`,
    headline: article.title,
    description: articleDescription(article),
    image: [absoluteUrl(image, site)],
    datePublished: published,
    dateModified: latestDate(published, article.updatedAt),
    author: [
      author ? personLd(author, site) : { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/', site) },
    ],
    publisher: publisherLd(site),
    articleSection: categories.map((c) => c.name),
    inLanguage: LOCALE,
    isAccessibleForFree: true,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}

/**
 * A PDF report (is_report with a pdf_url): the NewsArticle, multi-typed as schema.org `Report`
 * (a CreativeWork › Article subtype, so every NewsArticle property stays valid), with the PDF as
 * `associatedMedia` (a MediaObject with encodingFormat application/pdf). Google reads the
 * NewsArticle type; the extra type is for other consumers. Falls back to a plain NewsArticle when
 * there is no PDF.
 */
export function reportLd(
  article: Article,
  author: Author | null,
  categories: readonly Category[],
  site: SiteUrl,
): JsonLd {
  const base = newsArticleLd(article, author, categories, site);
  if (!article.isReport || !article.pdfUrl) return base;
  // A PDF URL that is neither http(s) nor a site path is not given to crawlers as a link.
  const pdf = linkableUrl(article.pdfUrl);
  return {
    ...base,
    '@type': ['NewsArticle', 'Report'],
    ...(pdf && {
      associatedMedia: {
        '@type': 'MediaObject',
        name: article.title,
        contentUrl: absoluteUrl(pdf, site),
        encodingFormat: 'application/pdf',
      },
    }),
  };
}

/** The article's JSON-LD, whichever kind it is: reportLd for reports, newsArticleLd otherwise. */
export function articleLd(
  article: Article,
  author: Author | null,
  categories: readonly Category[],
  site: SiteUrl,
): JsonLd {
  return article.isReport && article.pdfUrl
    ? reportLd(article, author, categories, site)
    : newsArticleLd(article, author, categories, site);
}

/** One crumb; the last (current page) may omit its path, as Google allows. */
export interface Crumb {
  name: string;
  path?: string;
}

/** BreadcrumbList for the visible breadcrumb (article: Home › category › title; category pages). */
export function breadcrumbLd(items: readonly Crumb[], site: SiteUrl): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      ...(item.path !== undefined ? { item: absoluteUrl(item.path, site) } : {}),
    })),
  };
}

/** ProfilePage with the author as its main entity (author pages, §2). */
export function profilePageLd(author: Author, site: SiteUrl): JsonLd {
  const url = absoluteUrl(authorPath(author), site);
  const bio = htmlToText(author.bio);
  return {
    '@context': CONTEXT,
    '@type': 'ProfilePage',
    url,
    mainEntity: {
      ...personLd(author, site),
      '@id': `${url}#person`,
      alternateName: author.username,
      ...(bio ? { description: bio } : {}),
    },
  };
}

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for a `<script type="application/ld+json">` element. '<', '>' and '&' become \u003c,
 * \u003e and \u0026 so no value (a title containing '</script>' or '<!--') can end the element
 * early; U+2028/2029 are escaped for old JavaScript parsers. JSON.parse gives the same object.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
