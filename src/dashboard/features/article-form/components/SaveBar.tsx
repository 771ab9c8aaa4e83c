import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import { recentSaveSeq } from '../../../shared/publish-state/publish-state.ts';
import type { SaveState } from '../save-state.ts';

interface Props {
  articleId: number | null;
  message: SaveState['message'];
  lastSave: SaveState['lastSave'];
  isEdit: boolean;
  isPending: boolean;
  canSave: boolean;
  dirty: boolean;
  done: boolean;
}

const STATE = ARTICLE_FORM.saveState;

/**
 * The sticky bar over the form (issue 29): whether what is on screen is saved, the article's state
 * on the public site (Live, Building…, Scheduled for …), the save button (also Ctrl/Cmd+S), and
 * the last save's message in the spec's words.
 */
export function SaveBar({ articleId, message, lastSave, isEdit, isPending, canSave, dirty, done }: Props) {
  const saveState: keyof typeof STATE = isPending
    ? 'saving'
    : done
      ? 'saved'
      : dirty
        ? 'unsaved'
        : isEdit || lastSave
          ? 'saved'
          : 'notSaved';
  // The stored article's state until this form saves; then the save's, followed until it is built.
  const publish = lastSave ?? (articleId !== null ? { id: articleId, seq: recentSaveSeq(articleId) ?? null } : null);
  return (
    <div className="dash-savebar">
      <div className="dash-savebar__row">
        <span className="dash-savebar__state" data-save-state={saveState}>
          {STATE[saveState]}
        </span>
        {publish && !message?.error && <PublishStatus articleId={publish.id} seq={publish.seq} />}
        <button
          type="submit"
          className="dash-primary"
          disabled={!canSave}
          aria-keyshortcuts="Control+S Meta+S"
          title={ARTICLE_FORM.saveShortcut}
        >
          {isPending ? ARTICLE_FORM.saving : isEdit ? ARTICLE_FORM.updateArticle : ARTICLE_FORM.saveArticle}
        </button>
      </div>
      {message && (
        <p className={message.error ? 'dash-error' : 'dash-success'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
