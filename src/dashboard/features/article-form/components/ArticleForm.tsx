import type { CategoryOption } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard.ts';
import type { StoredArticle } from '../api/get-article.ts';
import { usePresence } from '../api/queries.ts';
import type { FormState } from '../form-state.ts';
import { useArticleSave } from '../hooks/use-article-save.ts';
import { BackupNotice } from './BackupNotice.tsx';
import { BodyField } from './BodyField.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { EditedTagField } from './EditedTagField.tsx';
import { ExcerptField } from './ExcerptField.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { ImageFields } from './ImageFields.tsx';
import { PresenceBanner } from './PresenceBanner.tsx';
import { PublicationFields } from './PublicationFields.tsx';
import { ReportFields } from './ReportFields.tsx';
import { SaveBar } from './SaveBar.tsx';
import { SeoPanel } from './SeoPanel.tsx';
import { TitleField } from './TitleField.tsx';
import { UnsavedChangesDialog } from './UnsavedChangesDialog.tsx';
import './article-form.css';

interface Props {
  articleId: number | null;
  stored: StoredArticle | null;
  initial: FormState;
  categories: CategoryOption[];
  categoriesError: string | null;
}

/**
 * The New / Edit Article form (spec §2, §4, §5): the field groups in the spec's order around the
 * state and save of `useArticleSave`, the history beside it on an edit, and its dialogs.
 */
export function ArticleForm({ articleId, stored, initial, categories, categoriesError }: Props) {
  const s = useArticleSave({ articleId, stored, initial, categories });
  const { form, update, isEdit, names } = s;
  const editors = usePresence(articleId);
  const categoryName = (id: number) => names.get(id) ?? `#${id}`;

  return (
    <section className="dash-article-form">
      <h1>{isEdit ? ARTICLE_FORM.editTitle : ARTICLE_FORM.newTitle}</h1>
      <PresenceBanner editors={editors} />
      {s.backupOffer && (
        <BackupNotice savedAt={s.backupOffer.savedAt} onRestore={s.restoreBackup} onDiscard={s.discardBackup} />
      )}
      <div className="dash-form-layout">
        <form onSubmit={s.submit} noValidate>
          <TitleField value={form.title} onChange={(title) => update({ title })} />
          <ImageFields form={form} update={update} onBusy={s.uploadBusy} />
          <ReportFields form={form} update={update} onBusy={s.uploadBusy} />
          <ExcerptField value={form.excerpt} onChange={(excerpt) => update({ excerpt })} />
          <BodyField value={form.body} onChange={(body) => update({ body })} onNormalized={s.bodyNormalized} />
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
          <PublicationFields form={form} update={update} liveSince={s.liveSince} />
          {isEdit && (
            <EditedTagField
              checked={form.showEditedTag}
              onChange={(showEditedTag) => update({ showEditedTag })}
              lastEditedBy={stored?.lastEditedBy ?? null}
              lastEditedAt={stored?.lastEditedAt ?? null}
            />
          )}
          <SeoPanel
            seo={form.seo}
            title={form.title}
            excerpt={form.excerpt}
            categoryNames={form.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean)}
            onChange={s.editSeo}
          />
          <SaveBar
            message={s.message}
            lastSave={s.lastSave}
            isEdit={isEdit}
            isPending={s.isPending}
            canSave={s.canSave}
          />
        </form>
        {isEdit && articleId !== null && (
          <HistoryPanel articleId={articleId} categoryName={categoryName} onRestored={() => undefined} />
        )}
      </div>
      {s.conflict && (
        <ConflictDialog
          conflict={s.conflict}
          categoryName={categoryName}
          busy={s.isPending}
          onSave={s.saveMerged}
          onCancel={s.closeConflict}
        />
      )}
      {s.guard.pending && <UnsavedChangesDialog onCancel={s.guard.cancel} onLeave={s.guard.leave} />}
    </section>
  );
}
