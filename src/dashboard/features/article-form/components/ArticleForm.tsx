import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import {
  EXCERPT_MAX_CHARS,
  HERO_ALT_MAX_CHARS,
  HERO_CAPTION_MAX_CHARS,
  REDIRECT_AFTER_CREATE_MS,
  REDIRECT_AFTER_EDIT_MS,
  articleError,
  categoriesToSave,
  isOldStyleSlug,
  limitExcerpt,
  type CategoryOption,
} from '../../../shared/rules/article-rules.ts';
import { fieldLabels, resolveConflicts, type ArticleContent, type MergeField, type Side } from '../article-merge.ts';
import { formatArticleDate, formatDateTime } from '../../../../lib/rules/dates.ts';
import { SCHEDULE_MESSAGES } from '../../../../lib/messages/dashboard.ts';
import { isScheduled, isoToJohannesburg, johannesburgToIso, scheduleError } from '../../../shared/rules/schedule.ts';
import { rememberSave } from '../../../shared/publish-state/publish-state.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard.ts';
import type { StoredArticle } from '../api/get-article.ts';
import { usePresence } from '../api/queries.ts';
import { bothAutoFilled, withAutoSeo } from '../auto-seo.ts';
import { contentOf, formFromArticle, sameForm, withContent, type FormState } from '../form-state.ts';
import { useCollabSave, type Conflict, type SaveOutcome } from '../hooks/use-collab-save.ts';
import { useLocalBackup } from '../hooks/use-local-backup.ts';
import { useUnsavedGuard } from '../hooks/use-unsaved-guard.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { PresenceBanner } from './PresenceBanner.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { SeoPanel } from './SeoPanel.tsx';
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx';
import { UploadField } from './UploadField.tsx';

interface Props {
  articleId: number | null;
  stored: StoredArticle | null;
  initial: FormState;
  categories: CategoryOption[];
  categoriesError: string | null;
}

