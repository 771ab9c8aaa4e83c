/**
 * What a failed write tells the reader, and the report it leaves in `app_errors` (spec §7:
 * "app_errors insert for signup and newsletter failures"). The database answers rate limits with
 * HTTP 429 / SQLSTATE PT429, and size limits with check violations (23514) named after the
 * column; both are shown in the catalogue's words, so a refusal is never a silent or vague failure
 * and never the database's own text.
 */
import { REFUSALS } from '../../messages/refusals.ts';
import { refusalMessage } from '../../rules/database-errors.ts';
import { currentCaller, isRateLimited, rest, type RestResult } from './rest.ts';

type Failure = Extract<RestResult<unknown>, { ok: false }>;

/**
 * The reason to show beside the form's own failure message when the reader can act on it (slow
 * down, shorten a field), in the catalogue's words (src/lib/rules/database-errors.ts), else null.
 */
export function serverReason(failure: Failure): string | null {
  if (isRateLimited(failure)) return REFUSALS.rateLimited;
  if (failure.code === '23514') {
    const reason = refusalMessage(failure, '');
    return reason && reason !== REFUSALS.notAccepted ? reason : null;
  }
  return null;
}

const clip = (value: string, max: number): string => value.slice(0, max);

/** The row `reportError` sends; exported for the unit tests. */
export function errorReport(
  event: string,
  failure: Failure,
  details: Record<string, unknown>,
  where: Location,
  doc: Document,
  ua: string,
) {
  return {
    event: clip(event, 100),
    message: clip(failure.message || 'Unknown error', 2000),
    error_code: clip(failure.code, 100),
    details: { status: failure.status, ...details },
    user_agent: clip(ua, 500),
    referrer: clip(doc.referrer, 1000),
    path: clip(where.pathname, 1000),
  };
}

/**
 * Records a failure in `app_errors` (insert-only for visitors; the database rate-limits reports
 * per visitor). Best effort: a report that cannot be sent is dropped, never shown.
 */
export async function reportError(
  event: string,
  failure: Failure,
  details: Record<string, unknown> = {},
): Promise<void> {
  try {
    const caller = await currentCaller(false);
    await rest('app_errors', {
      caller,
      body: errorReport(event, failure, details, window.location, document, navigator.userAgent),
    });
  } catch {
    // nothing more to do: the reader already sees the failure
  }
}
