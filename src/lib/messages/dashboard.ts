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
