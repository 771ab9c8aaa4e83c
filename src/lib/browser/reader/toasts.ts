/**
 * Toasts, top-centre and dark (§2): any island calls `showToast`, the one Toaster island on the
 * page shows them. Bookmark toasts last 2 s, the rest 2.5 s (§9), counted from when the Toaster
 * shows them (`toastShown`), not from when they were raised: the Toaster's code loads with the
 * first toast, and on a slow phone or a busy network that takes longer than a toast's whole life.
 */
import { atom } from 'nanostores';
import { TIMINGS } from '../../rules/reader/keys.ts';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'success' | 'error';
  durationMs: number;
}

export const $toasts = atom<Toast[]>([]);

/** Raised with the first toast: the Toaster island hydrates on it (BaseLayout.astro). */
export const TOAST_EVENT = 'reader:toast';

let nextId = 1;

export function showToast(text: string, options: { tone?: Toast['tone']; durationMs?: number } = {}): Toast {
  const toast: Toast = {
    id: nextId++,
    text,
    tone: options.tone ?? 'info',
    durationMs: options.durationMs ?? TIMINGS.toastGeneral,
  };
  $toasts.set([...$toasts.get(), toast]);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_EVENT));
  return toast;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Starts a toast's time on screen; the Toaster calls it once the toast is shown. Again: no-op. */
export function toastShown(id: number): void {
  const toast = $toasts.get().find((t) => t.id === id);
  if (!toast || timers.has(id)) return;
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toast.durationMs),
  );
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
