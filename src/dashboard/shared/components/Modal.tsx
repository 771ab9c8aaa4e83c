import { useEffect, useRef, type ReactNode } from 'react';
import './modal.css';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: focus is trapped and Escape closes it by the
 * browser's own rules, so keyboard users get the platform behaviour.
 */
export function Modal({ title, onClose, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dash-modal"
      aria-labelledby="dash-modal-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="dash-modal-title">{title}</h2>
      <div className="dash-modal__body">{children}</div>
      <div className="dash-modal__actions">{actions}</div>
    </dialog>
  );
}
