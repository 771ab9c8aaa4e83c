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
