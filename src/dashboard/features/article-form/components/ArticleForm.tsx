import { useState } from 'react';
import {
  EXCERPT_MAX_CHARS,
  HERO_ALT_MAX_CHARS,
  HERO_CAPTION_MAX_CHARS,
  limitExcerpt,
  type CategoryOption,
} from '../../../shared/rules/article-rules.ts';
import { formatArticleDate, formatDateTime } from '../../../../lib/rules/dates.ts';
import { ARTICLE_FORM, SCHEDULE_MESSAGES } from '../../../../lib/messages/dashboard.ts';
import { isoToJohannesburg, johannesburgToIso } from '../../../shared/rules/schedule.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import type { StoredArticle } from '../api/get-article.ts';
import { usePresence } from '../api/queries.ts';
import type { FormState } from '../form-state.ts';
import { useArticleSave } from '../hooks/use-article-save.ts';
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
  const {
    form,
    update,
    isEdit,
    names,
    alreadyLive,
    message,
    conflict,
    lastSave,
    isPending,
    canSave,
    submit,
    saveMerged,
    closeConflict,
    uploadBusy,
    editSeo,
    bodyNormalized,
    backupOffer,
    restoreBackup,
    discardBackup,
    guard,
  } = useArticleSave({ articleId, stored, initial, categories });
  const [excerptNote, setExcerptNote] = useState<string | null>(null);
  const editors = usePresence(articleId);
  const categoryNames = form.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean);

  return (
    <section className="dash-article-form">
      <h1>{isEdit ? ARTICLE_FORM.editTitle : ARTICLE_FORM.newTitle}</h1>
      <PresenceBanner editors={editors} />
      {backupOffer && (
        <div className="dash-backup" role="status">
          <p>{ARTICLE_FORM.backupFound(formatArticleDate(backupOffer.savedAt))}</p>
          <button type="button" onClick={restoreBackup}>
            {ARTICLE_FORM.restoreBackup}
          </button>{' '}
          <button type="button" onClick={discardBackup}>
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
            onBusy={uploadBusy}
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
              onBusy={uploadBusy}
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
              onNormalized={bodyNormalized}
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
            onChange={editSeo}
          />
          {message && (
            <p className={message.error ? 'dash-error' : 'dash-success'} role={message.error ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          {lastSave && !message?.error && <PublishStatus articleId={lastSave.id} seq={lastSave.seq} />}
          <button type="submit" className="dash-primary" disabled={!canSave}>
            {isPending ? ARTICLE_FORM.saving : isEdit ? ARTICLE_FORM.updateArticle : ARTICLE_FORM.saveArticle}
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
          busy={isPending}
          onSave={saveMerged}
          onCancel={closeConflict}
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
