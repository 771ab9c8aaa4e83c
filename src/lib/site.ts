/**
 * Product constants of the public site, each traced to the reader spec
 * (`shared/spec/reader-site.md`, "§n" below). Pages and components import these instead of
 * repeating numbers and texts, so a change to the spec is one edit here and one failing test.
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

/** Responsive image widths offered in `srcset` (src/lib/images.ts): phone 1x … wide 2x. */
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
/** Category chips on the preview page header (§2 preview extras; not numbered in the spec). */
export const PREVIEW_CATEGORY_CHIPS = 3;
/** Categories never shown as an article's primary or breadcrumb category (§2, §9). */
export const SKIPPED_PRIMARY_CATEGORY_NAMES: readonly string[] = ['Latest News', 'Current News'];
/** 'Latest News' is listed first under this top-level category in the menu (§9). */
export const MENU_PINNED_PARENT = 'Current News';
/** The category pinned first under MENU_PINNED_PARENT (§9). */
export const MENU_PINNED_CHILD = 'Latest News';

/** Menu hover close delay (§9). */
export const MENU_CLOSE_DELAY_MS = 120;
/** Profile menu open/close delay (§9). */
export const PROFILE_MENU_DELAY_MS = 180;
/** 'Link copied' confirmation of the share control (§9). */
export const COPY_CONFIRMATION_MS = 2000;
/** Bookmark toast duration (§9). */
export const BOOKMARK_TOAST_MS = 2000;
/** General top-center toast duration (§9). */
export const TOAST_MS = 2500;
/** Delay before redirecting to /login after registering (§4, §9). */
export const REGISTRATION_REDIRECT_MS = 1800;
/** How long the newsletter success message shows (§4, §9). */
export const NEWSLETTER_SUCCESS_MS = 3000;
/** The newsletter block hides this long after the success message, for logged-in users (§4). */
export const NEWSLETTER_HIDE_AFTER_MS = 2500;
/** Subscribe popup appears after this delay (§4, §9). */
export const SUBSCRIBE_POPUP_DELAY_MS = 1000;
/** Subscribe popup closes this long after success (§4, §9). */
export const SUBSCRIBE_POPUP_CLOSE_MS = 2000;
/** Anonymous subscribers are not shown the popup again for 30 days (§4, §9). */
export const SUBSCRIBE_SUPPRESSION_DAYS = 30;
/** Redirect to /login after a password reset (§4, §9). */
export const PASSWORD_RESET_REDIRECT_MS = 3000;
/** The store's notify form fakes a server call of 800 ms (§4, §9). */
export const STORE_FAKE_DELAY_MS = 800;

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
/** Byline when an article has no author (§2, §9). */
export const UNKNOWN_AUTHOR = 'Unknown Author';
/** Commenter name fallback (§2, §9). */
export const UNKNOWN_USER = 'Unknown User';

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

/** Password minimum length (§5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Avatar upload maximum: 2MB (§5, §9). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Liability cap in the terms (§1, §9). */
export const LIABILITY_CAP = 'R50,000';

export { LABELS, MESSAGES } from './messages.ts';
