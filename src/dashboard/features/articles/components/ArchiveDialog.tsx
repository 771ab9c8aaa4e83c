import { DASHBOARD } from '../../../../lib/messages/dashboard.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import type { ArticleRow } from '../api/list-articles.ts';
import { useArchiveArticle } from '../api/queries.ts';

interface Props {
  article: ArticleRow;
  onClose: () => void;
  /** Shows the server's message, or 'Archive failed.', in red above the list (spec §8). */
  onFailed: (message: string) => void;
}

export function ArchiveDialog({ article, onClose, onFailed }: Props) {
  const archive = useArchiveArticle();
  return (
    <Modal
      title={DASHBOARD.archiveTitle}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {DASHBOARD.cancel}
          </button>
          <button
            type="button"
            className="dash-danger"
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(article.id, {
                onSettled: onClose,
                onError: (e) => onFailed(e.message || DASHBOARD.archiveFailed),
              })
            }
          >
            {DASHBOARD.archive}
          </button>
        </>
      }
    >
      <p>{DASHBOARD.archiveConfirm(article.title)}</p>
    </Modal>
  );
}
