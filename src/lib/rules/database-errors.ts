/**
 * The one place a database refusal becomes words for a person (issue 28). Every form that writes
 * (the article form, the profile editor, events, comments, the newsletter, the enquiry forms)
 * passes its error here with its own fallback, so a check constraint, a permission refusal, a rate
 * limit or a rule save_article enforces is shown as a catalogue message and anything unexpected
 * as the form's generic one: never the database's text ('violates check constraint …').
 */
import { PROFILE } from '../messages/profile.ts';
import { REFUSALS } from '../messages/refusals.ts';
import { DISPLAY_NAME_MAX_CHARS } from './profile/profile-rules.ts';

/** What PostgREST (and supabase-js) report for a refused request. */
export interface DatabaseError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/**
 * Every CHECK constraint of the public schema, by name (tests/integration/database-refusals.test.ts
 * reads them from pg_constraint: a new constraint without a message here fails it). Constraints no
 * form can reach (counters, enum columns the forms fill from fixed choices, the beacons) say
 * `notAccepted`.
 */
export const CHECK_MESSAGES: Record<string, string> = {
  analytics_event_type_check: REFUSALS.notAccepted,
  analytics_metadata_check: REFUSALS.notAccepted,
  analytics_daily_event_type_check: REFUSALS.notAccepted,
  app_errors_details_check: REFUSALS.notAccepted,
  app_errors_error_code_check: REFUSALS.notAccepted,
  app_errors_event_check: REFUSALS.notAccepted,
  app_errors_message_check: REFUSALS.notAccepted,
  app_errors_path_check: REFUSALS.notAccepted,
  app_errors_referrer_check: REFUSALS.notAccepted,
  app_errors_user_agent_check: REFUSALS.notAccepted,
  articles_meta_body_check: REFUSALS.articleBodyTooLong,
  articles_meta_hero_image_alt_check: REFUSALS.heroAltTooLong,
  articles_meta_hero_image_caption_check: REFUSALS.heroCaptionTooLong,
  articles_meta_hero_image_url_check: REFUSALS.fileAddressTooLong,
  articles_meta_image_reference_check: REFUSALS.imageReferenceTooLong,
  articles_meta_pdf_url_check: REFUSALS.fileAddressTooLong,
  articles_meta_seo_check: REFUSALS.seoTooLong,
  articles_meta_slug_check: REFUSALS.articleSlug,
  articles_meta_status_check: REFUSALS.notAccepted,
  articles_meta_title_check: REFUSALS.articleTitle,
  categories_check: REFUSALS.categoryDepth,
  categories_name_check: REFUSALS.categoryName,
  categories_slug_check: REFUSALS.notAccepted,
  comments_content_check: REFUSALS.commentLength,
  comments_dislike_count_check: REFUSALS.notAccepted,
  comments_like_count_check: REFUSALS.notAccepted,
  comments_status_check: REFUSALS.notAccepted,
  contact_submissions_advertise_company: REFUSALS.companyRequired,
  contact_submissions_company_check: REFUSALS.companyTooLong,
  contact_submissions_email_check: REFUSALS.emailInvalid,
  contact_submissions_form_type_check: REFUSALS.notAccepted,
  contact_submissions_message_check: REFUSALS.messageTooLong,
  contact_submissions_name_check: REFUSALS.nameTooLong,
  contact_submissions_status_check: REFUSALS.notAccepted,
  events_description_check: REFUSALS.eventDescriptionTooLong,
  events_image_url_check: REFUSALS.fileAddressTooLong,
  events_link_check: REFUSALS.eventLink,
  events_location_check: REFUSALS.eventLocation,
  events_title_check: REFUSALS.eventTitle,
  newsletter_consents_source_check: REFUSALS.notAccepted,
  newsletter_consents_wording_check: REFUSALS.notAccepted,
  newsletter_deliveries_attempts_check: REFUSALS.notAccepted,
  newsletter_deliveries_kind_check: REFUSALS.notAccepted,
  newsletter_deliveries_kind_refs: REFUSALS.notAccepted,
  newsletter_deliveries_last_error_check: REFUSALS.notAccepted,
  newsletter_deliveries_status_check: REFUSALS.notAccepted,
  newsletter_issue_articles_position_check: REFUSALS.newsletterTooManyArticles,
  newsletter_issues_intro_html_check: REFUSALS.newsletterIntroTooLong,
  newsletter_issues_preheader_check: REFUSALS.newsletterPreheaderTooLong,
  newsletter_issues_scheduled_has_time: REFUSALS.notAccepted,
  newsletter_issues_status_check: REFUSALS.notAccepted,
  newsletter_issues_subject_check: REFUSALS.newsletterSubjectTooLong,
  newsletter_subscribers_consent_text_check: REFUSALS.notAccepted,
  newsletter_subscribers_email_check: REFUSALS.emailInvalid,
  newsletter_subscribers_source_check: REFUSALS.notAccepted,
  newsletter_subscribers_status_check: REFUSALS.notAccepted,
  newsletter_subscribers_unsubscribed_at: REFUSALS.notAccepted,
  profiles_avatar_url_check: REFUSALS.fileAddressTooLong,
  profiles_bio_check: REFUSALS.bioTooLong,
  profiles_display_name_check: PROFILE.displayNameTooLong(DISPLAY_NAME_MAX_CHARS),
  profiles_email_check: REFUSALS.profileEmailTooLong,
  profiles_role_check: REFUSALS.notAccepted,
  profiles_username_check: REFUSALS.notAccepted,
  reactions_type_check: REFUSALS.notAccepted,
};

/** Refusals the database's functions raise as check violations in their own words, by that text. */
const RAISED_CHECKS: [RegExp, string][] = [
  [/^Only a published, non-archived article can be the main article/, REFUSALS.notMainArticle],
  [/^A subcategory cannot have subcategories|^A category with subcategories/, REFUSALS.categoryDepth],
  [/^Restore the comment before editing it/, REFUSALS.restoreBeforeEditing],
];

/**
 * A form's own refusals, in its own words: the check constraints only it can meet and the rules a
 * function raises for it (23514 with the rule's name as the hint). Kept beside the form, so a
 * reader's island that words a refusal does not carry the dashboard's texts.
 */
export interface FormRefusals {
  checks?: Record<string, string>;
  rules?: Record<string, string>;
}

/** The constraint a check violation names ('… violates check constraint "name"'), if any. */
function violatedConstraint(error: DatabaseError): string | null {
  return /check constraint "([^"]+)"/.exec(error.message ?? '')?.[1] ?? null;
}

/**
 * The catalogue's words for a refused write, or `fallback` (the form's generic message) when the
 * refusal is not one a person can act on. Never returns the database's own text.
 */
export function refusalMessage(error: DatabaseError, fallback: string, own: FormRefusals = {}): string {
  const rule = error.hint ? own.rules?.[error.hint] : undefined;
  if (rule) return rule;
  // Storage answers a policy refusal with the database's sentence and an HTTP status, no code.
  if (/row-level security/i.test(error.message ?? '')) return REFUSALS.notAllowed;
  switch (error.code) {
    case '23514': {
      const name = violatedConstraint(error);
      if (name) return own.checks?.[name] ?? CHECK_MESSAGES[name] ?? fallback;
      return RAISED_CHECKS.find(([pattern]) => pattern.test(error.message ?? ''))?.[1] ?? fallback;
    }
    // RLS ('new row violates row-level security policy') and the functions' staff checks.
    case '42501':
      return REFUSALS.notAllowed;
    case 'PT429':
      return REFUSALS.rateLimited;
    default:
      return fallback;
  }
}
