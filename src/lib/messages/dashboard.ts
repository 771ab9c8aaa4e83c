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
    { label: 'Subscribers', path: '/dashboard/subscribers', adminOnly: true },
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
  // No answer at all (the network dropped): the spec's fallback, and what to do about it.
  saveNetworkFailed: 'Something went wrong. The server could not be reached: check your connection and save again.',
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
  // Two people, one article (issue 18).
  alsoEditing: (name: string): string => `${name} is also editing this article.`,
  editingRow: (name: string): string => `Editing: ${name}`,
  mergedTheirs: (fields: string): string => `Their changes to ${fields} were merged into your version.`,
  changedMeanwhile: (name: string): string => `This article was changed by ${name} while you were editing.`,
  archivedMeanwhile: (name: string): string =>
    `This article was archived by ${name}. Your changes are kept on this device.`,
  keepMine: 'Keep mine',
  useTheirs: 'Use theirs',
  saveMerged: 'Save merged version',
  theirVersion: 'Their version',
  yourVersion: 'Your version',
  someoneElse: 'another staff member',
  keepsChanging: 'The article keeps changing while you save. Please try again.',
  // The hero image's alt text and caption (issue 16).
  altLabel: 'Image alt text',
  altHint: 'What the picture shows, for readers who cannot see it (at most 125 characters).',
  captionLabel: 'Image caption (optional)',
  // Publishing (issue 12): the state of a saved article on the public site.
  publishState: {
    live: 'Live',
    building: 'Building…',
    failed: (reason: string): string => `Failed: ${reason}`,
    scheduled: (when: string): string => `Scheduled for ${when}`,
    draft: 'Draft',
  },
  liveSince: (when: string): string => `Live since ${when}.`,
  // The form's headings, field labels and buttons (spec §2, §4).
  loading: 'Loading the article',
  newTitle: 'New Article',
  editTitle: 'Edit Article',
  fields: {
    title: 'Title',
    featuredImage: 'Featured image',
    imageReference: 'Image reference (optional)',
    isReport: 'This is a report (PDF)',
    reportPdf: 'Report PDF',
    excerpt: 'Excerpt',
    body: 'Body',
    status: 'Status',
    publication: 'Publication',
    showEditedTag: 'Show Edited tag',
  },
  statusOptions: { draft: 'Draft', published: 'Published' },
  categories: {
    legend: 'Categories',
    primary: 'Primary category',
    makePrimary: 'Make primary',
    primaryOf: (name: string): string => `Primary category: ${name}`,
  },
  seo: {
    legend: 'SEO',
    score: 'SEO score:',
    seoTitle: (length: number, max: number): string => `SEO title (${length}/${max})`,
    metaDescription: (length: number, max: number): string => `Meta description (${length}/${max})`,
    focusKeyword: 'Focus keyword',
    keywordsCount: (count: number, max: number): string => `Keywords (${count}/${max})`,
    keywords: 'Keywords',
    removeKeyword: (keyword: string): string => `Remove keyword ${keyword}`,
    suggestedKeywords: 'Suggested keywords',
  },
  lastEdited: (who: string, when: string): string => `Last edited by ${who} on ${when}`,
  /** 'Last edited by' when the editor's profile cannot be read (beyond the spec). */
  unknownEditor: 'a former staff member',
  saving: 'Saving...',
  saveArticle: 'Save Article',
  updateArticle: 'Update Article',
  // The writing room (issue 29): the settings panel, the sticky bar, the count under the body.
  settings: 'Article settings',
  groups: {
    publication: 'Status and publication',
    categories: 'Categories',
    image: 'Featured image',
    excerpt: 'Excerpt',
    report: 'Report',
    editedTag: 'Edited tag',
    seo: 'SEO',
  },
  saveState: {
    saved: 'Saved',
    unsaved: 'Unsaved changes',
    saving: 'Saving…',
    notSaved: 'Not saved yet',
  },
  saveShortcut: 'Ctrl+S',
  wordCount: (words: number, minutes: number): string =>
    `${words} ${words === 1 ? 'word' : 'words'} · ${minutes} min read`,
  drop: {
    image: 'Drag an image here or paste one, or',
    pdf: 'Drag a PDF here or paste one, or',
    browse: 'browse',
    replace: 'Replace',
    remove: 'Remove',
    uploading: (percent: number): string => `Uploading… ${percent}%`,
  },
  uploadedPdf: 'Uploaded PDF',
  imagePreviewAlt: 'Featured image preview',
} as const;

