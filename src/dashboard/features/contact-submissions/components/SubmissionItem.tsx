import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { SUBMISSIONS } from '../../../../lib/messages/dashboard.ts';
import type { FormType, Submission, SubmissionStatus } from '../api/list-submissions.ts';

interface Props {
  submission: Submission;
  busy: boolean;
  onStatus: (status: SubmissionStatus) => void;
}

/** One enquiry: who, when, the message, Mark as Read (new only), Mark as Replied and a reply link. */
export function SubmissionItem({ submission: s, busy, onStatus }: Props) {
  const status = s.status as SubmissionStatus;
  const mailto = `mailto:${s.email}?subject=${encodeURIComponent(SUBMISSIONS.replySubject(s.form_type))}`;
  return (
    <li className="dash-comment" data-submission-id={s.id} data-status={status}>
      <p className="dash-comment__meta">
        <strong>{s.name}</strong> &lt;{s.email}&gt;{s.company ? ` · ${s.company}` : ''} ·{' '}
        {SUBMISSIONS.formTypes[s.form_type as FormType]} ·{' '}
        <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>{' '}
        <span className={`dash-status dash-status--${status}`}>{SUBMISSIONS.statuses[status]}</span>
      </p>
      <p className="dash-comment__content">{s.message}</p>
      <div className="dash-actions">
        {status === 'new' && (
          <button type="button" disabled={busy} onClick={() => onStatus('read')}>
            {SUBMISSIONS.markRead}
          </button>
        )}
        {status !== 'replied' && (
          <button type="button" disabled={busy} onClick={() => onStatus('replied')}>
            {SUBMISSIONS.markReplied}
          </button>
        )}
        <a href={mailto}>{SUBMISSIONS.reply}</a>
      </div>
    </li>
  );
}
