/**
 * The staff dashboard's texts, verbatim from `shared/spec/staff-dashboard.md` (§2, §5, §8): the
 * shell, My Articles, the pager, Contact Submissions, Subscribers, Events and Insights. The larger
 * screens have a file each beside this one: `dashboard-article-form.ts`,
 * `dashboard-moderation.ts`, `dashboard-newsletters.ts`. The dashboard and its tests import them
 * from there, so a wording changes in one place.
 */
export const DASHBOARD = {
  // §2 shell and navigation
  title: 'Dashboard',
  /** The shell's skip link, phone menu button and the names of its two navigations. */
  skipToContent: 'Skip to content',
  menu: 'Menu',
  accountNav: 'Account',
  navLabel: 'Dashboard',
  checkingSignIn: 'Checking your sign-in',
  visitWebsite: 'Visit Website',
  logout: 'Logout',
  nav: [
    { label: 'Insights', path: '/dashboard' },
    { label: 'Comments', path: '/dashboard/comments' },
    { label: 'My Articles', path: '/dashboard/articles' },
    { label: 'New Article', path: '/dashboard/articles/new' },
    { label: 'Contact Submissions', path: '/dashboard/contact-submissions' },
    { label: 'Subscribers', path: '/dashboard/subscribers', adminOnly: true },
    { label: 'Newsletters', path: '/dashboard/newsletters' },
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
  // §8
  mainArticleUpdated: 'Main article updated!',
  archiveFailed: 'Archive failed.',
  restoreFailed: 'Restore failed.',
  restore: 'Restore',
  archivedTitle: 'Archived Articles',
  noArchived: 'No archived articles.',
  loadingArchived: 'Loading archived articles...',
  /** Beyond the spec: the archive is searched by title, in the database (issue 28). */
  searchArchived: 'Search archived articles by title',
  noArchivedMatching: (term: string): string => `No archived articles match "${term}".`,
  somethingWentWrong: 'Something went wrong.',
} as const;

/** Contact Submissions (spec §2, §4, §8). */
export const SUBMISSIONS = {
  title: 'Contact Submissions',
  loading: 'Loading submissions...',
  empty: 'No submissions found',
  error: (message: string): string => `Error: ${message}`,
  allStatuses: 'All statuses',
  allTypes: 'All types',
  statusLabel: 'Status',
  typeLabel: 'Form type',
  markRead: 'Mark as Read',
  markReplied: 'Mark as Replied',
  reply: 'Reply by email',
  replySubject: (formType: string): string =>
    formType === 'advertise' ? 'Re: Your advertising enquiry' : 'Re: Your message to ESG Africa News',
  statuses: { new: 'New', read: 'Read', replied: 'Replied' },
  formTypes: { contact: 'Contact', advertise: 'Advertise' },
} as const;

/** Subscribers (spec §2, §8, §9). */
export const SUBSCRIBERS = {
  title: 'Subscribers',
  loading: 'Loading subscribers...',
  empty: 'No subscribers found',
  noMatch: 'No subscribers match your filters',
  error: (message: string): string => `Error: ${message}`,
  fallbackError: 'Failed to load subscribers',
  stats: {
    total: 'Total Subscribers',
    week: 'New This Week',
    month: 'New This Month',
    active: 'Active',
    unsubscribed: 'Unsubscribed',
  },
  searchLabel: 'Search by email',
  filterLabel: 'Status',
  filters: { all: 'All Subscribers', active: 'Active', unsubscribed: 'Unsubscribed' },
  columns: ['Email', 'Status', 'Subscribed Date', 'Source'],
  source: 'Website',
  active: 'Active',
  exportCsv: 'Export CSV',
  exporting: 'Exporting...',
  /** Beyond the spec: the list is admins-only in the database (docs/data-model.md). */
  adminsOnly: 'Only admins can see the subscriber list.',
  statsLabel: 'Subscriber statistics',
} as const;

/** The pager of the dashboard's long lists (issue 28: no list stops silently). */
export const LISTS = {
  showing: (from: number, to: number, total: number): string =>
    `Showing ${from.toLocaleString('en-ZA')}–${to.toLocaleString('en-ZA')} of ${total.toLocaleString('en-ZA')}`,
  pageOf: (page: number, pages: number): string =>
    `Page ${page.toLocaleString('en-ZA')} of ${pages.toLocaleString('en-ZA')}`,
  previous: 'Previous',
  next: 'Next',
  pagerLabel: (list: string): string => `${list} pages`,
} as const;

/** Manage Events (spec §2, §4, §5, §8, §9). */
export const EVENTS = {
  title: 'Manage Events',
  loading: 'Loading events...',
  empty: 'No events yet.',
  loadFailed: 'Failed to load events.',
  updateFailed: 'Failed to update event.',
  createFailed: 'Failed to create event.',
  required: 'Title, date, and location are required.',
  created: 'Event created successfully!',
  updated: 'Event updated successfully!',
  toastMs: 2500,
  newEvent: 'New Event',
  editEvent: 'Edit Event',
  create: 'Create Event',
  update: 'Update Event',
  cancel: 'Cancel',
  edit: 'Edit',
  archive: 'Archive',
  unarchive: 'Unarchive',
  archived: 'Archived',
  fields: {
    title: 'Title',
    date: 'Date',
    location: 'Location',
    description: 'Description',
    image: 'Image',
    link: 'Link',
  },
  uploading: 'Uploading...',
  imageUploadFailed: (reason: string): string => `Image upload failed: ${reason}`,
} as const;

/** Insights (spec §2, §7, §9). */
export const INSIGHTS = {
  title: 'Insights',
  loading: 'Loading insights...',
  loadFailed: 'Failed to load insights.',
  pageViews: 'Page Views',
  articleViews: 'Article Views',
  total: 'Total',
  last7Days: 'Last 7 days',
  today: 'Today',
  uniqueUsers: 'Unique Users',
  uniqueVisitors: 'Unique Visitors',
  topArticles: 'Top 5 Articles',
  noViews: 'No article views yet.',
  yourArticleViews: 'Your Article Views',
  chartTitle: 'Daily views, last 30 days',
  views: (n: number): string => `${n.toLocaleString('en-ZA')} ${n === 1 ? 'view' : 'views'}`,
  /** The chart's numbers for screen readers and anyone who wants them. */
  showTable: 'Show the numbers as a table',
  day: 'Day',
} as const;

/** My Articles as a worklist (issue 29): filters, sortable columns, one line of actions per row. */
export const WORKLIST = {
  title: 'My Articles',
  pagerLabel: 'Articles',
  searchLabel: 'Search articles',
  searchPlaceholder: 'Search by title, category, status or author',
  statusLabel: 'Status',
  allStatuses: 'All statuses',
  statuses: { draft: 'Draft', published: 'Published', scheduled: 'Scheduled' },
  authorLabel: 'Author',
  allAuthors: 'All authors',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  clearFilters: 'Clear filters',
  columns: { title: 'Title', category: 'Category', status: 'Status', date: 'Date', author: 'Author' },
  actions: 'Actions',
  sortBy: (column: string): string => `Sort by ${column}`,
  more: 'More',
  moreActions: (title: string): string => `More actions for “${title}”`,
  onlyAdminsChangeAuthor: 'Only admins can change the author',
  /** The badge of the home page's main article. */
  mainBadge: 'Main',
  authorOf: (title: string): string => `Author of “${title}”`,
} as const;
