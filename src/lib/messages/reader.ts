/**
 * The reader site's texts, verbatim from the spec (`shared/spec/reader-site.md`): the error
 * catalogue (§8), the success messages (§8), validation (§5), draft access (§6) and the fixed UI
 * labels of §2. Tests assert these exact strings, so pages must use them rather than retype them.
 * One file of the catalogue in src/lib/messages/, one per audience; each text is defined once and
 * imported from its own file (there is no index that re-exports them).
 */

/** Error, empty-state, validation and success texts (§5, §6, §8). */
export const MESSAGES = {
  // §8 error catalogue
  categoriesFailed: 'Failed to load categories.',
  mainArticleFailed: 'Failed to load main article.',
  noMainArticle: 'No main article found.',
  articlesFailed: 'Failed to load articles.',
  noArticles: 'No articles available.',
  categoryNotFound: 'Category not found.',
  noCategoryArticles: 'No articles found in this category.',
  authorNotFound: 'Author not found.',
  noAuthorArticles: 'No articles found for this author.',
  noSearchResults: 'No results found.',
  articleNotFound: 'Article not found.',
  noArticle: 'No article found.',
  articleFailed: 'Failed to load article.',
  imageFailed: 'Failed to load image',
  newsletterFailed: 'Something went wrong while subscribing. Please try again in a moment.',
  /** The popup and store variants of the newsletter failure. */
  genericRetry: 'Something went wrong. Please try again.',
  bookmarkUpdateFailed: 'Failed to update bookmark',
  bookmarkOperationFailed: 'Bookmark operation failed.',
  bookmarksFailed: 'Failed to load bookmarks.',
  eventsFailed: 'Failed to load events.',
  noEvents: 'No upcoming events at this time.',
  submissionStoreFailed: 'Failed to store submission',
  submissionFailed: 'Failed to submit message',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  errorPageTitle: 'Something went wrong',
  errorPageApology:
    "We're sorry — an unexpected error stopped this page from loading. Please try again in a moment; if the problem continues, let us know through the contact page.",
  avatarInvalidType: 'Invalid file type. Only JPG, PNG, and WEBP are allowed.',
  avatarTooLarge: 'File is too large. Max size is 2MB.',
  uploadFailed: (reason: string): string => `Upload failed: ${reason}`,
  avatarNoPublicUrl: 'Could not get public URL for avatar.',
  // §6 draft access
  draftLoginRequired: 'You must be logged in to view draft articles.',
  draftForbidden: 'You do not have permission to view this draft article.',
  // §5 validation
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address.',
  storeEmailInvalid: 'Please enter a valid email.',
  passwordsDoNotMatch: 'Passwords do not match',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  resetLinkInvalid: 'Invalid reset link. Please request a new password reset.',
  resetLinkExpired: 'Invalid or expired reset link. Please request a new password reset.',
  requiredFields: 'Please fill in all required fields.',
  // §8 success messages
  bookmarkAdded: 'Article added to bookmarks',
  bookmarkRemoved: 'Article removed from bookmarks',
  subscribed: "You're subscribed!",
  registered: 'Registration successful! You can now log in.',
  avatarUpdated: 'Avatar updated!',
  profileUpdated: 'Profile updated!',
} as const;

function articles(n: number): string {
  return `${n} ${n === 1 ? 'article' : 'articles'}`;
}

/** Fixed UI labels named in §2 (headings, buttons, badges, banners). */
export const LABELS = {
  home: 'Home',
  categories: 'Categories',
  trendingNow: 'Trending Now',
  featuredStories: 'Featured Stories',
  opinion: 'Opinion',
  viewMore: 'View More',
  edited: 'Edited',
  addBookmark: 'Add Bookmark',
  removeBookmark: 'Remove Bookmark',
  subscribeForFree: 'Subscribe for Free',
  login: 'Login',
  myProfile: 'My Profile',
  bookmarks: 'Bookmarks',
  myBookmarks: 'My Bookmarks',
  noBookmarks: 'You currently do not have any bookmarks.',
  goToHomepage: 'Go to homepage',
  /** The link under an island's error message (ErrorBoundary). */
  contactUs: 'Contact us',
  /** The /search page's order and paging controls (issue 28). */
  searchSortBy: 'Sort by',
  searchRelevance: 'Relevance',
  searchNewest: 'Newest first',
  loadMore: 'Load more',
  loading: 'Loading',
  /** Byline when an article has no author (§2, §9); the dashboard's lists say the same. */
  unknownAuthor: 'Unknown Author',
  /** Commenter name fallback (§2, §9), in the comments island and in moderation. */
  unknownUser: 'Unknown User',
  dashboard: 'Dashboard',
  signOut: 'Sign out',
  commentPlaceholderSignedOut: 'Sign in to comment...',
  signInToComment: 'Sign in to Comment',
  posting: 'Posting...',
  confirmRestore: 'Confirm Restore',
  onlyYouCanSeeComment: 'Only you can see this comment.',
  badges: { pending: 'Pending', deleted: 'Deleted', edited: 'Edited', author: 'Author' },
  previewBanner: 'PREVIEW - Only you can see this article',
  backToArticles: 'Back to Articles',
  pageNotFound: 'Page Not Found',
  returnToHomepage: 'Return to Homepage',
  profileNotPublic: 'This profile is not public.',
  profileNotPublicDetail: 'Only the profiles of our authors and editors are public.',
  shareNetworks: ['Twitter', 'Facebook', 'LinkedIn', 'WhatsApp'],
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link',
  /** The footer's switch for system fonts and small images (issue 27, docs/design.md). */
  dataSaver: 'Data saver',
  dataSaverHint: 'System fonts and small images, nothing loaded in the background.',
  /**
   * The category page's count line, 'N article(s) in this category' in the spec (§2), written
   * with the correct English number: '1 article …', '0 articles …', '12 articles …'.
   */
  articleCount: (n: number): string => `${articles(n)} in this category`,
  /** '1 article', '12 articles': counts on the overviews of categories and authors. */
  articles,
} as const;
