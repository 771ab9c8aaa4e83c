/**
 * The profile editor's texts: one editor, mounted by the site's /profile and the dashboard's My
 * Profile (src/shared/profile), so they have a file of their own rather than the dashboard's.
 */
/** My Profile, verify-email and Bookmarks (spec §2, §5, §8). */
export const PROFILE = {
  title: 'My Profile',
  displayName: 'Display Name',
  bio: 'Bio',
  avatar: 'Avatar',
  avatarHint: 'Only authors and admins can upload an avatar. JPG, PNG or WEBP, up to 2MB.',
  displayNameRequired: 'Display name is required.',
  displayNameTooLong: (max: number): string => `Please enter a display name of at most ${max} characters.`,
  save: 'Save Changes',
  saving: 'Saving...',
  uploading: 'Uploading...',
  verifyTitle: 'Please verify your email address',
  verifyBody: (email: string): string =>
    email ? `We sent a link to ${email}. Open it to finish signing up.` : 'Open the link we sent to finish signing up.',
  resend: 'Resend verification email',
  resent: 'A new verification email has been sent. Please check your inbox.',
  bookmarksTitle: 'Bookmarks',
  bookmarksLoading: 'Loading bookmarks...',
  remove: 'Remove',
} as const;

/** /profile's readers' rights (issue 30, POPIA): 'Download my data' and 'Delete my account'. */
export const ACCOUNT = {
  dataHeading: 'Your data',
  dataIntro:
    'Download a copy of everything we hold about you: your account, profile, comments, reactions, bookmarks, newsletter subscription and the page views recorded while you were signed in.',
  download: 'Download my data',
  downloading: 'Preparing your file...',
  downloaded: 'Your data has been downloaded.',
  downloadFailed: 'Your data could not be downloaded. Please try again.',
  deleteHeading: 'Delete my account',
  deleteIntro:
    'This removes your account, profile, bookmarks, reactions, comments and newsletter subscription for good. The page views recorded while you were signed in are kept for our counts but no longer linked to you. It cannot be undone.',
  confirmLabel: 'Type your e-mail address to confirm',
  delete: 'Delete my account',
  deleting: 'Deleting...',
  emailMismatch: 'The e-mail address you typed is not the one on this account.',
  ownsArticles:
    'You are the author of articles on the site. Ask an admin to hand them over to another author, then delete your account.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  deleted: 'Your account has been deleted. Thank you for reading ESG Africa News.',
  home: 'Back to the home page',
} as const;
