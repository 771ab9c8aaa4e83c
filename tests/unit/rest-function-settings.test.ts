import { describe, expect, it } from 'vitest';
import { parseTimeSettingMs } from '../../supabase/local/rest/schema-cache.ts';

// A function's `set statement_timeout = …` as Postgres stores it in proconfig, hoisted to the
// RPC call's transaction as on PostgREST 12.2+.
describe('parseTimeSettingMs', () => {
  it.each([
    ['300ms', 300],
    ['4s', 4000],
    ['1min', 60_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['1500', 1500],
    ['0', 0],
    ['500us', 0.5],
  ])('reads %s as %d ms', (value, ms) => {
    expect(parseTimeSettingMs(value)).toBe(ms);
  });

  it.each(['', 'soon', '4 seconds', '-1s'])('refuses %j', (value) => {
    expect(parseTimeSettingMs(value)).toBeUndefined();
  });
});
