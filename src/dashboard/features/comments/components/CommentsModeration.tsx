import { useState } from 'react';
import { MODERATION } from '../../../../lib/messages/dashboard.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import type { CommentStatus } from '../api/list-moderation-comments.ts';
import { useModerationComments, useSetCommentStatus } from '../api/queries.ts';
import { CommentItem } from './CommentItem.tsx';

type Confirm = { id: number; status: 'deleted' | 'pending' };

/**
 * Comments Moderation (spec §2, §4): the comments the user moderates, with a separate Deleted
 * Comments section. Denied (hidden) comments leave the list; Delete and Restore ask first.
 */
export default function CommentsModeration() {
  const list = useModerationComments();
  const change = useSetCommentStatus();
  const [confirm, setConfirm] = useState<Confirm | null>(null);

  const act = (id: number, status: CommentStatus) => {
    if (status === 'deleted' || status === 'pending') setConfirm({ id, status });
    else change.mutate({ id, status });
  };
  const rows = list.data ?? [];
  const active = rows.filter((c) => c.status === 'pending' || c.status === 'approved');
  const deleted = rows.filter((c) => c.status === 'deleted');
  const item = (c: (typeof rows)[number]) => (
    <CommentItem key={c.id} comment={c} busy={change.isPending} onAction={(s) => act(c.id, s)} />
  );

  return (
    <section>
      <h1>{MODERATION.title}</h1>
      {change.isError && (
        <p className="dash-error" role="alert">
          {change.error.message || MODERATION.actionFailed}
        </p>
      )}
      {list.isPending ? (
        <p>{MODERATION.loading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {list.error.message}
        </p>
      ) : (
        <>
          {active.length === 0 ? <p>{MODERATION.empty}</p> : <ul className="dash-comments">{active.map(item)}</ul>}
          {deleted.length > 0 && (
            <section aria-labelledby="deleted-comments">
              <h2 id="deleted-comments">{MODERATION.deletedSection}</h2>
              <ul className="dash-comments">{deleted.map(item)}</ul>
            </section>
          )}
        </>
      )}
      {confirm && (
        <Modal
          title={confirm.status === 'deleted' ? MODERATION.confirmDeleteTitle : MODERATION.confirmRestoreTitle}
          onClose={() => setConfirm(null)}
          actions={
            <>
              <button type="button" onClick={() => setConfirm(null)}>
                {MODERATION.cancel}
              </button>
              <button
                type="button"
                onClick={() => {
                  change.mutate(confirm);
                  setConfirm(null);
                }}
              >
                {confirm.status === 'deleted' ? MODERATION.delete : MODERATION.restore}
              </button>
            </>
          }
        >
          <p>{confirm.status === 'deleted' ? MODERATION.confirmDelete : MODERATION.confirmRestore}</p>
        </Modal>
      )}
    </section>
  );
}
