/**
 * The page's toasts (§2: top-centre, dark theme), from the shared `$toasts` store, so any island
 * can raise one. A polite live region: screen readers hear the message without losing focus.
 * Empty in the static HTML; it hydrates with the first toast (`TOAST_EVENT`).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $toasts, dismissToast, toastShown } from '../../lib/browser/reader/toasts.ts';
import { TOASTER } from '../../lib/messages/toaster.ts';
import './toaster.css';

export default function Toaster() {
  // Hydrates as the HTML has it (no toasts, the store's initial value), then shows the store's.
  const toasts = useStore($toasts, { ssr: 'initial' });
  // A toast's time starts now that it is on screen, however long this island took to load.
  useEffect(() => {
    for (const toast of toasts) toastShown(toast.id);
  }, [toasts]);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast--${toast.tone}`} data-toast>
          <span>{toast.text}</span>
          <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{TOASTER.dismiss}</span>
          </button>
        </p>
      ))}
    </div>
  );
}
