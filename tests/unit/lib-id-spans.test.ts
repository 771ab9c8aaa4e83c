/**
 * How a build reads the article rows it does not keep (src/lib/build/data/read-all.ts, issue 26):
 * whole id spans where the ids lie densely (a first build's 100,000 rows), by id elsewhere (a
 * publish's few). A span must never hold more than PAGE ids, or PostgREST's row limit would cut
 * its answer short.
 */
import { describe, expect, it } from 'vitest';
import { PAGE, SPAN_MIN, idSpans } from '../../src/lib/build/data/read-all.ts';

const range = (from: number, count: number, step = 1) => Array.from({ length: count }, (_, i) => from + i * step);

/** Every id of `ids` in exactly one span or in the rest, each span within its bounds. */
function expectCovered(ids: number[], { spans, rest }: ReturnType<typeof idSpans>) {
  const inSpans = ids.filter((id) => spans.some(([lo, hi]) => id >= lo && id <= hi));
  expect(inSpans.length + rest.length).toBe(ids.length);
  expect(new Set([...inSpans, ...rest]).size).toBe(ids.length);
  for (const [lo, hi] of spans) expect(hi - lo + 1).toBeLessThanOrEqual(PAGE);
}

describe('idSpans', () => {
  it('reads every id of a dense list in spans of at most PAGE ids', () => {
    const ids = range(7, 100_044).reverse();
    const split = idSpans(ids);
    expect(split.spans).toHaveLength(100);
    expect(split.spans[0]).toEqual([7, 7 + PAGE - 1]);
    // The last 44 ids are too few for a span of their own.
    expect(split.rest).toEqual(range(7 + 100 * PAGE, 44));
    expectCovered(ids, split);
  });

  it('reads a few changed rows by id', () => {
    const ids = [90_001, 12, 5_000, 44_444];
    expect(idSpans(ids)).toEqual({ spans: [], rest: [12, 5_000, 44_444, 90_001] });
  });

  it('reads by id where the ids are too few or too sparse for a span', () => {
    const few = range(1, SPAN_MIN - 1);
    expect(idSpans(few)).toEqual({ spans: [], rest: few });
    // Every third id: a span would read three rows for each one asked for.
    const sparse = range(1, 300, 3);
    expect(idSpans(sparse)).toEqual({ spans: [], rest: sparse });
  });

  it('mixes both, with gaps left by unpublished rows', () => {
    const dense = range(1, 900).filter((id) => id % 10 !== 0);
    const ids = [...dense, 50_000, 70_000];
    const split = idSpans(ids);
    expect(split.spans).toEqual([[1, 899]]);
    expect(split.rest).toEqual([50_000, 70_000]);
    expectCovered(ids, split);
  });
});
