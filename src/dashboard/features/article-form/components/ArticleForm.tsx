import { useEffect, useRef, type ReactNode } from 'react';
import type { CategoryOption } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { StoredArticle } from '../api/get-article.ts';
import { usePresence } from '../api/queries.ts';
import type { FormState } from '../form-state.ts';
import { useArticleSave } from '../hooks/use-article-save.ts';
import { useOpenGroups } from '../hooks/use-open-groups.ts';
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
import { SettingsGroup } from './SettingsGroup.tsx';
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
 * The New / Edit Article form (spec §2, §4, §5) as a writing room (issue 29): the title and the
 * body in the centre; beside them (under them below 1024 px) the settings panel, its groups
 * collapsible and remembered on this device, with the history on an edit; over them a sticky bar
 * with the save state and the save button, which Ctrl/Cmd+S presses too. The state and the save
 * are `useArticleSave`'s.
 */
export function ArticleForm({ articleId, stored, initial, categories, categoriesError }: Props) {
  const s = useArticleSave({ articleId, stored, initial, categories });
  const { form, update, isEdit, names } = s;
  const editors = usePresence(articleId);
  const groups = useOpenGroups();
  const categoryName = (id: number) => names.get(id) ?? `#${id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const dialogOpen = s.conflict !== null || s.guard.pending;
  // Ctrl/Cmd+S: the save button's click, wherever the focus is (the editor's frame reports its own).
  const saveShortcut = useRef(() => {});
  saveShortcut.current = () => {
    if (s.canSave && !dialogOpen) formRef.current?.requestSubmit();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveShortcut.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const group = (id: keyof typeof ARTICLE_FORM.groups, children: ReactNode) => (
    <SettingsGroup
      id={id}
      title={ARTICLE_FORM.groups[id]}
      open={groups.isOpen(id)}
      onToggle={(open) => groups.setOpen(id, open)}
    >
      {children}
    </SettingsGroup>
  );

  return (
    <section className="dash-article-form">
      <h1>{isEdit ? ARTICLE_FORM.editTitle : ARTICLE_FORM.newTitle}</h1>
      <PresenceBanner editors={editors} />
      {s.backupOffer && (
        <BackupNotice savedAt={s.backupOffer.savedAt} onRestore={s.restoreBackup} onDiscard={s.discardBackup} />
      )}
      <form ref={formRef} className="dash-editor" onSubmit={s.submit} noValidate>
        <SaveBar
          articleId={articleId}
          message={s.message}
          lastSave={s.lastSave}
          isEdit={isEdit}
          isPending={s.isPending}
          canSave={s.canSave}
          dirty={s.dirty}
          done={s.done}
        />
        <div className="dash-editor__main">
          <TitleField value={form.title} onChange={(title) => update({ title })} />
          <BodyField
            value={form.body}
            onChange={(body) => update({ body })}
            onNormalized={s.bodyNormalized}
            onSaveShortcut={() => saveShortcut.current()}
          />
        </div>
        <aside className="dash-editor__panel" aria-label={ARTICLE_FORM.settings}>
          {group('publication', <PublicationFields form={form} update={update} liveSince={s.liveSince} />)}
          {group(
            'categories',
            categoriesError ? (
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
            ),
          )}
          {group('image', <ImageFields form={form} update={update} onBusy={s.uploadBusy} />)}
          {group('excerpt', <ExcerptField value={form.excerpt} onChange={(excerpt) => update({ excerpt })} />)}
          {group('report', <ReportFields form={form} update={update} onBusy={s.uploadBusy} />)}
          {isEdit &&
            group(
              'editedTag',
              <EditedTagField
                checked={form.showEditedTag}
                onChange={(showEditedTag) => update({ showEditedTag })}
                lastEditedBy={stored?.lastEditedBy ?? null}
                lastEditedAt={stored?.lastEditedAt ?? null}
              />,
            )}
          {group(
            'seo',
            <SeoPanel
              seo={form.seo}
              title={form.title}
              excerpt={form.excerpt}
              categoryNames={form.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean)}
              onChange={s.editSeo}
            />,
          )}
          {isEdit && articleId !== null && (
            <HistoryPanel articleId={articleId} categoryName={categoryName} onRestored={() => undefined} />
          )}
        </aside>
      </form>
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