/** Comments Moderation (spec §2, §4, §8). */
export const MODERATION = {
  pagerLabel: 'Comments',
  title: 'Comments Moderation',
  loading: 'Loading comments...',
  empty: 'No comments to moderate.',
  unknownArticle: 'Unknown Article',
  deletedSection: 'Deleted Comments',
  approve: 'Approve',
  deny: 'Deny',
  delete: 'Delete',
  restore: 'Restore',
  cancel: 'Cancel',
  confirmDeleteTitle: 'Delete Comment',
  confirmDelete: 'Delete this comment? It disappears from the article until it is restored.',
  confirmRestoreTitle: 'Restore Comment',
  confirmRestore: 'Restore this comment? It returns to pending and waits for approval.',
  actionFailed: 'The comment could not be updated.',
  likes: (n: number): string => `${n} ${n === 1 ? 'like' : 'likes'}`,
  dislikes: (n: number): string => `${n} ${n === 1 ? 'dislike' : 'dislikes'}`,
  status: { pending: 'Pending', approved: 'Approved', hidden: 'Hidden', deleted: 'Deleted' },
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
} as const;

/** The article form's publication choice (issue 12): publish now or at a Johannesburg time. */
export const SCHEDULE_MESSAGES = {
  publishNow: 'Publish now',
  scheduleFor: 'Schedule for a date and time',
  timeLabel: 'Publication date and time (Johannesburg)',
  timeRequired: 'Please choose the date and time to publish.',
  timeInPast: 'Please choose a date and time in the future, or Publish now.',
} as const;

/** The pager under a list paged in the database (src/dashboard/shared/components/Pager.tsx). */
/** My Articles as a worklist (issue 29): filters, sortable columns, one line of actions per row. */
export const WORKLIST = {
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
} as const;

/** A colleague's article opened by URL: shown read-only (issue 28). */
export const ARTICLE_VIEW = {
  title: 'View Article',
  readOnly: (author: string): string =>
    `This article belongs to ${author}. Only its author or an admin can edit it, so it is shown here read-only.`,
  unknownAuthor: 'another author',
  status: 'Status',
  author: 'Author',
  categories: 'Categories',
  excerpt: 'Excerpt',
  body: 'Body',
  viewOnSite: 'View on site',
  backToArticles: 'Back to My Articles',
} as const;

/** Comments Moderation at newsroom volume (issue 29): tabs, bulk decisions, shortcuts. */
export const MODERATION_DESK = {
  tabsLabel: 'Comments by state',
  tabs: { pending: 'Pending', approved: 'Approved', hidden: 'Denied', deleted: 'Deleted' },
  tab: (label: string, n: number | undefined): string => (n === undefined ? label : `${label} (${n})`),
  emptyTab: {
    approved: 'No approved comments.',
    hidden: 'No denied comments.',
    deleted: 'No deleted comments.',
  },
  selectAll: 'Select all on this page',
  select: (who: string): string => `Select the comment by ${who}`,
  selected: (n: number): string => `${n} selected`,
  approveSelected: 'Approve selected',
  denySelected: 'Deny selected',
  deleteSelected: 'Delete selected',
  restoreSelected: 'Restore selected',
  confirmDeleteMany: (n: number): string =>
    `Delete ${n} comments? They disappear from their articles until they are restored.`,
  confirmRestoreMany: (n: number): string => `Restore ${n} comments? They return to pending and wait for approval.`,
  done: { approved: 'approved', hidden: 'denied', deleted: 'deleted', pending: 'restored' },
  doneMany: (n: number, what: string): string => `${n} ${n === 1 ? 'comment' : 'comments'} ${what}.`,
  onlyArticle: 'Only this article',
  articleFilter: (title: string): string => `Showing comments on “${title}”.`,
  allArticles: 'Show all articles',
  shortcuts: 'Keyboard: j and k move between comments, a approves, d denies.',
  listLabel: 'Comments',
} as const;
