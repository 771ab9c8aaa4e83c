import { SUBSCRIBERS } from '../../../../lib/messages/dashboard.ts';
import type { SubscriberStats as Stats } from '../api/subscriber-stats.ts';

/** The five stat cards (spec §2); dashes while they load. */
export function SubscriberStats({ stats }: { stats: Stats | undefined }) {
  const cards: [string, number | undefined][] = [
    [SUBSCRIBERS.stats.total, stats?.total],
    [SUBSCRIBERS.stats.week, stats?.newThisWeek],
    [SUBSCRIBERS.stats.month, stats?.newThisMonth],
    [SUBSCRIBERS.stats.active, stats?.active],
    [SUBSCRIBERS.stats.unsubscribed, stats?.unsubscribed],
  ];
  return (
    <ul className="dash-stats" aria-label={SUBSCRIBERS.statsLabel}>
      {cards.map(([label, value]) => (
        <li key={label} data-stat={label}>
          <strong>{value === undefined ? '–' : value.toLocaleString('en-ZA')}</strong>
          {label}
        </li>
      ))}
    </ul>
  );
}
