import { describe, expect, it } from 'vitest';
import { toRestError } from '../../supabase/local/rest/errors.ts';

/** node-postgres's errors when PostgreSQL is down or goes away mid-request. */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });
}

describe('toRestError', () => {
  it('answers 503 PGRST000, like PostgREST, when PostgreSQL cannot be reached', () => {
    for (const e of [
      socketError('ECONNREFUSED'),
      socketError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
    ]) {
      const answer = toRestError(e, true);
      expect(answer.status).toBe(503);
      expect(answer.body()).toEqual({
        code: 'PGRST000',
        message: 'Database connection error. Retrying the connection.',
        details: e.message,
        hint: null,
      });
    }
  });

  it('still maps what PostgreSQL answered by its SQLSTATE', () => {
    const denied = Object.assign(new Error('permission denied for table bookmarks'), { code: '42501' });
    expect(toRestError(denied, true).status).toBe(401);
    expect(toRestError(denied, false).status).toBe(403);
    const limited = Object.assign(new Error('Too many comments'), { code: 'PT429' });
    expect(toRestError(limited, false).status).toBe(429);
  });
});
