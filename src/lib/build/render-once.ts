/**
 * The HTML of parts that are the same on every page of a build (the footer, the category menu),
 * made on the first page that has them and reused on every other page
 * (src/components/RenderOnce.astro). The layout's frame was ~a fifth of a full build's page
 * generation at 10,000 articles (docs/performance.md).
 *
 * What may be reused: content without islands (an island's `prefix` and the hydration script
 * belong to its page; this refuses them) whose scripts no other part of any page renders. A
 * component's `<script>` is written where it first renders on a page: the reused HTML carries
 * it, but the page does not know it has it, so another component with the same script would
 * write it a second time (the search form is left out for that: /search has a second one).
 *
 * Reused HTML is kept by name, and by the data it was made from: a warm render
 * (scripts/lib/astro-build-warm.ts) renders many builds in one process, each with its own data,
 * so a part made from the data (the menu) is kept with that build's object and goes with it.
 */

const fromData = new WeakMap<object, Map<string, string>>();
const constant = new Map<string, string>();

export async function renderOnce(
  name: string,
  data: object | undefined,
  render: () => Promise<string>,
): Promise<string> {
  // In `astro dev` a component's edit does not reach this module's kept HTML.
  if (import.meta.env.DEV) return render();
  let kept = data ? fromData.get(data) : constant;
  if (!kept) {
    kept = new Map();
    fromData.set(data!, kept);
  }
  let html = kept.get(name);
  if (html === undefined) {
    html = await render();
    if (html.includes('<astro-island')) throw new Error(`RenderOnce "${name}": an island cannot be reused`);
    kept.set(name, html);
  }
  return html;
}
