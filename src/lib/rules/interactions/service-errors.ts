/**
 * Service errors mapped once to the spec's messages (§8).
 */
import { MESSAGES } from '../../messages/reader.ts';

export interface ServiceError {
  code?: string | null;
  message?: string | null;
}

/** PostgreSQL's unique violation: the row is already there. */
const DUPLICATE_KEY = '23505';

export function isDuplicate(error: ServiceError | null | undefined): boolean {
  return error?.code === DUPLICATE_KEY;
}

/**
 * "The table does not exist": PostgreSQL 42P01, PostgREST's PGRST205 (not in the schema cache),
 * or a message saying so. The bookmarks page treats it as an empty list (§8).
 */
export function isMissingTable(error: ServiceError | null | undefined): boolean {
  if (!error) return false;
  return error.code === '42P01' || error.code === 'PGRST205' || /does not exist/i.test(error.message ?? '');
}

/**
 * The bookmark toggle's failure text (§8 lists three): the service's own message when it sent
 * one, 'Bookmark operation failed.' when the call never got an answer (network, client load),
 * 'Failed to update bookmark' when the service failed without a message.
 */
export function bookmarkFailureMessage(error: unknown): string {
  if (error instanceof BookmarkServiceError) return error.message || MESSAGES.bookmarkUpdateFailed;
  // postgrest-js reports a failed fetch as an error without a code: no answer came.
  return MESSAGES.bookmarkOperationFailed;
}

/** A failure the service answered with (as opposed to one where no answer came). */
export class BookmarkServiceError extends Error {
  readonly code: string | null;
  constructor(error: ServiceError) {
    super(error.message ?? '');
    this.code = error.code ?? null;
  }
}
