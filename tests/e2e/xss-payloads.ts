/**
 * Stored-XSS payloads (docs/security.md, "Stored XSS in the browser"). Every payload that ran
 * would call `__x('<id>')` (or `alert('<id>')`); `xssSentinel` defines `__x` before any page
 * script, so a spec reads `window.__xss` to see what executed. The ids say which field and which
 * payload: `t-img` is the title's `onerror` payload.
 *
 * Shared by the e2e fixtures (rows the build sees) and tests/e2e/xss.spec.ts (rows written while
 * the spec runs).
 */
import type { Page } from '@playwright/test';

/** The payload kinds, most important first: short fields get the first ones that fit. */
const KINDS: [kind: string, make: (id: string) => string][] = [
  ['close', (id) => `</script><script>__x('${id}')</script>`],
  ['attr', (id) => `"><img src=x onerror=__x('${id}')>`],
  ['img', (id) => `<img src=x onerror=__x('${id}')>`],
  ['script', (id) => `<script>__x('${id}')</script>`],
  ['svg', (id) => `<svg onload=__x('${id}')>`],
  ['href', (id) => `<a href="javascript:__x('${id}')">${id}</a>`],
  ['svgscript', (id) => `<svg><script>__x('${id}')</script></svg>`],
  ['alert', (id) => `<img src=x onerror=alert('${id}')>`],
];

/**
 * As many payloads as fit in `max` characters (the column's check constraint), each tagged
 * `<field>-<kind>`, after a plain `label` so the text can be found on the page.
 */
export function payload(field: string, label: string, max: number): string {
  let out = label;
  for (const [kind, make] of KINDS) {
    const next = `${out} ${make(`${field}-${kind}`)}`;
    if (next.length <= max) out = next;
  }
  return out;
}

/** An article body by a staff account: every payload plus the ones only HTML can carry. */
export function bodyPayload(field = 'b'): string {
  return [
    '<p>Stored payload body.</p>',
    ...KINDS.map(([kind, make]) => `<p>${make(`${field}-${kind}`)}</p>`),
    `<p><a href=" JaVaScRiPt:__x('${field}-href2')">spaced</a></p>`,
    `<p><a href="javascript&colon;__x('${field}-href3')">entity</a></p>`,
    `<iframe src="javascript:__x('${field}-iframe')"></iframe>`,
    `<iframe srcdoc="<script>parent.__x('${field}-srcdoc')</script>"></iframe>`,
    `<img src="javascript:__x('${field}-imgsrc')">`,
    `<form><button formaction="javascript:__x('${field}-form')">go</button></form>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=__x('${field}-mxss')></style></mglyph></table></mtext></math>`,
    `<p style="background:url(javascript:__x('${field}-style'))" onclick="__x('${field}-click')">click me</p>`,
    `<object data="javascript:__x('${field}-object')"></object><embed src="javascript:__x('${field}-embed')">`,
    `<details open ontoggle=__x('${field}-toggle')><summary>s</summary></details>`,
  ].join('\n');
}

/** A URL field that should never become a live link or frame. */
export const jsUrl = (id: string) => `javascript:__x('${id}')`;

const dialogs = new WeakMap<Page, string[]>();

/** Run before any page script (every navigation and frame): records what executes. */
export async function xssSentinel(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __x: (id: string) => void };
    w.__xss = [];
    w.__x = (id) => w.__xss.push(String(id));
  });
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
}

/** What executed so far in the page and its frames, and every dialog it opened (empty: nothing). */
export async function executed(page: Page): Promise<string[]> {
  const ran = [...(dialogs.get(page) ?? [])];
  for (const frame of page.frames()) {
    const calls = await frame
      .evaluate(() => (window as unknown as { __xss?: string[] }).__xss ?? [])
      .catch(() => [] as string[]);
    ran.push(...calls);
  }
  return ran;
}

/**
 * Markup the payloads could have left behind, even where it has not run yet: an event-handler
 * attribute or a `javascript:` URL anywhere, a script (other than JSON data) whose text calls the
 * sentinel, or an element in <head> the page does not put there.
 */
export function leftovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttrs = ['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster'];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        const name = attr.name.toLowerCase();
        const value = attr.value;
        if (/^on/.test(name) && /__x|alert/.test(value)) found.push(`${el.tagName} ${name}=${value}`);
        // URLs that merely carry the text as data (a share link's query) are harmless.
        // Browsers ignore spaces and control characters in a URL's scheme.
        const bare = [...value].filter((c) => c.charCodeAt(0) > 0x20).join('');
        if (urlAttrs.includes(name) && /^javascript:/i.test(bare)) found.push(`${el.tagName} ${name}=${value}`);
        if ((name === 'srcdoc' && /__x|alert/.test(value)) || (name === 'style' && /javascript:/i.test(value)))
          found.push(`${el.tagName} ${name}=${value}`);
      }
      if (
        el.tagName === 'SCRIPT' &&
        !/json/.test((el as HTMLScriptElement).type) &&
        /__x\(|alert\(/.test(el.textContent ?? '')
      )
        found.push(`script: ${el.textContent}`);
    }
    for (const el of Array.from(document.head.querySelectorAll('img, svg, a, iframe, object, embed, form')))
      found.push(`in head: ${el.outerHTML}`);
    return found;
  });
}
