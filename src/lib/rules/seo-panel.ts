/**
 * The article form's SEO panel (staff-dashboard.md §5, §9): auto-filled SEO title and meta
 * description, keywords (unique, at most 20, suggested from the categories) and the score out of
 * 100 with its band and suggestions. Pure functions; the form only calls them.
 */

export const SEO_TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;
export const KEYWORDS_MAX = 20;
const KEYWORDS_IDEAL = { min: 5, max: 15 } as const;
const KEYWORDS_AUTO = 10;
const KEYWORDS_SHOWN = 15;

export interface SeoFields {
  keywords: string[];
  metaDescription: string;
  seoTitle: string;
  focusKeyword: string;
}

/** Cuts to `max` characters as the spec does: the first max−3 characters plus '...'. */
function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 3)}...` : clean;
}

/** The SEO title from the article title: 57 characters plus '...' when over 60. */
export function seoTitleFrom(title: string): string {
  return clip(title, SEO_TITLE_MAX);
}

/** The meta description from the excerpt: 157 characters plus '...' when over 160. */
export function metaDescriptionFrom(excerpt: string): string {
  return clip(excerpt, META_DESCRIPTION_MAX);
}

/** Keywords as stored: trimmed, lower case, no empties, no repeats, at most 20. */
export function normalizeKeywords(keywords: readonly string[]): string[] {
  const out: string[] = [];
  for (const k of keywords) {
    const clean = k.replace(/\s+/g, ' ').trim().toLowerCase();
    if (clean && !out.includes(clean)) out.push(clean);
  }
  return out.slice(0, KEYWORDS_MAX);
}

/**
 * The suggestion pool from category names: each name, then its words of four letters or more,
 * unique, cut at 20. The form fills in the first 10 and shows 15 not yet chosen.
 */
export function keywordPool(categoryNames: readonly string[]): string[] {
  const names = categoryNames.map((n) => n.toLowerCase().trim()).filter(Boolean);
  const words = names.flatMap((n) => n.split(/[^a-z0-9]+/).filter((w) => w.length >= 4));
  return normalizeKeywords([...names, ...words]);
}

export function autoKeywords(categoryNames: readonly string[]): string[] {
  return keywordPool(categoryNames).slice(0, KEYWORDS_AUTO);
}

export function shownSuggestions(categoryNames: readonly string[], chosen: readonly string[]): string[] {
  return keywordPool(categoryNames)
    .filter((k) => !chosen.includes(k))
    .slice(0, KEYWORDS_SHOWN);
}

/**
 * The SEO fields stored on an article (`articles_meta.seo`, jsonb) as the form edits them; any
 * missing or malformed field reads as empty.
 */
export function storedSeo(value: unknown): SeoFields {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof SeoFields, unknown>>;
  const text = (x: unknown) => (typeof x === 'string' ? x : '');
  return {
    seoTitle: text(v.seoTitle),
    metaDescription: text(v.metaDescription),
    focusKeyword: text(v.focusKeyword),
    keywords: Array.isArray(v.keywords) ? v.keywords.filter((k): k is string => typeof k === 'string') : [],
  };
}

/** What the public page uses of them: the SEO title and meta description, or null when both are empty. */
export function pageSeo(value: unknown): { seoTitle: string; metaDescription: string } | null {
  const { seoTitle, metaDescription } = storedSeo(value);
  return seoTitle.trim() || metaDescription.trim()
    ? { seoTitle: seoTitle.trim(), metaDescription: metaDescription.trim() }
    : null;
}

export type SeoBand = 'good' | 'medium' | 'poor';

export interface SeoScore {
  score: number;
  band: SeoBand;
  suggestions: string[];
}

/** The band of a score: ≥ 80 good, ≥ 60 medium, else poor (§9). */
export function seoBand(score: number): SeoBand {
  return score >= 80 ? 'good' : score >= 60 ? 'medium' : 'poor';
}

/** Does the focus keyword appear (case-insensitively) in the title or the excerpt? */
export function focusKeywordUsed(focus: string, title: string, excerpt: string): boolean {
  const f = focus.trim().toLowerCase();
  return f !== '' && (title.toLowerCase().includes(f) || excerpt.toLowerCase().includes(f));
}

/**
 * Score out of 100: 25 each for the SEO title (1–60 characters; 15 up to 70), the meta
 * description (1–160; 15 up to 200), the keyword count (5–15; 15 for 3–20) and a focus keyword
 * found in the title or excerpt. Bands: ≥ 80 good, ≥ 60 medium, else poor.
 */
export function seoScore(seo: SeoFields, title: string, excerpt: string): SeoScore {
  const suggestions: string[] = [];
  let score = 0;
  const t = seo.seoTitle.trim().length;
  if (t >= 1 && t <= SEO_TITLE_MAX) score += 25;
  else if (t > SEO_TITLE_MAX && t <= 70) {
    score += 15;
    suggestions.push(`Shorten the SEO title to ${SEO_TITLE_MAX} characters or fewer.`);
  } else suggestions.push(t ? 'The SEO title is far too long.' : 'Add an SEO title.');
  const d = seo.metaDescription.trim().length;
  if (d >= 1 && d <= META_DESCRIPTION_MAX) score += 25;
  else if (d > META_DESCRIPTION_MAX && d <= 200) {
    score += 15;
    suggestions.push(`Shorten the meta description to ${META_DESCRIPTION_MAX} characters or fewer.`);
  } else suggestions.push(d ? 'The meta description is far too long.' : 'Add a meta description.');
  const k = normalizeKeywords(seo.keywords).length;
  if (k >= KEYWORDS_IDEAL.min && k <= KEYWORDS_IDEAL.max) score += 25;
  else {
    if (k >= 3 && k <= KEYWORDS_MAX) score += 15;
    suggestions.push(`Use ${KEYWORDS_IDEAL.min} to ${KEYWORDS_IDEAL.max} keywords.`);
  }
  if (focusKeywordUsed(seo.focusKeyword, title, excerpt)) score += 25;
  else
    suggestions.push(
      seo.focusKeyword.trim() ? 'Use the focus keyword in the title or the excerpt.' : 'Choose a focus keyword.',
    );
  return { score, band: seoBand(score), suggestions };
}