/** The New / Edit Article form (spec §2, §4, §5). */
export function ArticleForm({ articleId, stored, initial, categories, categoriesError }: Props) {
  const [, navigate] = useLocation();
  const isEdit = articleId !== null;
  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  // Auto-filled SEO fields are part of the starting point, so opening a form changes nothing.
  const [baseline, setBaseline] = useState(() => withAutoSeo(initial, names));
  const [form, setForm] = useState(baseline);
  const [uploads, setUploads] = useState(0);
  const [excerptNote, setExcerptNote] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  /** The last save's article and publish sequence: its state on the site shows under the message. */
  const [lastSave, setLastSave] = useState<{ id: number; seq: number } | null>(null);
  // An article already public keeps its date: no 'Publish now' or schedule to choose.
  const alreadyLive =
    stored !== null &&
    stored.status === 'published' &&
    !!stored.publishedAt &&
    !isScheduled('published', stored.publishedAt);
  // Every side of a merge is compared as the form sees it: SEO fields left blank are auto-filled.
  const view = (a: StoredArticle) => contentOf(withAutoSeo(formFromArticle(a), names));
  const [storedStart] = useState(() => (stored ? { version: stored.version, content: view(stored) } : null));
  const save = useCollabSave(articleId, storedStart, contentOf(baseline), view);
  const editors = usePresence(articleId);
  const dirty = !done && !sameForm(form, baseline);
  const goTo = (href: string) => (href.startsWith('/dashboard') ? navigate(`~${href}`) : window.location.assign(href));
  const guard = useUnsavedGuard(dirty, goTo);
  const backup = useLocalBackup(articleId, form, dirty, true, save.base);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const categoryNames = form.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean);

  /** Applies a change and re-derives the auto-filled SEO fields the editor has not typed into. */
  const update = (change: Partial<FormState>) => setForm((f) => withAutoSeo({ ...f, ...change }, names));

  const canSave = !save.isPending && !done && (!isEdit || dirty || (stored ? isOldStyleSlug(stored.slug) : false));

  function submit(e: { preventDefault(): void }) {
    e.preventDefault();
    const invalid = articleError({ ...form, bodyHtml: form.body, uploading: uploads > 0 });
    if (invalid) return setMessage({ text: invalid, error: true });
    if (form.status === 'published' && !alreadyLive && form.publishAt !== null) {
      const wrongTime = scheduleError(isoToJohannesburg(form.publishAt));
      if (wrongTime) return setMessage({ text: wrongTime, error: true });
    }
    const categoryIds = categoriesToSave(form.categoryIds, categories, !isEdit);
    run(contentOf({ ...form, categoryIds }), null, false);
  }

  /** Sends content; `afterMerge` when it comes out of a collision (the form then stays open). */
  function run(content: ArticleContent, setAside: ArticleContent | null, afterMerge: boolean) {
    setMessage(null);
    save
      .submit(content, setAside)
      .then((outcome) => settle(outcome, afterMerge))
      // A failed save keeps everything typed (and the local backup).
      .catch((err: Error) => setMessage({ text: err.message || ARTICLE_FORM.somethingWentWrong, error: true }));
  }

  function settle(outcome: SaveOutcome, afterMerge: boolean) {
    if (outcome.kind === 'archived') {
      backup.keepNow();
      return setMessage({ text: ARTICLE_FORM.archivedMeanwhile(outcome.by), error: true });
    }
    if (outcome.kind === 'conflict') {
      const found = outcome.conflict;
      const fields = found.fields.filter((f) => !bothAutoFilled(f, form, found.theirs, names));
      const merged = contentOf(withAutoSeo(withContent(form, found.merged), names));
      setForm((f) => withContent(f, merged));
      if (!fields.length) return run(merged, null, true);
      return setConflict({ ...found, fields, merged });
    }
    rememberSave(outcome.saved.id, outcome.saved.publishSeq);
    setLastSave({ id: outcome.saved.id, seq: outcome.saved.publishSeq });
    if (afterMerge || outcome.theirsTaken.length) {
      // Merged: the form stays open on the saved result, so the user sees what came in.
      backup.clear();
      const next = withContent(form, outcome.content);
      setBaseline(next);
      setForm(next);
      return setMessage({
        text: outcome.theirsTaken.length
          ? ARTICLE_FORM.mergedTheirs(fieldLabels(outcome.theirsTaken))
          : ARTICLE_FORM.saved,
        error: false,
      });
    }
    backup.clear();
    setDone(true);
    guard.release();
    setMessage({
      text: isEdit ? ARTICLE_FORM.updated : form.status === 'published' ? ARTICLE_FORM.published : ARTICLE_FORM.saved,
      error: false,
    });
    redirectTimer.current = setTimeout(
      () => navigate('/articles', { replace: true }),
      isEdit ? REDIRECT_AFTER_EDIT_MS : REDIRECT_AFTER_CREATE_MS,
    );
  }

  function saveMerged(choices: Record<MergeField, Side>) {
    if (!conflict) return;
    const resolved = contentOf(
      withAutoSeo(withContent(form, resolveConflicts(conflict.merged, conflict.theirs, choices)), names),
    );
    // Where they won, this user's value would be lost: it goes to the history as set aside.
    const lost = conflict.fields.some((f) => choices[f] === 'theirs');
    setConflict(null);
    setForm((f) => withContent(f, resolved));
    run(resolved, lost ? conflict.mine : null, true);
  }

  return (
    <section className="dash-article-form">
      <h1>{isEdit ? ARTICLE_FORM.editTitle : ARTICLE_FORM.newTitle}</h1>
      <PresenceBanner editors={editors} />
      {backup.offer && (
        <div className="dash-backup" role="status">
          <p>{ARTICLE_FORM.backupFound(formatArticleDate(backup.offer.savedAt))}</p>
          <button
            type="button"
            onClick={() => {
              setForm(backup.offer!.form);
              save.restoreBase(backup.offer!.base);
              backup.taken();
            }}
          >
            {ARTICLE_FORM.restoreBackup}
          </button>{' '}
          <button type="button" onClick={backup.dismiss}>
            {ARTICLE_FORM.discardBackup}
          </button>
        </div>
      )}
      <div className="dash-form-layout">
        <form onSubmit={submit} noValidate>
          <div className="dash-field">
            <label htmlFor="dash-title">{ARTICLE_FORM.fields.title}</label>
            <input id="dash-title" value={form.title} onChange={(e) => update({ title: e.target.value })} />
          </div>
          <UploadField
            kind="image"
            label={ARTICLE_FORM.fields.featuredImage}
            url={form.heroImageUrl}
            onUploaded={(url) => update({ heroImageUrl: url })}
            onBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
          />
          <div className="dash-field">
            <label htmlFor="dash-image-reference">{ARTICLE_FORM.fields.imageReference}</label>
            <input
              id="dash-image-reference"
              value={form.imageReference}
              onChange={(e) => update({ imageReference: e.target.value })}
            />
          </div>
          <div className="dash-field">
            <label htmlFor="dash-image-alt">{ARTICLE_FORM.altLabel}</label>
            <input
              id="dash-image-alt"
              maxLength={HERO_ALT_MAX_CHARS}
              aria-describedby="dash-image-alt-hint"
              value={form.heroImageAlt}
              onChange={(e) => update({ heroImageAlt: e.target.value })}
            />
            <p id="dash-image-alt-hint" className="dash-muted">
              {ARTICLE_FORM.altHint} {form.heroImageAlt.length}/{HERO_ALT_MAX_CHARS}
            </p>
          </div>
          <div className="dash-field">
            <label htmlFor="dash-image-caption">{ARTICLE_FORM.captionLabel}</label>
            <input
              id="dash-image-caption"
              maxLength={HERO_CAPTION_MAX_CHARS}
              value={form.heroImageCaption}
              onChange={(e) => update({ heroImageCaption: e.target.value })}
            />
          </div>
          <div className="dash-field dash-inline">
            <label>
              <input type="checkbox" checked={form.isReport} onChange={(e) => update({ isReport: e.target.checked })} />{' '}
              {ARTICLE_FORM.fields.isReport}
            </label>
          </div>
          {form.isReport && (
            <UploadField
              kind="pdf"
              label={ARTICLE_FORM.fields.reportPdf}
              url={form.pdfUrl}
              onUploaded={(url) => update({ pdfUrl: url })}
              onBusy={(busy) => setUploads((n) => n + (busy ? 1 : -1))}
            />
          )}
          <div className="dash-field">
            <label htmlFor="dash-excerpt">{ARTICLE_FORM.fields.excerpt}</label>
            <textarea
              id="dash-excerpt"
              rows={3}
              maxLength={EXCERPT_MAX_CHARS}
              value={form.excerpt}
              onChange={(e) => {
                const { value, error } = limitExcerpt(e.target.value);
                setExcerptNote(error);
                update({ excerpt: value });
              }}
            />
            {excerptNote && (
              <p className="dash-error" role="alert">
                {excerptNote}
              </p>
            )}
          </div>
          <div className="dash-field">
            <label htmlFor="dash-body">{ARTICLE_FORM.fields.body}</label>
            <RichTextEditor
              id="dash-body"
              value={form.body}
              onChange={(body) => update({ body })}
              onNormalized={(body) => {
                if (form.body !== baseline.body) return;
                setBaseline((b) => ({ ...b, body }));
                setForm((f) => ({ ...f, body }));
              }}
            />
          </div>
          {categoriesError ? (
            <p className="dash-error" role="alert">
              {categoriesError}
            </p>
          ) : (
            <CategoryPicker
              all={categories}
              selected={form.categoryIds}
              starred={form.starred}
              onChange={(categoryIds, starred) => update({ categoryIds, starred })}
            />
          )}
          <div className="dash-field dash-inline">
            <label htmlFor="dash-status">{ARTICLE_FORM.fields.status}</label>
            <select
              id="dash-status"
              value={form.status}
              onChange={(e) => update({ status: e.target.value === 'published' ? 'published' : 'draft' })}
            >
              <option value="draft">{ARTICLE_FORM.statusOptions.draft}</option>
              <option value="published">{ARTICLE_FORM.statusOptions.published}</option>
            </select>
          </div>
          {form.status === 'published' &&
            (alreadyLive ? (
              <p className="dash-muted">{ARTICLE_FORM.liveSince(formatDateTime(stored?.publishedAt))}</p>
            ) : (
              <fieldset className="dash-schedule">
                <legend>{ARTICLE_FORM.fields.publication}</legend>
                <label>
                  <input
                    type="radio"
                    name="dash-publish-when"
                    checked={form.publishAt === null}
                    onChange={() => update({ publishAt: null })}
                  />{' '}
                  {SCHEDULE_MESSAGES.publishNow}
                </label>
                <label>
                  <input
                    type="radio"
                    name="dash-publish-when"
                    checked={form.publishAt !== null}
                    onChange={() => update({ publishAt: defaultScheduleIso() })}
                  />{' '}
                  {SCHEDULE_MESSAGES.scheduleFor}
                </label>
                {form.publishAt !== null && (
                  <div className="dash-field">
                    <label htmlFor="dash-publish-at">{SCHEDULE_MESSAGES.timeLabel}</label>
                    <input
                      id="dash-publish-at"
                      type="datetime-local"
                      value={isoToJohannesburg(form.publishAt)}
                      onChange={(e) => update({ publishAt: johannesburgToIso(e.target.value) ?? '' })}
                    />
                  </div>
                )}
              </fieldset>
            ))}
          {isEdit && (
            <div className="dash-field dash-inline">
              <label>
                <input
                  type="checkbox"
                  checked={form.showEditedTag}
                  onChange={(e) => update({ showEditedTag: e.target.checked })}
                />{' '}
                {ARTICLE_FORM.fields.showEditedTag}
              </label>
              {stored?.lastEditedBy && (
                <span className="dash-muted">
                  {' '}
                  {ARTICLE_FORM.lastEdited(stored.lastEditedBy.slice(0, 8), formatArticleDate(stored.lastEditedAt))}
                </span>
              )}
            </div>
          )}
          <SeoPanel
            seo={form.seo}
            title={form.title}
            excerpt={form.excerpt}
            categoryNames={categoryNames}
            onChange={(seo, edited) =>
              setForm((f) => ({ ...f, seo, seoEdited: { ...f.seoEdited, [edited]: edited !== 'focusKeyword' } }))
            }
          />
          {message && (
            <p className={message.error ? 'dash-error' : 'dash-success'} role={message.error ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          {lastSave && !message?.error && <PublishStatus articleId={lastSave.id} seq={lastSave.seq} />}
          <button type="submit" className="dash-primary" disabled={!canSave}>
            {save.isPending ? ARTICLE_FORM.saving : isEdit ? ARTICLE_FORM.updateArticle : ARTICLE_FORM.saveArticle}
          </button>
        </form>
        {isEdit && articleId !== null && (
          <HistoryPanel
            articleId={articleId}
            categoryName={(id) => names.get(id) ?? `#${id}`}
            onRestored={() => undefined}
          />
        )}
      </div>
      {conflict && (
        <ConflictDialog
          conflict={conflict}
          categoryName={(id) => names.get(id) ?? `#${id}`}
          busy={save.isPending}
          onSave={saveMerged}
          onCancel={() => setConflict(null)}
        />
      )}
      {guard.pending && <UnsavedChangesDialog onCancel={guard.cancel} onLeave={guard.leave} />}
    </section>
  );
}

/** The schedule a new choice starts from: tomorrow 08:00 in Johannesburg. */
function defaultScheduleIso(): string {
  const tomorrow = isoToJohannesburg(new Date(Date.now() + 86_400_000).toISOString()).slice(0, 10);
  return johannesburgToIso(`${tomorrow}T08:00`) ?? '';
}
