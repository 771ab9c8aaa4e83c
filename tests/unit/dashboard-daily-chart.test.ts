import { describe, expect, it } from 'vitest';
import { chartGeometry, linePath, niceMax, shortDay } from '../../src/dashboard/features/insights/daily-chart.ts';

describe('niceMax', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [7, 10],
    [19, 20],
    [24, 25],
    [240, 250],
    [251, 500],
    [33_333, 50_000],
  ])('%d → %d', (value, max) => {
    expect(niceMax(value)).toBe(max);
  });
});

describe('chartGeometry', () => {
  const points = [
    { day: '2026-11-23', pageViews: 0, articleViews: 0 },
    { day: '2026-11-24', pageViews: 40, articleViews: 10 },
  ];
  const g = chartGeometry(points, 200, 100);
  it('maps the first day to the left edge and the last to the right edge', () => {
    expect(g.x(0)).toBe(g.pad.left);
    expect(g.x(1)).toBe(200 - g.pad.right);
  });
  it('maps 0 to the bottom and the nice maximum to the top', () => {
    expect(g.max).toBe(50);
    expect(g.y(0)).toBe(100 - g.pad.bottom);
    expect(g.y(50)).toBe(g.pad.top);
    expect(g.ticks).toEqual([0, 12.5, 25, 37.5, 50]);
  });
  it('draws a path through every point', () => {
    expect(linePath([0, 40], g)).toMatch(/^M48\.0,72\.0 L172\.0,\d+\.\d$/);
  });
});

describe('shortDay', () => {
  it('formats the stored date without shifting it', () => {
    expect(shortDay('2026-11-24')).toBe('24 Nov');
  });
});
