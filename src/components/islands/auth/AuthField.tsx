/** A labelled input of the account forms (label above, optional hint tied by aria-describedby). */
import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
}

export function AuthField({ id, label, hint, ...input }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The form's one message line: errors are alerts, the rest polite status updates. */
export function FormNote({ note }: { note: { text: string; error: boolean } | null }) {
  return (
    <p className={`auth-note${note?.error ? ' auth-note--error' : ''}`} role={note?.error ? 'alert' : 'status'}>
      {note?.text}
    </p>
  );
}

export type Note = { text: string; error: boolean } | null;
