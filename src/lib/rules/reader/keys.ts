/**
 * The reader site's browser keys and timings (spec reader-site.md §3 "Local browser keys", §9
 * "Timings"), in one place so every island, the tests and the docs agree on them.
 */

/** localStorage / sessionStorage keys (§3). */
export const STORAGE_KEYS = {
  /** Article id a signed-out reader tried to bookmark; inserted after login. */
  pendingBookmark: 'pendingBookmark',
  /** Comment text typed before signing in, with its article: `{articleId, text}`. */
  pendingComment: 'pendingComment',
  /** 'true' after Accept, 'false' after Decline; absent until the reader decides. */
  cookiesAccepted: 'cookies-accepted',
  /** 'true' once the subscribe popup was closed or used. */
  subscribePopupDismissed: 'subscribe-popup-dismissed',
  /** Epoch milliseconds of an anonymous newsletter sign-up (30-day popup suppression). */
  recentlySubscribed: 'recently-subscribed',
  /** Analytics visitor id with the browser fingerprint it was made for: `{id, fingerprint}`. */
  visitorId: 'visitor-id',
  /** The signed-in user's profile summary for the header, so it shows without a server call. */
  profileCache: 'profile-cache',
} as const;

/** Timings in milliseconds (§9); the dashboard's bookmarks toast is the same 2 s (its spec §9). */
export const TIMINGS = {
  menuHoverClose: 120,
  profileMenuClose: 180,
  toastBookmark: 2000,
  toastGeneral: 2500,
  registrationRedirect: 1800,
  newsletterSuccess: 3000,
  newsletterBlockHide: 2500,
  copyConfirmation: 2000,
  popupDelay: 1000,
  popupCloseAfterSuccess: 2000,
  anonymousSuppression: 30 * 24 * 60 * 60 * 1000,
  resetRedirect: 3000,
  storeFakeDelay: 800,
} as const;
