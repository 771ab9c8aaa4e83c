import { useState } from 'react';
import { chartGeometry, linePath, shortDay, type DailyPoint } from '../daily-chart.ts';
import { INSIGHTS } from '../../../../lib/messages/dashboard.ts';
import './daily-chart.css';

const SERIES = [
  { key: 'pageViews', label: INSIGHTS.pageViews, color: '#5fd39a' },
  { key: 'articleViews', label: INSIGHTS.articleViews, color: '#7ab8ff' },
] as const;

/**
 * Page and article views per day, last 30 days: an SVG with a point per day and series that
 * takes keyboard focus (Tab) and shows its values, plus the same numbers as a data table.
 */
export function DailyChart({ points }: { points: DailyPoint[] }) {
  const g = chartGeometry(points);
  const [active, setActive] = useState<number | null>(null);
  const shown = active === null ? null : points[active];
  return (
    <figure className="dash-chart">
      <figcaption id="dash-chart-title">{INSIGHTS.chartTitle}</figcaption>
      <ul className="dash-chart__legend">
        {SERIES.map((s) => (
          <li key={s.key}>
            <span style={{ background: s.color }} aria-hidden="true" /> {s.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        role="group"
        aria-labelledby="dash-chart-title"
        className="dash-chart__svg"
      >
        {g.ticks.map((t) => (
          <g key={t} aria-hidden="true">
            <line x1={g.pad.left} x2={g.width - g.pad.right} y1={g.y(t)} y2={g.y(t)} className="dash-chart__grid" />
            <text x={g.pad.left - 6} y={g.y(t) + 4} textAnchor="end" className="dash-chart__tick">
              {Number.isInteger(t) ? t.toLocaleString('en-ZA') : ''}
            </text>
          </g>
        ))}
        {points.map((p, i) =>
          i % 5 === points.length % 5 || i === points.length - 1 ? (
            <text
              key={p.day}
              x={g.x(i)}
              y={g.height - 8}
              textAnchor="middle"
              className="dash-chart__tick"
              aria-hidden="true"
            >
              {shortDay(p.day)}
            </text>
          ) : null,
        )}
        {SERIES.map((s) => (
          <path
            key={s.key}
            d={linePath(
              points.map((p) => p[s.key]),
              g,
            )}
            fill="none"
            stroke={s.color}
            strokeWidth={2}
          />
        ))}
        {SERIES.map((s) =>
          points.map((p, i) => (
            <circle
              key={`${s.key}-${p.day}`}
              cx={g.x(i)}
              cy={g.y(p[s.key])}
              r={active === i ? 5 : 3}
              fill={s.color}
              tabIndex={0}
              role="img"
              aria-label={`${s.label}, ${shortDay(p.day)}: ${INSIGHTS.views(p[s.key])}`}
              onFocus={() => setActive(i)}
              onBlur={() => setActive(null)}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
              className="dash-chart__point"
            />
          )),
        )}
      </svg>
      <p className="dash-chart__readout" aria-live="polite">
        {shown
          ? `${shortDay(shown.day)}: ${INSIGHTS.pageViews} ${shown.pageViews}, ${INSIGHTS.articleViews} ${shown.articleViews}`
          : ' '}
      </p>
      <details>
        <summary>{INSIGHTS.showTable}</summary>
        <table className="dash-table">
          <caption className="dash-visually-hidden">{INSIGHTS.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">{INSIGHTS.day}</th>
              <th scope="col">{INSIGHTS.pageViews}</th>
              <th scope="col">{INSIGHTS.articleViews}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">
                  <time dateTime={p.day}>{shortDay(p.day)}</time>
                </th>
                <td>{p.pageViews}</td>
                <td>{p.articleViews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
