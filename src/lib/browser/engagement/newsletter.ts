/**
 * Newsletter sign-up (spec §4, §5, §7): insert `{email, user_id}` into `newsletter_subscribers`,
 * with where on the site it happened and the wording the reader was shown (`source`,
 * `consent_text`: the database records them as the consent, issue 30).
 * Anonymous visitors may insert but not read the list, so the row is not asked back; a duplicate
 * (23505) means the address is already on the list, which is what the reader wanted. The signed-in
 * reader's own subscription is readable (RLS), which hides the block and the popup for them.
 */
import { atom } from 'nanostores';
import { STORAGE_KEYS } from '../../rules/reader/keys.ts';
import type { ReaderSession } from '../reader/session.ts';
import { currentCaller, isRateLimited, rest, type RestResult } from './rest.ts';

type Failure = Extract<RestResult<unknown>, { ok: false }>;

/** The signed-in reader's subscription: undefined until known (or when signed out). */
export const $newsletterSubscribed = atom<boolean | undefined>(undefined);

let checked: string | undefined;

/** Reads whether this user (by id or account e-mail) is subscribed; once per user per page. */
export async function loadSubscription(session: ReaderSession): Promise<void> {
  if (checked === session.userId) return;
  checked = session.userId;
  const caller = await currentCaller(true);
  if (caller.userId !== session.userId) return;
  const filters = [`user_id.eq.${session.userId}`];
  if (session.email) filters.push(`email.eq."${session.email.toLowerCase()}"`);
  const result = await rest<{ id: number }[]>(
    `newsletter_subscribers?select=id&or=${encodeURIComponent(`(${filters.join(',')})`)}&limit=1`,
    { method: 'GET', caller },
  );
  if (result.ok) $newsletterSubscribed.set(result.data.length > 0);
  else checked = undefined; // try again on the next chance; the block simply stays
}

export type SubscribeOutcome = { ok: true } | { ok: false; failure: Failure };

/**
 * Subscribes a validated, normalised address: as the signed-in user when there is one (their id
 * goes with it), else anonymously. A failure is reported to `app_errors` with where it came from.
 */
export async function subscribe(
  email: string,
  source: 'block' | 'popup' | 'one_click',
  wording: string,
): Promise<SubscribeOutcome> {
  const caller = await currentCaller(true);
  const result = await rest('newsletter_subscribers', {
    caller,
    body: { email, user_id: caller.userId, source, consent_text: wording },
  });
  if (result.ok || result.code === '23505') {
    if (caller.userId) $newsletterSubscribed.set(true);
    else rememberAnonymousSignup(Date.now());
    return { ok: true };
  }
  // The report and the refusal catalogue load only when a subscription fails: a signed-in
  // reader's page hydrates this form at once, and they are not part of what it needs to show.
  void import('./errors.ts')
    .then(({ reportError }) => reportError('newsletter_subscribe_failed', result, { source }))
    .catch(() => undefined);
  return { ok: false, failure: result };
}

/**
 * What a failed subscription tells the reader: the catalogue's rate-limit refusal, or the form's
 * own message (also when the catalogue cannot be loaded, e.g. offline).
 */
export async function subscribeFailureText(failure: Failure, fallback: string): Promise<string> {
  if (!isRateLimited(failure)) return fallback;
  return import('../../messages/refusals.ts').then(
    ({ REFUSALS }) => REFUSALS.rateLimited,
    () => fallback,
  );
}

/** The anonymous sign-up time that keeps the popup away for 30 days. */
function rememberAnonymousSignup(at: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.recentlySubscribed, String(at));
  } catch {
    // storage blocked: the popup may ask again on a later visit
  }
}
