/**
 * The article form's texts (staff-dashboard.md §2, §4, §5, §8; issues 12, 16, 18, 28, 29): its
 * fields, checks, saves and conflicts, the publication choice, and a colleague's article shown
 * read-only. The article-form feature, the publish state and the article rules import them.
 */

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
  diffLabel: 'Their text struck through, yours highlighted',
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

/** The article form's publication choice (issue 12): publish now or at a Johannesburg time. */
export const SCHEDULE_MESSAGES = {
  publishNow: 'Publish now',
  scheduleFor: 'Schedule for a date and time',
  timeLabel: 'Publication date and time (Johannesburg)',
  timeRequired: 'Please choose the date and time to publish.',
  timeInPast: 'Please choose a date and time in the future, or Publish now.',
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

/** The article's revision history under the form (beyond the spec). */
export const HISTORY = {
  title: 'History',
  loading: 'Loading history...',
  empty: 'No saved versions yet.',
  current: 'Current version',
  setAside: ' (set aside in a collision)',
  restore: 'Restore this version',
  noChanges: 'No changes to the text or categories.',
  /** Who made a revision the staff list cannot name (a change made by the database itself). */
  system: 'System',
  fields: {
    title: 'Title',
    excerpt: 'Excerpt',
    body: 'Body',
    categories: 'Categories',
    featuredImage: 'Featured image',
    imageReference: 'Image reference',
    imageAlt: 'Image alt text',
    imageCaption: 'Image caption',
    reportPdf: 'Report PDF',
    editedTag: 'Edited tag',
    seoTitle: 'SEO title',
    metaDescription: 'Meta description',
    keywords: 'Keywords',
    focusKeyword: 'Focus keyword',
  },
  noPdf: '(no PDF)',
  notReport: '(not a report)',
  shown: 'Shown',
  hidden: 'Hidden',
} as const;
