/**
 * The tags crawlers and link previews read, computed once per page from plain data: `<title>`,
 * meta description, canonical URL, Open Graph and Twitter card fields. The layout only prints
 * them. JSON-LD builders live in json-ld.ts and are re-exported here.
 */
import { LOCALE, ORGANISATION, SITE_DESCRIPTION, SITE_NAME } from '../site.ts';
import { htmlToText, truncateChars } from './text.ts';
import { absoluteUrl, type SiteUrl } from './article-links.ts';

export * from './json-ld.ts';

/** Google shows about 60 characters of a title and 160 of a description. */
const TITLE_MAX = 60;
const DESCRIPTION_MAX = 160;
const TITLE_SUFFIX = ` | ${SITE_NAME}`;

/**
 * The document title: 'Page | ESG Africa News' when that fits in 60 characters; a longer page
 * title is used alone (a headline cut short reads worse than a missing brand, and og:site_name
 * carries the brand); an empty title or the site name itself gives just 'ESG Africa News'.
 */
export function documentTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (!clean || clean === SITE_NAME) return SITE_NAME;
  const withSuffix = clean + TITLE_SUFFIX;
  return withSuffix.length <= TITLE_MAX ? withSuffix : clean;
}

/**
 * A meta description: the given text (HTML is reduced to text) cut at a word boundary to at
 * most 160 characters; the site description when there is no text.
 */
export function metaDescription(text: string | null | undefined): string {
  const clean = htmlToText(text);
  return clean ? truncateChars(clean, DESCRIPTION_MAX) : SITE_DESCRIPTION;
}

/** An image for link previews; width and height let crawlers lay the card out without fetching. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt?: string;
}

/** The default share image: the publisher logo. */
export const DEFAULT_SHARE_IMAGE: ShareImage = {
  url: ORGANISATION.logo.path,
  width: ORGANISATION.logo.width,
  height: ORGANISATION.logo.height,
  alt: SITE_NAME,
};

export interface PageMetaInput {
  /** The page's own title, without the site suffix ('' on the home page). */
  title: string;
  description?: string | null;
  /** Root-relative path of the page (its canonical form). */
  path: string;
  site: SiteUrl;
  image?: ShareImage | null;
  type?: 'website' | 'article' | 'profile';
  /** og article:* fields for article pages. */
  article?: { publishedTime: string; modifiedTime: string; section?: string | null; tags?: string[] };
  /** Keep the page out of search results (preview, 404, test pages). */
  noindex?: boolean;
}

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  openGraph: {
    type: 'website' | 'article' | 'profile';
    title: string;
    description: string;
    url: string;
    siteName: string;
    locale: string;
    image: Required<ShareImage>;
    article?: PageMetaInput['article'];
  };
  twitter: {
    card: 'summary' | 'summary_large_image';
    title: string;
    description: string;
    image: string;
    imageAlt: string;
  };
}

/** Everything the layout prints in `<head>` for one page (issue 4, "What crawlers get"). */
export function pageMeta(input: PageMetaInput): PageMeta {
  const description = metaDescription(input.description);
  const canonical = absoluteUrl(input.path, input.site);
  const ogTitle = input.title.replace(/\s+/g, ' ').trim() || SITE_NAME;
  const source = input.image ?? DEFAULT_SHARE_IMAGE;
  const image = {
    url: absoluteUrl(source.url, input.site),
    width: source.width,
    height: source.height,
    alt: source.alt?.trim() || ogTitle,
  };
  return {
    title: documentTitle(input.title),
    description,
    canonical,
    robots: input.noindex ? 'noindex, follow' : 'index, follow, max-image-preview:large',
    openGraph: {
      type: input.type ?? 'website',
      title: ogTitle,
      description,
      url: canonical,
      siteName: SITE_NAME,
      locale: LOCALE.replace('-', '_'),
      image,
      ...(input.article ? { article: input.article } : {}),
    },
    twitter: {
      // Large cards need a wide image (X asks for at least 300×157); a square logo gets the small card.
      card: image.width >= 300 && image.width > image.height ? 'summary_large_image' : 'summary',
      title: ogTitle,
      description,
      image: image.url,
      imageAlt: image.alt,
    },
  };
}
