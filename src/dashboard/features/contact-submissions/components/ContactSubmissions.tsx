import { useState } from 'react';
import { SUBMISSIONS } from '../../../../lib/messages/dashboard.ts';
import type { FormType, SubmissionFilters, SubmissionStatus } from '../api/list-submissions.ts';
import { useSetSubmissionStatus, useSubmissions } from '../api/queries.ts';
import { ListPager } from '../../../shared/paging/ListPager.tsx';
import { usePage } from '../../../shared/paging/use-page.ts';
import { SubmissionItem } from './SubmissionItem.tsx';

/** Contact Submissions (spec §2, §4): filters by status and form type, newest first, paged (issue 28). */
export default function ContactSubmissions() {
  const [filters, setFilters] = useState<SubmissionFilters>({ status: '', formType: '' });
  const [page, setPage] = usePage(`${filters.status}|${filters.formType}`);
  const list = useSubmissions(filters, page);
  const change = useSetSubmissionStatus();
  return (
    <section>
      <h1>{SUBMISSIONS.title}</h1>
      <div className="dash-filters">
        <label>
          {SUBMISSIONS.statusLabel}
          <select
            value={filters.status}
            onChange={(e) => setFilters({ ...filters, status: e.target.value as SubmissionStatus | '' })}
          >
            <option value="">{SUBMISSIONS.allStatuses}</option>
            {Object.entries(SUBMISSIONS.statuses).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {SUBMISSIONS.typeLabel}
          <select
            value={filters.formType}
            onChange={(e) => setFilters({ ...filters, formType: e.target.value as FormType | '' })}
          >
            <option value="">{SUBMISSIONS.allTypes}</option>
            {Object.entries(SUBMISSIONS.formTypes).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {change.isError && (
        <p className="dash-error" role="alert">
          {SUBMISSIONS.error(change.error.message)}
        </p>
      )}
      {list.isPending ? (
        <p>{SUBMISSIONS.loading}</p>
      ) : list.isError ? (
        <p className="dash-error" role="alert">
          {SUBMISSIONS.error(list.error.message)}
        </p>
      ) : list.data.total === 0 ? (
        <p className="dash-empty">{SUBMISSIONS.empty}</p>
      ) : (
        <>
          <ul className="dash-comments" aria-busy={list.isFetching}>
            {list.data.rows.map((s) => (
              <SubmissionItem
                key={s.id}
                submission={s}
                busy={change.isPending}
                onStatus={(status) => change.mutate({ id: s.id, status })}
              />
            ))}
          </ul>
          <ListPager
            label={SUBMISSIONS.title}
            page={page}
            rows={list.data.rows.length}
            total={list.data.total}
            onPage={setPage}
            busy={list.isFetching}
          />
        </>
      )}
    </section>
  );
}
