/** The staff dashboard's Comments Moderation screen: its list, its tabs and its bulk decisions. */

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
  /** A comment's state as the moderation screen names it: `hidden` is what Deny makes, so 'Denied', as its tab. */
  status: { pending: 'Pending', approved: 'Approved', hidden: 'Denied', deleted: 'Deleted' },
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
