/**
 * The readers' rights on /profile (issue 30, POPIA): the rule 'Delete my account' checks before it
 * calls the database (which checks it again, delete_my_account), the database's refusals in the
 * catalogue's words, and the name of the 'Download my data' file.
 */
import { ACCOUNT } from '../../messages/profile.ts';
import type { FormRefusals } from '../database-errors.ts';

/** Whether the typed e-mail confirms the account's (case and surrounding spaces aside). */
export function confirmsAccountEmail(typed: string, accountEmail: string | null): boolean {
  return !!accountEmail && typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}

/** delete_my_account's refusals, by the hint it raises them with (23514). */
export const ACCOUNT_REFUSALS: FormRefusals = {
  rules: {
    account_email_mismatch: ACCOUNT.emailMismatch,
    account_owns_articles: ACCOUNT.ownsArticles,
  },
};

/** 'esg-africa-news-my-data-2026-11-27.json': the site and the day (UTC) in the file's name. */
export function myDataFileName(now: Date): string {
  return `esg-africa-news-my-data-${now.toISOString().slice(0, 10)}.json`;
}
