import { formatDateTime } from '../../../../lib/rules/dates.ts';
import { SUBSCRIBERS } from '../../../../lib/messages/dashboard.ts';
import { SUBSCRIBER_SOURCE, type SubscriberRow } from '../subscriber-rules.ts';

/** Email, Status, Subscribed Date (en-ZA), Source (spec §2, §9). */
export function SubscribersTable({ rows }: { rows: SubscriberRow[] }) {
  return (
    <div className="dash-table-wrap">
      <table className="dash-table">
        <thead>
          <tr>
            {SUBSCRIBERS.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>{r.email}</td>
              <td>
                <span className={`dash-status dash-status--${r.status}`}>{SUBSCRIBERS.filters[r.status]}</span>
              </td>
              <td>
                <time dateTime={r.subscribed_at ?? r.created_at}>
                  {formatDateTime(r.subscribed_at ?? r.created_at)}
                </time>
              </td>
              <td>{SUBSCRIBER_SOURCE}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
