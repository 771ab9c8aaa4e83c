import { useEffect, useState } from 'react';
import type { VersionedContent } from '../article-merge.ts';
import type { FormState } from '../form-state.ts';

interface Backup {
  savedAt: string;
  form: FormState;
  /** The stored version the work started from, so a restore merges instead of overwriting. */
  base?: VersionedContent;
}

const key = (articleId: number | null) => `dashboard:article-backup:${articleId ?? 'new'}`;

function read(articleId: number | null): Backup | null {
  try {
    const raw = localStorage.getItem(key(articleId));
    return raw ? (JSON.parse(raw) as Backup) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a copy of unsaved work on this device (beyond the spec), written a second after the
 * last change while the form is dirty, so a crash, a closed tab or a failed save loses nothing.
 * `offer` is the copy found when the form opened, if it differs from what was loaded.
 */
export function useLocalBackup(
  articleId: number | null,
  form: FormState,
  dirty: boolean,
  ready: boolean,
  base: () => VersionedContent | null = () => null,
) {
  const write = () =>
    localStorage.setItem(
      key(articleId),
      JSON.stringify({ savedAt: new Date().toISOString(), form, base: base() ?? undefined } satisfies Backup),
    );
  const [offer, setOffer] = useState<Backup | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (!ready || checked) return;
    setChecked(true);
    const found = read(articleId);
    if (found && JSON.stringify(found.form) !== JSON.stringify(form)) setOffer(found);
  }, [ready, checked, articleId, form]);
  useEffect(() => {
    if (!checked || !dirty || offer) return;
    const timer = setTimeout(write, 1000);
    return () => clearTimeout(timer);
  }, [articleId, form, dirty, checked, offer]);
  return {
    offer,
    dismiss: () => {
      localStorage.removeItem(key(articleId));
      setOffer(null);
    },
    taken: () => setOffer(null),
    clear: () => localStorage.removeItem(key(articleId)),
    /** Writes the form now (a save that cannot go through keeps the work on this device). */
    keepNow: write,
  };
}
