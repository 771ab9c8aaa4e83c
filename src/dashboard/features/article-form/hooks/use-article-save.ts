import { useMemo, useReducer, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  REDIRECT_AFTER_CREATE_MS,
  REDIRECT_AFTER_EDIT_MS,
  articleError,
  categoriesToSave,
  isOldStyleSlug,
  type CategoryOption,
} from '../../../shared/rules/article-rules.ts';
import { resolveConflicts, type ArticleContent, type MergeField, type Side } from '../article-merge.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { isScheduled, isoToJohannesburg, scheduleError } from '../../../shared/rules/schedule.ts';
import { rememberSave } from '../../../shared/publish-state/publish-state.ts';
import type { StoredArticle } from '../api/get-article.ts';
import { preloadSanitizer } from '../api/save-article.ts';
import { bothAutoFilled, withAutoSeo } from '../auto-seo.ts';
import { contentOf, formFromArticle, sameForm, withContent, type FormState } from '../form-state.ts';
import { IDLE, saveReducer } from '../save-state.ts';
import { useCollabSave, type SaveOutcome } from './use-collab-save.ts';
import { useLocalBackup } from './use-local-backup.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

interface Options {
  articleId: number | null;
  stored: StoredArticle | null;
  initial: FormState;
  categories: CategoryOption[];
}

/**
 * The article form's state and its save (spec §2, §4, §5; issue 18). The form holds what is
 * typed and the baseline it started from; a save checks the rules, goes through the
 * collision-aware save, and then either leaves for My Articles, stays open on a merged result, or
 * opens the conflict dialog. Unsaved work is kept on this device and guarded against leaving.
 * What the form shows about it is `saveReducer`'s state (`../save-state.ts`).
 */
