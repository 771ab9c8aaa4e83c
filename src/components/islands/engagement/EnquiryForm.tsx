/**
 * The contact (/get-in-touch) and advertising (/advertise) forms (spec §4, §5): required fields
 * per form ('Please fill in all required fields.'), sent through `submit_contact()`; success clears
 * the fields and says so, a failure says why (the database's rate-limit and size reasons included)
 * and keeps everything typed. The static HTML is this form, its button disabled for visitors
 * without JavaScript (`data-needs-js`); it hydrates on the first touch or focus inside it
 * (client:interaction), which replays the submit that woke it. The fields are uncontrolled and
 * read from the form on submit, so what was typed before hydration is what is sent.
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { ENGAGEMENT } from '../../../lib/messages/engagement.ts';
import { sendEnquiry } from '../../../lib/browser/engagement/contact.ts';
import {
  checkEnquiry,
  REQUIRED_FIELDS,
  type EnquiryFields,
  type EnquiryType,
} from '../../../lib/rules/engagement/validation.ts';
import { withErrorBoundary } from '../ErrorBoundary.tsx';

interface Props {
  formType: EnquiryType;
  heading: string;
  submitLabel: string;
}

const FIELDS: { name: keyof EnquiryFields; label: string; autoComplete?: string; type?: string }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'E-mail address', autoComplete: 'email', type: 'email' },
  { name: 'company', label: 'Company', autoComplete: 'organization' },
  { name: 'message', label: 'Message' },
];

type Status =
  { tone: 'idle' } | { tone: 'success'; text: string } | { tone: 'error'; text: string; reason: string | null };

function EnquiryForm({ formType, heading, submitLabel }: Props) {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>({ tone: 'idle' });
  const required = REQUIRED_FIELDS[formType];
  const prefix = formType;

  useEffect(() => setReady(true), []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: keyof EnquiryFields) => String(data.get(name) ?? '');
    const fields: EnquiryFields = {
      name: text('name'),
      email: text('email'),
      company: text('company'),
      message: text('message'),
    };
    const checked = checkEnquiry(formType, fields);
    if (!checked.ok) {
      setStatus({ tone: 'error', text: checked.error, reason: null });
      return;
    }
    setBusy(true);
    setStatus({ tone: 'idle' });
    const outcome = await sendEnquiry(checked.value);
    setBusy(false);
    if (outcome.ok) {
      form.reset();
      setStatus({
        tone: 'success',
        text: formType === 'advertise' ? ENGAGEMENT.advertiseSent : ENGAGEMENT.contactSent,
      });
    } else {
      setStatus({ tone: 'error', text: outcome.message, reason: outcome.reason });
    }
  }

  const headingId = `${prefix}-heading`;
  return (
    <form className="form" data-form={formType} aria-labelledby={headingId} noValidate onSubmit={onSubmit}>
      <h2 id={headingId} className="form-heading">
        {heading}
      </h2>
      {FIELDS.map(({ name, label, autoComplete, type }) => {
        const id = `${prefix}-${name}`;
        const isRequired = required.includes(name);
        const common = {
          id,
          name,
          required: isRequired,
          'aria-describedby': `${prefix}-status`,
        };
        return (
          <div className="field" key={name}>
            <label htmlFor={id}>
              {label}
              {!isRequired && <span className="muted"> {ENGAGEMENT.optional}</span>}
            </label>
            {name === 'message' ? (
              <textarea {...common} rows={6} />
            ) : (
              <input {...common} type={type ?? 'text'} autoComplete={autoComplete} />
            )}
          </div>
        );
      })}
      <div>
        <button className="button" type="submit" disabled={!ready || busy} data-needs-js>
          {busy ? ENGAGEMENT.sending : submitLabel}
        </button>
      </div>
      <div
        id={`${prefix}-status`}
        className={`form-status form-status--${status.tone}`}
        role="status"
        aria-live="polite"
      >
        {status.tone !== 'idle' && <p>{status.text}</p>}
        {status.tone === 'error' && status.reason && <p>{status.reason}</p>}
      </div>
    </form>
  );
}

export default withErrorBoundary(EnquiryForm);
