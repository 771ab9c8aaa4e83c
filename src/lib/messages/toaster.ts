/**
 * The toaster's one text (src/components/islands/Toaster.tsx). A file of its own: the toaster is
 * on every page, and a catalogue only it imports is bundled into its own small chunk.
 */
export const TOASTER = {
  dismiss: 'Dismiss',
} as const;
