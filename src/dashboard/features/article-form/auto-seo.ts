/** The SEO fields the article form fills from the article, and what that means for a merge. */
import type { ArticleContent, MergeField } from './article-merge.ts';
import { autoKeywords, metaDescriptionFrom, seoTitleFrom, type SeoFields } from '../../../lib/rules/seo-panel.ts';
import type { FormState } from './form-state.ts';

/** Fills the SEO title, description and keywords from the article unless the editor typed them. */
export function withAutoSeo(next: FormState, names: Map<number, string>): FormState {
  const seo: SeoFields = { ...next.seo };
  if (!next.seoEdited.seoTitle) seo.seoTitle = seoTitleFrom(next.title);
  if (!next.seoEdited.metaDescription) seo.metaDescription = metaDescriptionFrom(next.excerpt);
  if (!next.seoEdited.keywords)
    seo.keywords = autoKeywords(next.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean));
  return { ...next, seo };
}

/**
 * An SEO field both sides left to auto-fill follows the merged title, excerpt and categories, so
 * it is no conflict of its own (issue 18).
 */
export function bothAutoFilled(field: MergeField, f: FormState, theirs: ArticleContent, names: Map<number, string>) {
  const categoryNames = theirs.categoryIds.map((id) => names.get(id) ?? '').filter(Boolean);
  if (field === 'seoTitle') return !f.seoEdited.seoTitle && theirs.seo.seoTitle === seoTitleFrom(theirs.title);
  if (field === 'metaDescription')
    return !f.seoEdited.metaDescription && theirs.seo.metaDescription === metaDescriptionFrom(theirs.excerpt);
  if (field === 'keywords')
    return !f.seoEdited.keywords && theirs.seo.keywords.join('\n') === autoKeywords(categoryNames).join('\n');
  return false;
}
