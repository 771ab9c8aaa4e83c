import { ARTICLE_FORM } from '../../../../lib/messages/dashboard.ts';
import { PublishStatus } from '../../../shared/publish-state/PublishStatus.tsx';
import type { SaveState } from '../save-state.ts';

interface Props {
  message: SaveState['message'];
  lastSave: SaveState['lastSave'];
  isEdit: boolean;
  isPending: boolean;
  canSave: boolean;
}

/** The form's foot: the last save's message, its state on the public site, and the submit button. */
export function SaveBar({ message, lastSave, isEdit, isPending, canSave }: Props) {
  return (
    <>
      {message && (
        <p className={message.error ? 'dash-error' : 'dash-success'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {lastSave && !message?.error && <PublishStatus articleId={lastSave.id} seq={lastSave.seq} />}
      <button type="submit" className="dash-primary" disabled={!canSave}>
        {isPending ? ARTICLE_FORM.saving : isEdit ? ARTICLE_FORM.updateArticle : ARTICLE_FORM.saveArticle}
      </button>
    </>
  );
}
