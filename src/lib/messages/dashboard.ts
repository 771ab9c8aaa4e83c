/**
 * The staff dashboard's texts, verbatim from `shared/spec/staff-dashboard.md` (§2, §5, §8). The
 * dashboard and its tests import them from here, so a wording changes in one place.
 */
export const DASHBOARD = {
  // §2 shell and navigation
  title: 'Dashboard',
  visitWebsite: 'Visit Website',
  logout: 'Logout',
  nav: [
    { label: 'Insights', path: '/dashboard' },
    { label: 'Comments', path: '/dashboard/comments' },
    { label: 'My Articles', path: '/dashboard/articles' },
    { label: 'New Article', path: '/dashboard/articles/new' },
    { label: 'Contact Submissions', path: '/dashboard/contact-submissions' },
    { label: 'Subscribers', path: '/dashboard/subscribers' },
    { label: 'Archive', path: '/dashboard/archive', adminOnly: true },
    { label: 'Events', path: '/dashboard/events' },
    { label: 'My Profile', path: '/dashboard/profile' },
  ],
  /** Beyond the spec: what a signed-in reader sees instead of a broken dashboard. */
  notAllowed: 'You do not have access to the dashboard.',
  notAllowedHint: 'The dashboard is for the newsroom’s authors and admins.',
  backHome: 'Back to the website',
  // §2 My Articles
  loadingArticles: 'Loading articles...',
  noArticles: 'No articles found.',
  noArticlesMatching: (term: string): string => `No articles found matching "${term}"`,
  clearSearch: 'Clear search',
  showingAll: (n: number): string => `Showing all ${n} articles`,
  showingOf: (x: number, n: number): string => `Showing ${x} of ${n} articles`,
  setAsMain: 'Set as Main',
  edit: 'Edit',
  archive: 'Archive',
  preview: 'Preview',
  view: 'View',
  archiveTitle: 'Archive Article',
  archiveConfirm: (title: string): string =>
    `Archive "${title}"? It will be hidden from the list and the site until an admin restores it.`,
  cancel: 'Cancel',
  selectAuthor: 'Select Author',
  save: 'Save',
  saving: 'Saving...',
  unknownAuthor: 'Unknown Author',
  // §8
  mainArticleUpdated: 'Main article updated!',
  archiveFailed: 'Archive failed.',
  restoreFailed: 'Restore failed.',
  restore: 'Restore',
  archivedTitle: 'Archived Articles',
  noArchived: 'No archived articles.',
  loadingArchived: 'Loading archived articles...',
  somethingWentWrong: 'Something went wrong.',
} as const;

/** The article form's texts (spec §5, §8). */
export const ARTICLE_FORM = {
  titleRequired: 'Please enter a title.',
  featuredImageRequired: 'Please upload a featured image.',
  uploadInProgress: 'Please wait for the upload to finish.',
  imagePreviewFailed: 'The featured image could not be loaded. Please check the image or upload a new one.',
  pdfRequired: 'Please upload a PDF file for the report.',
  bodyRequired: 'Please add content to the article body.',
  reportExcerptRequired: 'Excerpt is required for reports.',
  excerptTooLong: 'Excerpt cannot exceed 40 words.',
  pdfWrongType: 'Please select a PDF file.',
  pdfTooLarge: 'PDF file size must be less than 30MB.',
  duplicateTitle:
    'An article with this title already exists. Please choose a different title or edit the existing article.',
  categoriesFailed: 'Failed to load categories.',
  imageUploadFailed: (reason: string): string => `Image upload failed: ${reason}`,
  imageNoUrl: 'Image uploaded but preview URL could not be generated.',
  pdfUploadFailed: (reason: string): string => `PDF upload failed: ${reason}`,
  pdfNoUrl: 'PDF uploaded but URL could not be generated.',
  somethingWentWrong: 'Something went wrong.',
  articleNotFound: 'Article not found.',
  noArticleToUpdate: 'No article found to update.',
  published: 'Article published successfully!',
  saved: 'Article saved successfully!',
  updated: 'Article updated successfully! Redirecting...',
  unsavedTitle: 'Unsaved Changes',
  unsavedBody: 'You have unsaved changes. If you leave this page, they will be lost.',
  cancel: 'Cancel',
  leavePage: 'Leave Page',
  restoreBackup: 'Restore unsaved work',
  discardBackup: 'Discard',
  backupFound: (when: string): string => `Unsaved work from ${when} was found on this device.`,
} as const;
