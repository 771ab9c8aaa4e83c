/** What the Newsletters screen says when the database refuses (the functions' hints, issue 30). */
import { NEWSLETTERS } from '../../../lib/messages/dashboard-newsletters.ts';
import { REFUSALS } from '../../../lib/messages/refusals.ts';
import { refusalMessage, type FormRefusals } from '../../../lib/rules/database-errors.ts';

const NEWSLETTER_REFUSALS: FormRefusals = {
  rules: {
    newsletter_already_sent: NEWSLETTERS.alreadySent,
    newsletter_not_draft: NEWSLETTERS.scheduledLocked,
    newsletter_subject_required: NEWSLETTERS.subjectRequired,
    newsletter_articles_required: NEWSLETTERS.storiesRequired,
    newsletter_too_many_articles: REFUSALS.newsletterTooManyArticles,
    newsletter_no_address: NEWSLETTERS.noAddress,
    newsletter_not_found: NEWSLETTERS.notFound,
  },
};

export function newsletterRefusal(error: unknown): string {
  return refusalMessage(error as Parameters<typeof refusalMessage>[0], NEWSLETTERS.failed, NEWSLETTER_REFUSALS);
}
