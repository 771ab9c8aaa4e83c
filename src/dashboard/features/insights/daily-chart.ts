/**
 * Geometry of the Insights chart (a hand-drawn SVG: two series over 30 days does not justify a
 * charting library in the bundle). Pure, so the scale and the points are unit-tested.
 */
export interface DailyPoint {
  day: string;
  pageViews: number;
  articleViews: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
  max: number;
  ticks: number[];
  x: (index: number) => number;
  y: (value: number) => number;
}

/** A "nice" upper bound (1, 2, 2.5 or 5 × a power of ten) at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value)!;
  return step * power;
}

export function chartGeometry(points: DailyPoint[], width = 720, height = 260): ChartGeometry {
  const pad = { top: 12, right: 28, bottom: 28, left: 48 };
  const max = niceMax(Math.max(0, ...points.flatMap((p) => [p.pageViews, p.articleViews])));
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  const span = Math.max(points.length - 1, 1);
  return {
    width,
    height,
    pad,
    max,
    ticks: [0, 0.25, 0.5, 0.75, 1].map((f) => f * max),
    x: (i) => pad.left + (innerW * i) / span,
    y: (v) => pad.top + innerH - (innerH * v) / max,
  };
}

/** The SVG path through a series' points. */
export function linePath(values: number[], g: ChartGeometry): string {
  return values.map((v, i) => `${i ? 'L' : 'M'}${g.x(i).toFixed(1)},${g.y(v).toFixed(1)}`).join(' ');
}

/** '24 Nov' for the axis and the table (en-ZA, the day as stored: already a Johannesburg date). */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
