/**
 * html-validate over every built page (tests/e2e/html-validate.spec.ts): the recommended preset,
 * minus the few rules below, each with the reason it does not apply to this site.
 */
export default {
  extends: ['html-validate:recommended'],
  // Astro puts `<style>astro-island,astro-slot{display:contents}</style>` just before the first
  // island, wherever it is (the dashboard's and preview's client-only apps sit in a <div>).
  // Browsers apply a <style> in the body as in the head; allowing it as flow content changes
  // nothing else (it still may not appear in phrasing content such as a <p>).
  elements: ['html5', { style: { flow: true } }],
  rules: {
    // An article's document title is its headline plus the site name; editors write headlines up
    // to 300 characters and shortening them would hide words from tabs, bookmarks and history.
    // Search engines cut what they cannot show themselves.
    'long-title': 'off',
    // React 19 server-renders the search island's input as a self-closing <input/> with
    // `enterKeyHint` in camel case. Both are valid HTML (void tags may self-close; attribute
    // names are case-insensitive) and not ours to change.
    'void-style': 'off',
    'attr-case': 'off',
    // React's server rendering writes boolean attributes as `disabled=""` (the verify-email
    // island), Astro as a bare `disabled`: both are valid HTML, and neither style is ours to pick.
    'attribute-boolean-style': 'off',
  },
};
