/**
 * The text of an HTML fragment in a page, parsed by the browser's own HTML parser (DOMParser runs
 * no script and loads nothing): `htmlToText`'s parser in the browser, where sanitize-html's would
 * cost ~90 KB gzipped of JavaScript (issue 29). Node uses src/lib/rules/html-text.ts; the
 * `#html-text` import in package.json picks one, and tests/unit/html-text.test.ts holds both to
 * the same answers.
 */
import { NON_TEXT_TAGS } from '../rules/html-text-tags.ts';

/** Markup stripped and entities decoded; whitespace as it was. (`dropped`: for the parity test.) */
export function extractText(html: string, dropped: readonly string[] = NON_TEXT_TAGS): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  for (const el of doc.body.querySelectorAll(dropped.join(','))) el.remove();
  return doc.body.textContent ?? '';
}
