/**
 * Toasts, top-centre and dark (§2): any island calls `showToast`, the one Toaster island on the
 * page shows them. Bookmark toasts last 2 s, the rest 2.5 s (§9).
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
  setTimeout(() => dismissToast(toast.id), toast.durationMs);
  return toast;
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
