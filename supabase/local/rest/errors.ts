/**
 * PostgREST's error body and status mapping (src/PostgREST/Error.hs). Postgres decides what is
 * wrong; this file only translates SQLSTATEs into the HTTP answers supabase-js expects.
 */
import { isConnectionError, isPgError } from '../db/engine.ts';
import { PoolTimeoutError } from '../db/gate.ts';

export interface RestErrorBody {
  code: string;
  message: string;
  /** Text, or for PGRST201/PGRST203 the list of candidates. */
  details: unknown;
  hint: string | null;
}

export class RestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  constructor(status: number, code: string, message: string, details: unknown = null, hint: string | null = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
  }

  body(): RestErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** HTTP status for a SQLSTATE, as PostgREST maps it. `anon` decides 401 vs 403 for 42501. */
function statusForSqlState(code: string, anon: boolean, message = ''): number {
  switch (code) {
    case '23505':
    case '23503':
      return 409;
    case '23502':
    case '23514':
    case '22P02':
    case '42703':
    case 'P0001':
      return 400;
    case '42P01':
    case '42883':
      return 404;
    case '42501':
      return anon ? 401 : 403;
    case '25006':
      return 405;
    case '21000':
      return /requires a WHERE clause/.test(message) ? 400 : 500;
    case '22023':
      return 401;
    case '57014':
      return 500;
    case '53400':
      return 500;
  }
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code.startsWith('08') || code === '57P01' || (code.startsWith('53') && code !== '53400')) return 503;
  if (code.startsWith('40') || code.startsWith('57') || code.startsWith('XX') || code.startsWith('P0')) return 500;
  return 400;
}

/** Converts anything thrown while serving a request into a RestError. */
export function toRestError(e: unknown, anon: boolean): RestError {
  if (e instanceof RestError) return e;
  if (e instanceof PoolTimeoutError) return new RestError(504, 'PGRST003', e.message);
  // PostgREST answers 503 PGRST000 while its database is unreachable (a 4xx would tell the
  // client its request was wrong; the publish worker and the build must see an outage).
  if (isConnectionError(e)) {
    return new RestError(503, 'PGRST000', 'Database connection error. Retrying the connection.', e.message);
  }
  if (isPgError(e)) {
    const code = e.code ?? 'XX000';
    return new RestError(statusForSqlState(code, anon, e.message), code, e.message, e.detail ?? null, e.hint ?? null);
  }
  const message = e instanceof Error ? e.message : String(e);
  return new RestError(500, 'XX000', message);
}
