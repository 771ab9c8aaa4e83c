/**
 * Product constants of the public site, each traced to the reader spec
 * (`shared/spec/reader-site.md`, "§n" below). Pages and components import these instead of
 * repeating numbers and texts, so a change to the spec is one edit here and one failing test.
 * Not here: the timings and browser keys (rules/reader/keys.ts), a rule's limits (beside the
 * rule, e.g. the password length in rules/reader/auth-rules.ts, the avatar size in
 * rules/profile/avatar-rules.ts) and the texts (messages/).
 */

/** The product's name, used in titles, JSON-LD and feeds (§1). */
export const SITE_NAME = 'ESG Africa News';

/** One-line description for the home page and as the meta-description fallback (§1). */
export const SITE_DESCRIPTION =
  'ESG and sustainability news and analysis for South Africa and the African continent, for readers, investors and decision-makers.';

/** The publisher behind the site: founded 2025 with a pan-African focus (§1, about page). */
export const ORGANISATION = {
  name: SITE_NAME,
  /** Placeholder logo in public/; its real size is what JSON-LD and og:image announce. */
  logo: { path: '/logo.png', width: 512, height: 512 },
  foundingDate: '2025',
  areaServed: 'Africa',
} as const;

/** The sustainability analytics partner the banner links to (§1); fictitious, hence example.com. */
export const PARTNER = {
  name: 'Verdant Metrics Africa',
  url: 'https://verdantmetrics.example.com/',
} as const;

/** Responsive image widths offered in `srcset` (src/lib/rules/images.ts): phone 1x … wide 2x. */
export const IMAGE_WIDTHS: readonly number[] = [400, 800, 1200, 1600];
/** WebP quality of image renditions: visually clean for photos at a fraction of the bytes. */
export const IMAGE_QUALITY = 75;
/** Home trending sidebar: fetch the 4 latest articles, show 3 (§9). */
export const HOME_TRENDING_FETCH = 4;
/** Home trending sidebar: show 3 of the fetched 4 (§9). */
export const HOME_TRENDING_SHOW = 3;
/** The 'Featured Stories' home section reads category id 1 (§7, §9). */
export const FEATURED_CATEGORY_ID = 1;
/** The 'Opinion' home section reads category id 27 (§7, §9). */
export const OPINION_CATEGORY_ID = 27;
/** Featured and Opinion show up to 6 cards, with 'View More' when there are more (§9). */
export const HOME_SECTION_LIMIT = 6;
/** A featured card shows up to 4 categories (§9). */
export const CARD_CATEGORY_LIMIT = 4;
/** Categories never shown as an article's primary or breadcrumb category (§2, §9). */
export const SKIPPED_PRIMARY_CATEGORY_NAMES: readonly string[] = ['Latest News', 'Current News'];
/** 'Latest News' is listed first under this top-level category in the menu (§9). */
export const MENU_PINNED_PARENT = 'Current News';
/** The category pinned first under MENU_PINNED_PARENT (§9). */
export const MENU_PINNED_CHILD = 'Latest News';

/** Article hero image height (§2, §9). */
export const HERO_HEIGHT = 450;
/** Article hero image height on small screens (§2, §9). */
export const HERO_HEIGHT_SMALL = 300;
/** Height of the embedded PDF viewer of a report (§2, §9). */
export const PDF_VIEWER_HEIGHT = 800;
/** Width of the article page's side column (§2). */
export const SIDE_COLUMN_WIDTH = 340;
/** Article titles are clamped to 3 lines (§2, §9). */
export const TITLE_CLAMP_LINES = 3;

/** Avatar shown when an author has none (§9). */
export const FALLBACK_AVATAR = '/sidebar1.jpg';

/** Category and author listings are paginated so a large category is never one huge page (issue 4). */
export const LISTING_PAGE_SIZE = 24;
/** Excerpts derived from a body are this many words (card and meta fallbacks). */
export const EXCERPT_WORDS = 40;
/** The Google News sitemap lists articles of the last 48 hours (issue 4). */
export const NEWS_SITEMAP_HOURS = 48;
/** Page language and date locale: en-ZA (§1, §9). */
export const LOCALE = 'en-ZA';
/** Events and relative-time fallbacks use en-GB long dates (§9). */
export const LOCALE_GB = 'en-GB';
/** Every date is shown in South African time (§9). */
export const TIME_ZONE = 'Africa/Johannesburg';