export function useArticleSave({ articleId, stored, initial, categories }: Options) {
  const [, navigate] = useLocation();
  const isEdit = articleId !== null;
  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  // Auto-filled SEO fields are part of the starting point, so opening a form changes nothing.
  const [baseline, setBaseline] = useState(() => withAutoSeo(initial, names));
  const [form, setForm] = useState(baseline);
  const [uploads, setUploads] = useState(0);
  const [state, dispatch] = useReducer(saveReducer, IDLE);
  // An article already public keeps its date: no 'Publish now' or schedule to choose.
  const liveSince =
    stored !== null &&
    stored.status === 'published' &&
    !!stored.publishedAt &&
    !isScheduled('published', stored.publishedAt)
      ? stored.publishedAt
      : null;
  const alreadyLive = liveSince !== null;
  // Every side of a merge is compared as the form sees it: SEO fields left blank are auto-filled.
  const view = (a: StoredArticle) => contentOf(withAutoSeo(formFromArticle(a), names));
  const [storedStart] = useState(() => (stored ? { version: stored.version, content: view(stored) } : null));
  const save = useCollabSave(articleId, storedStart, contentOf(baseline), view);
  const dirty = !state.done && !sameForm(form, baseline);
  const goTo = (href: string) => (href.startsWith('/dashboard') ? navigate(`~${href}`) : window.location.assign(href));
  const guard = useUnsavedGuard(dirty, goTo);
  const backup = useLocalBackup(articleId, form, dirty, true, save.base);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  /** Applies a change and re-derives the auto-filled SEO fields the editor has not typed into. */
  const update = (change: Partial<FormState>) => setForm((f) => withAutoSeo({ ...f, ...change }, names));

  const canSave =
    !save.isPending && !state.done && (!isEdit || dirty || (stored ? isOldStyleSlug(stored.slug) : false));

  function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    const invalid = articleError({ ...form, bodyHtml: form.body, uploading: uploads > 0 });
    if (invalid) return dispatch({ type: 'refused', text: invalid });
    if (form.status === 'published' && !alreadyLive && form.publishAt !== null) {
      const wrongTime = scheduleError(isoToJohannesburg(form.publishAt));
      if (wrongTime) return dispatch({ type: 'refused', text: wrongTime });
    }
    const categoryIds = categoriesToSave(form.categoryIds, categories, !isEdit);
    run(contentOf({ ...form, categoryIds }), null, false);
  }

  /** Sends content; `afterMerge` when it comes out of a collision (the form then stays open). */
  function run(content: ArticleContent, setAside: ArticleContent | null, afterMerge: boolean) {
    dispatch({ type: 'sending' });
    save
      .submit(content, setAside)
      .then((outcome) => settle(outcome, afterMerge))
      // A failed save keeps everything typed (and the local backup).
      .catch((err: Error) => dispatch({ type: 'refused', text: err.message || ARTICLE_FORM.somethingWentWrong }));
  }

  function settle(outcome: SaveOutcome, afterMerge: boolean) {
    if (outcome.kind === 'archived') {
      backup.keepNow();
      return dispatch({ type: 'archived', by: outcome.by });
    }
    if (outcome.kind === 'conflict') {
      const found = outcome.conflict;
      const fields = found.fields.filter((f) => !bothAutoFilled(f, form, found.theirs, names));
      const merged = contentOf(withAutoSeo(withContent(form, found.merged), names));
      setForm((f) => withContent(f, merged));
      if (!fields.length) return run(merged, null, true);
      return dispatch({ type: 'conflict', conflict: { ...found, fields, merged } });
    }
    const saved = { id: outcome.saved.id, seq: outcome.saved.publishSeq };
    rememberSave(saved.id, saved.seq);
    backup.clear();
    if (afterMerge || outcome.theirsTaken.length) {
      // Merged: the form stays open on the saved result, so the user sees what came in.
      const next = withContent(form, outcome.content);
      setBaseline(next);
      setForm(next);
      return dispatch({ type: 'merged', saved, theirsTaken: outcome.theirsTaken });
    }
    guard.release();
    dispatch({ type: 'saved', saved, isEdit, published: form.status === 'published' });
    redirectTimer.current = setTimeout(
      () => navigate('/articles', { replace: true }),
      isEdit ? REDIRECT_AFTER_EDIT_MS : REDIRECT_AFTER_CREATE_MS,
    );
  }

  function saveMerged(choices: Record<MergeField, Side>) {
    const { conflict } = state;
    if (!conflict) return;
    const resolved = contentOf(
      withAutoSeo(withContent(form, resolveConflicts(conflict.merged, conflict.theirs, choices)), names),
    );
    // Where they won, this user's value would be lost: it goes to the history as set aside.
    const lost = conflict.fields.some((f) => choices[f] === 'theirs');
    dispatch({ type: 'conflict-closed' });
    setForm((f) => withContent(f, resolved));
    run(resolved, lost ? conflict.mine : null, true);
  }

  return {
    form,
    update,
    isEdit,
    /** Category names by id, for the history, the conflict dialog and the SEO panel. */
    names,
    /** When the stored article went public, if it already is. */
    liveSince,
    ...state,
    /** What is on screen differs from what was last saved (or loaded). */
    dirty,
    isPending: save.isPending,
    canSave,
    submit,
    saveMerged,
    closeConflict: () => dispatch({ type: 'conflict-closed' }),
    /** An upload starts or ends; the form is not sent while one runs. */
    uploadBusy: (busy: boolean) => setUploads((n) => n + (busy ? 1 : -1)),
    /** The editor typed into an SEO field: auto-fill leaves it alone from now on (not the focus keyword). */
    editSeo: (seo: FormState['seo'], edited: keyof FormState['seo']) =>
      setForm((f) => ({ ...f, seo, seoEdited: { ...f.seoEdited, [edited]: edited !== 'focusKeyword' } })),
    /** The editor's normalised body replaces the loaded one while untouched, so opening changes nothing. */
    bodyNormalized: (body: string) => {
      // The editor is ready: now the save's sanitiser may load, after TinyMCE, not before it (issue 29).
      preloadSanitizer();
      if (form.body !== baseline.body) return;
      setBaseline((b) => ({ ...b, body }));
      setForm((f) => ({ ...f, body }));
    },
    backupOffer: backup.offer,
    restoreBackup: () => {
      if (!backup.offer) return;
      setForm(backup.offer.form);
      save.restoreBase(backup.offer.base);
      backup.taken();
    },
    discardBackup: backup.dismiss,
    guard,
  };
}
