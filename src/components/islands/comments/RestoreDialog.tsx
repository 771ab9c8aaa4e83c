/**
 * The restore confirmation (spec §2: 'Confirm Restore'): a native modal <dialog>, so focus moves
 * into it, stays there and Escape closes it without extra code.
 */
import { useEffect, useRef } from 'react';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';
import { LABELS } from '../../../lib/messages/reader.ts';

interface Props {
  open: boolean;
  onConfirm(): void;
  onClose(): void;
}

export function RestoreDialog({ open, onConfirm, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="restore-dialog" aria-labelledby="restore-title" onClose={onClose}>
      <h3 id="restore-title">{INTERACTIONS.restoreTitle}</h3>
      <p>{INTERACTIONS.restoreBody}</p>
      <div className="comment-buttons">
        <button type="button" className="button" onClick={onConfirm}>
          {LABELS.confirmRestore}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {INTERACTIONS.cancel}
        </button>
      </div>
    </dialog>
  );
}
