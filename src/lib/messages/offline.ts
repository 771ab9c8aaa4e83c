/**
 * Texts of the offline support (docs/readers.md, "Offline"): the update prompt and the page shown
 * for a page requested offline that was never saved.
 */
export const OFFLINE = {
  updateAvailable: 'A new version is available',
  refresh: 'Refresh',
  dismissUpdate: 'Dismiss',
  offlineTitle: "You're offline",
  offlineLead: "This page hasn't been saved for offline reading. Check your connection and try again.",
  offlineHint: 'Articles you have opened before can still be read.',
  tryAgain: 'Try again',
} as const;
