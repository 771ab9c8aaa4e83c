/**
 * The article form's refusals in its own words (issue 28): the two article check constraints only
 * this form can meet, and the rules save_article raises (23514 with the rule as the hint,
 * 20261126100200_save_article_enforces_form_rules.sql) — the words the form's own checks show.
 * Every other refusal is worded by src/lib/rules/database-errors.ts.
 */
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { FormRefusals } from '../../../../lib/rules/database-errors.ts';

export const ARTICLE_REFUSALS = {
  checks: {
    articles_meta_excerpt_check: ARTICLE_FORM.excerptTooLong,
    articles_meta_report_has_pdf: ARTICLE_FORM.pdfRequired,
  },
  rules: {
    article_title_required: ARTICLE_FORM.titleRequired,
    article_featured_image_required: ARTICLE_FORM.featuredImageRequired,
    article_report_pdf_required: ARTICLE_FORM.pdfRequired,
    article_report_excerpt_required: ARTICLE_FORM.reportExcerptRequired,
    article_body_required: ARTICLE_FORM.bodyRequired,
    article_excerpt_too_long: ARTICLE_FORM.excerptTooLong,
  },
} satisfies FormRefusals;
