/**
 * Texts of the bookmark toggle, the /bookmarks page and the comments island that the spec does
 * not word (its own texts are in MESSAGES and LABELS of reader.ts).
 */
export const INTERACTIONS = {
  commentLabel: 'Your comment',
  /** The name of the list of comments. */
  commentsList: 'Comments',
  postComment: 'Post Comment',
  noComments: 'No comments yet.',
  commentsFailed: 'Failed to load comments.',
  commentPostFailed: 'Failed to post comment. Please try again.',
  commentUpdateFailed: 'Failed to update comment. Please try again.',
  reactionFailed: 'Failed to update reaction. Please try again.',
  edit: 'Edit',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  delete: 'Delete',
  restore: 'Restore',
  editLabel: 'Edit your comment',
  restoreTitle: 'Restore this comment?',
  restoreBody: 'It will be shown again after moderation; until then it is pending.',
  like: 'Like',
  dislike: 'Dislike',
  removeBookmarkFor: (title: string): string => `Remove bookmark: ${title}`,
} as const;
