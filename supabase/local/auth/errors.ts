/**
 * GoTrue's error replies (supabase/auth internal/api/errors.go). A client that sends
 * `X-Supabase-Api-Version: 2024-01-01` (every auth-js since 2.40) gets `{code, message}` with the
 * string error code; older clients get the legacy `{code: <status>, error_code, msg}`. Both carry
 * the `x-sb-error-code` header. auth-js only trusts the body's `code` when the reply echoes the
 * version header, which every auth reply does (see API_VERSION_HEADERS).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { headerValue, sendJson } from '../http/util.ts';

const API_VERSION = '2024-01-01';
export const API_VERSION_HEADERS: Record<string, string> = { 'X-Supabase-Api-Version': API_VERSION };

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra top-level body fields, e.g. `weak_password: {reasons}`. */
  readonly extra: Record<string, unknown>;
  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

// Constructors for the errors more than one route raises, with GoTrue's exact wording.
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const userBanned = () => new AuthError(400, 'user_banned', 'User is banned');

export function weakPassword(minLength: number): AuthError {
  const message = `Password should be at least ${minLength} characters.`;
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons: ['length'] } });
}

/** True when the request asked for the 2024-01-01 API (or a later dated one). */
function wantsDatedApi(req: IncomingMessage): boolean {
  const v = headerValue(req, 'x-supabase-api-version');
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION;
}

export function sendAuthError(req: IncomingMessage, res: ServerResponse, err: AuthError): void {
  const body = wantsDatedApi(req)
    ? { code: err.code, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.code, msg: err.message, ...err.extra };
  sendJson(res, err.status, body, { ...API_VERSION_HEADERS, 'x-sb-error-code': err.code });
}

export function sendAuthJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, value, { ...API_VERSION_HEADERS, ...headers });
}
