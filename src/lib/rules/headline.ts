/**
 * Headline size classes. The spec clamps the article title to 3 lines, but a reader must see the
 * whole title of the article they opened, so the page picks a size from the title's length at
 * build time: longer titles get a smaller size, and the clamp only catches titles over
 * HEADLINE_FIT_CHARS. The CSS (src/pages/article/[slug].astro) turns each class into a share of
 * the column's width, capped per breakpoint, so a class fits at every width, not only at 360 px.
 *
 * The CSS shares come from measuring, for every seeded title and 850 runs of the seed's words of
 * 40-110 characters, the largest size that keeps 3 lines in Source Serif 4 Bold; each class uses
 * 97 % of the worst case in it (docs/design.md).
 */
export type HeadlineSize = 'xl' | 'l' | 'm' | 's' | 'xs';

/** Titles up to this many characters always show in full (issue 16). */
export const HEADLINE_FIT_CHARS = 110;

/** Upper length (characters) of each size class, largest type first. */
export const HEADLINE_STEPS: readonly { size: HeadlineSize; maxChars: number }[] = [
  { size: 'xl', maxChars: 60 },
  { size: 'l', maxChars: 70 },
  { size: 'm', maxChars: 80 },
  { size: 's', maxChars: 90 },
  { size: 'xs', maxChars: HEADLINE_FIT_CHARS },
];

/** The size class for a title: characters, not UTF-16 units, after trimming. */
export function headlineSize(title: string): HeadlineSize {
  const length = [...title.trim()].length;
  return HEADLINE_STEPS.find((step) => length <= step.maxChars)?.size ?? 'xs';
}

/**
 * Steps a rendered title down one class at a time while the 3-line clamp still cuts it. The
 * class comes from the length alone, and a run of long words (with the browser's balanced
 * wrapping) can need a fourth line at a length that usually fits; the page runs this before
 * the first paint and again once the web fonts are in. Self-contained, since the article page
 * inlines its source: the classes are HEADLINE_STEPS' sizes, largest first.
 */
export function fitHeadline(el: HTMLElement): void {
  const sizes = ['xl', 'l', 'm', 's', 'xs'];
  let i = sizes.indexOf(el.dataset.size ?? '');
  while (i >= 0 && i < sizes.length - 1 && el.scrollHeight > el.clientHeight + 1) el.dataset.size = sizes[++i];
}

/**
 * The second fit, once the web fonts are in: a title that now needs a smaller class keeps the
 * height it was painted with (a `min-height`), so the byline and everything below it do not move
 * up (a layout shift Lighthouse measured at 0.009 on a title the fallback fitted in three lines
 * and the web font did not). Self-contained, as fitHeadline.
 */
export function refitHeadline(fit: (el: HTMLElement) => void, el: HTMLElement): void {
  const painted = el.offsetHeight;
  fit(el);
  if (el.offsetHeight < painted) el.style.minHeight = `${painted}px`;
}

/** The inline script of the article page's title (ArticleColumns.astro). */
export const FIT_HEADLINE_SCRIPT =
  `(function (fit, refit, el) { if (!el) return; fit(el); ` +
  `if (document.fonts) document.fonts.ready.then(function () { refit(fit, el); }); })` +
  `(${fitHeadline.toString()}, ${refitHeadline.toString()}, document.getElementById('article-title'));`;
