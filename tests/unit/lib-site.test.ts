import { describe, expect, it } from 'vitest';
import * as site from '../../src/lib/site.ts';
import { LABELS, MESSAGES } from '../../src/lib/messages/reader.ts';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';

describe('product constants (reader spec §2, §9)', () => {
  it.each([
    ['SITE_NAME', 'ESG Africa News'],
    ['HOME_TRENDING_FETCH', 4],
    ['HOME_TRENDING_SHOW', 3],
    ['FEATURED_CATEGORY_ID', 1],
    ['OPINION_CATEGORY_ID', 27],
    ['HOME_SECTION_LIMIT', 6],
    ['CARD_CATEGORY_LIMIT', 4],
    ['HERO_HEIGHT', 450],
    ['HERO_HEIGHT_SMALL', 300],
    ['PDF_VIEWER_HEIGHT', 800],
    ['SIDE_COLUMN_WIDTH', 340],
    ['TITLE_CLAMP_LINES', 3],
    ['FALLBACK_AVATAR', '/sidebar1.jpg'],
    ['LISTING_PAGE_SIZE', 24],
    ['EXCERPT_WORDS', 40],
    ['NEWS_SITEMAP_HOURS', 48],
    ['LOCALE', 'en-ZA'],
    ['LOCALE_GB', 'en-GB'],
    ['TIME_ZONE', 'Africa/Johannesburg'],
  ] as const)('%s is %j', (name, value) => {
    expect(site[name]).toBe(value);
  });

  it("skips 'Latest News' and 'Current News' as primary categories", () => {
    expect(site.SKIPPED_PRIMARY_CATEGORY_NAMES).toEqual(['Latest News', 'Current News']);
  });

  it('names the organisation, founded 2025, with a sized logo', () => {
    expect(site.ORGANISATION).toMatchObject({
      name: 'ESG Africa News',
      foundingDate: '2025',
      logo: { path: '/logo.png', width: expect.any(Number), height: expect.any(Number) },
    });
  });

  it('links the partner banner to an https example.com site', () => {
    const url = new URL(site.PARTNER.url);
    expect(url.protocol).toBe('https:');
    expect(url.hostname.endsWith('example.com')).toBe(true);
    expect(site.PARTNER.name).not.toBe('');
  });
});

describe('timings (reader spec §9)', () => {
  it.each([
    ['menuHoverClose', 120],
    ['profileMenuClose', 180],
    ['toastBookmark', 2000],
    ['toastGeneral', 2500],
    ['registrationRedirect', 1800],
    ['newsletterSuccess', 3000],
    ['newsletterBlockHide', 2500],
    ['copyConfirmation', 2000],
    ['popupDelay', 1000],
    ['popupCloseAfterSuccess', 2000],
    ['anonymousSuppression', 30 * 24 * 60 * 60 * 1000],
    ['resetRedirect', 3000],
    ['storeFakeDelay', 800],
  ] as const)('%s is %i ms', (name, ms) => {
    expect(TIMINGS[name]).toBe(ms);
  });
});

