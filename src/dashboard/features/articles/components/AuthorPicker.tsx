import { useState } from 'react';
import { DASHBOARD, WORKLIST } from '../../../../lib/messages/dashboard.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import type { ArticleRow } from '../api/list-articles.ts';
import { useStaff } from '../../../shared/staff/queries.ts';
import { useChangeAuthor } from '../api/queries.ts';

/**
 * Select Author (admins only; spec §4): lists staff with a display name; Save is disabled while
 * the choice equals the current author or a save is running.
 */
export function AuthorPicker({ article, onClose }: { article: ArticleRow; onClose: () => void }) {
  const staff = useStaff(true);
  const change = useChangeAuthor();
  const [selected, setSelected] = useState(article.authorId ?? '');
  return (
    <Modal
      title={DASHBOARD.selectAuthor}
      onClose={onClose}
      actions={
        <>
          <button type="button" onClick={onClose}>
            {DASHBOARD.cancel}
          </button>
          <button
            type="button"
            disabled={selected === (article.authorId ?? '') || selected === '' || change.isPending}
            onClick={() => change.mutate({ id: article.id, authorId: selected }, { onSuccess: onClose })}
          >
            {change.isPending ? DASHBOARD.saving : DASHBOARD.save}
          </button>
        </>
      }
    >
      <label htmlFor="dash-author-select">{WORKLIST.authorOf(article.title)}</label>
      <select id="dash-author-select" value={selected} onChange={(e) => setSelected(e.target.value)}>
        <option value="">—</option>
        {(staff.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.displayName}
          </option>
        ))}
      </select>
      {change.isError && (
        <p className="dash-error" role="alert">
          {change.error.message || DASHBOARD.somethingWentWrong}
        </p>
      )}
    </Modal>
  );
}
