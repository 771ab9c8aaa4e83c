/**
 * The one place a database refusal becomes words for a person (issue 28): the rules save_article
 * enforces are shown in the catalogue's words, and anything unexpected as the form's generic
 * message, never the database's text.
 */
import { ARTICLE_FORM } from '../messages/dashboard.ts';

/** What PostgREST (and supabase-js) report for a refused request. */
export interface DatabaseError {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/**
 * The article form's rules as save_article raises them (23514 with the rule as the hint,
 * 20261126100200_save_article_enforces_form_rules.sql): the words the form itself shows.
 */
const SAVE_RULE_MESSAGES: Record<string, string> = {
  article_title_required: ARTICLE_FORM.titleRequired,
  article_featured_image_required: ARTICLE_FORM.featuredImageRequired,
  article_report_pdf_required: ARTICLE_FORM.pdfRequired,
  article_report_excerpt_required: ARTICLE_FORM.reportExcerptRequired,
  article_body_required: ARTICLE_FORM.bodyRequired,
  article_excerpt_too_long: ARTICLE_FORM.excerptTooLong,
};

/**
 * The catalogue's words for a refused write, or `fallback` (the form's generic message) when the
 * refusal is not one a person can act on. Never returns the database's own text.
 */
export function refusalMessage(error: DatabaseError, fallback: string): string {
  const rule = error.hint ? SAVE_RULE_MESSAGES[error.hint] : undefined;
  return rule ?? fallback;
}
