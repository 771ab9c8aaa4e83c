import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { Modal } from '../../../shared/components/Modal.tsx';

/** 'Unsaved Changes' with Cancel / Leave Page (spec §2). */
export function UnsavedChangesDialog({ onCancel, onLeave }: { onCancel: () => void; onLeave: () => void }) {
  return (
    <Modal
      title={ARTICLE_FORM.unsavedTitle}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {ARTICLE_FORM.cancel}
          </button>
          <button type="button" className="dash-danger" onClick={onLeave}>
            {ARTICLE_FORM.leavePage}
          </button>
        </>
      }
    >
      <p>{ARTICLE_FORM.unsavedBody}</p>
    </Modal>
  );
}
