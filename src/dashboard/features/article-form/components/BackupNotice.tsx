import { formatArticleDate } from '../../../../lib/rules/dates.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

interface Props {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Unsaved work found on this device when the form opened: restore it or let it go. */
export function BackupNotice({ savedAt, onRestore, onDiscard }: Props) {
  return (
    <div className="dash-backup" role="status">
      <p>{ARTICLE_FORM.backupFound(formatArticleDate(savedAt))}</p>
      <button type="button" onClick={onRestore}>
        {ARTICLE_FORM.restoreBackup}
      </button>{' '}
      <button type="button" onClick={onDiscard}>
        {ARTICLE_FORM.discardBackup}
      </button>
    </div>
  );
}