describe('message catalogue (reader spec §5, §6, §8)', () => {
  it.each([
    ['categoriesFailed', 'Failed to load categories.'],
    ['mainArticleFailed', 'Failed to load main article.'],
    ['noMainArticle', 'No main article found.'],
    ['articlesFailed', 'Failed to load articles.'],
    ['noArticles', 'No articles available.'],
    ['categoryNotFound', 'Category not found.'],
    ['noCategoryArticles', 'No articles found in this category.'],
    ['authorNotFound', 'Author not found.'],
    ['noAuthorArticles', 'No articles found for this author.'],
    ['noSearchResults', 'No results found.'],
    ['articleNotFound', 'Article not found.'],
    ['noArticle', 'No article found.'],
    ['articleFailed', 'Failed to load article.'],
    ['imageFailed', 'Failed to load image'],
    ['newsletterFailed', 'Something went wrong while subscribing. Please try again in a moment.'],
    ['genericRetry', 'Something went wrong. Please try again.'],
    ['bookmarkUpdateFailed', 'Failed to update bookmark'],
    ['bookmarkOperationFailed', 'Bookmark operation failed.'],
    ['bookmarksFailed', 'Failed to load bookmarks.'],
    ['eventsFailed', 'Failed to load events.'],
    ['noEvents', 'No upcoming events at this time.'],
    ['submissionStoreFailed', 'Failed to store submission'],
    ['submissionFailed', 'Failed to submit message'],
    ['unexpectedError', 'An unexpected error occurred. Please try again.'],
    ['errorPageTitle', 'Something went wrong'],
    ['avatarInvalidType', 'Invalid file type. Only JPG, PNG, and WEBP are allowed.'],
    ['avatarTooLarge', 'File is too large. Max size is 2MB.'],
    ['avatarNoPublicUrl', 'Could not get public URL for avatar.'],
    ['draftLoginRequired', 'You must be logged in to view draft articles.'],
    ['draftForbidden', 'You do not have permission to view this draft article.'],
    ['emailRequired', 'Please enter your email address.'],
    ['emailInvalid', 'Please enter a valid email address.'],
    ['storeEmailInvalid', 'Please enter a valid email.'],
    ['passwordsDoNotMatch', 'Passwords do not match'],
    ['resetPasswordsDoNotMatch', 'Passwords do not match.'],
    ['passwordTooShort', 'Password must be at least 6 characters long.'],
    ['resetLinkInvalid', 'Invalid reset link. Please request a new password reset.'],
    ['resetLinkExpired', 'Invalid or expired reset link. Please request a new password reset.'],
    ['requiredFields', 'Please fill in all required fields.'],
    ['bookmarkAdded', 'Article added to bookmarks'],
    ['bookmarkRemoved', 'Article removed from bookmarks'],
    ['subscribed', "You're subscribed!"],
    ['registered', 'Registration successful! You can now log in.'],
    ['avatarUpdated', 'Avatar updated!'],
    ['profileUpdated', 'Profile updated!'],
  ] as const)('%s: %s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it("formats 'Upload failed: {reason}'", () => {
    expect(MESSAGES.uploadFailed('Bucket not found')).toBe('Upload failed: Bucket not found');
  });
});

describe('UI labels (reader spec §2)', () => {
  it.each([
    ['trendingNow', 'Trending Now'],
    ['featuredStories', 'Featured Stories'],
    ['opinion', 'Opinion'],
    ['viewMore', 'View More'],
    ['edited', 'Edited'],
    ['addBookmark', 'Add Bookmark'],
    ['removeBookmark', 'Remove Bookmark'],
    ['subscribeForFree', 'Subscribe for Free'],
    ['noBookmarks', 'You currently do not have any bookmarks.'],
    ['commentPlaceholderSignedOut', 'Sign in to comment...'],
    ['signInToComment', 'Sign in to Comment'],
    ['posting', 'Posting...'],
    ['confirmRestore', 'Confirm Restore'],
    ['onlyYouCanSeeComment', 'Only you can see this comment.'],
    ['unknownAuthor', 'Unknown Author'],
    ['unknownUser', 'Unknown User'],
    ['previewBanner', 'PREVIEW - Only you can see this article'],
    ['backToArticles', 'Back to Articles'],
    ['pageNotFound', 'Page Not Found'],
    ['returnToHomepage', 'Return to Homepage'],
  ] as const)('%s: %s', (key, text) => {
    expect(LABELS[key]).toBe(text);
  });

  it('lists the four share networks of the article page', () => {
    expect(LABELS.shareNetworks).toEqual(['Twitter', 'Facebook', 'LinkedIn', 'WhatsApp']);
  });

  it.each([
    [0, '0 articles in this category'],
    [1, '1 article in this category'],
    [2, '2 articles in this category'],
    [5000, '5000 articles in this category'],
  ])("counts %i as '%s'", (n, text) => {
    expect(LABELS.articleCount(n)).toBe(text);
  });
});
