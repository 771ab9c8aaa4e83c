import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { ARTICLE_FORM, SCHEDULE_MESSAGES } from '../../../../lib/messages/dashboard-article-form.ts';
import { isoToJohannesburg, johannesburgToIso } from '../../../shared/rules/schedule.ts';
import type { FormState, UpdateForm } from '../form-state.ts';

interface Props {
  form: FormState;
  update: UpdateForm;
  /** When the stored article went public, if it already is: it keeps that date. */
  liveSince: string | null;
}

/** Draft or Published and, for an article not yet public, Publish now or a scheduled time (issue 12). */
export function PublicationFields({ form, update, liveSince }: Props) {
  return (
    <>
      <div className="dash-field dash-inline">
        <label htmlFor="dash-status">{ARTICLE_FORM.fields.status}</label>
        <select
          id="dash-status"
          value={form.status}
          onChange={(e) => update({ status: e.target.value === 'published' ? 'published' : 'draft' })}
        >
          <option value="draft">{ARTICLE_FORM.statusOptions.draft}</option>
          <option value="published">{ARTICLE_FORM.statusOptions.published}</option>
        </select>
      </div>
      {form.status === 'published' &&
        (liveSince !== null ? (
          <p className="dash-muted">{ARTICLE_FORM.liveSince(formatDateTime(liveSince))}</p>
        ) : (
          <fieldset className="dash-schedule">
            <legend>{ARTICLE_FORM.fields.publication}</legend>
            <label>
              <input
                type="radio"
                name="dash-publish-when"
                checked={form.publishAt === null}
                onChange={() => update({ publishAt: null })}
              />{' '}
              {SCHEDULE_MESSAGES.publishNow}
            </label>
            <label>
              <input
                type="radio"
                name="dash-publish-when"
                checked={form.publishAt !== null}
                onChange={() => update({ publishAt: defaultScheduleIso() })}
              />{' '}
              {SCHEDULE_MESSAGES.scheduleFor}
            </label>
            {form.publishAt !== null && (
              <div className="dash-field">
                <label htmlFor="dash-publish-at">{SCHEDULE_MESSAGES.timeLabel}</label>
                <input
                  id="dash-publish-at"
                  type="datetime-local"
                  value={isoToJohannesburg(form.publishAt)}
                  onChange={(e) => update({ publishAt: johannesburgToIso(e.target.value) ?? '' })}
                />
              </div>
            )}
          </fieldset>
        ))}
    </>
  );
}

/** The schedule a new choice starts from: tomorrow 08:00 in Johannesburg. */
function defaultScheduleIso(): string {
  const tomorrow = isoToJohannesburg(new Date(Date.now() + 86_400_000).toISOString()).slice(0, 10);
  return johannesburgToIso(`${tomorrow}T08:00`) ?? '';
}
