/**
 * `htmlToText`'s two parsers give the same text (issue 29): sanitize-html's in Node (the build) and
 * the browser's DOMParser in a page (the dashboard's excerpt, SEO and word count), run here in
 * Chromium on the same fragments.
 */
import { expect, test } from '@playwright/test';
import { extractText as inBrowser } from '../../src/lib/browser/html-text.ts';
import { extractText as inNode } from '../../src/lib/rules/html-text.ts';
import { NON_TEXT_TAGS } from '../../src/lib/rules/html-text-tags.ts';
import { htmlToText } from '../../src/lib/rules/text.ts';

const FRAGMENTS = [
  '<p>Solar &amp; wind</p><p>in the Karoo</p>',
  '<h2>Caf&eacute; &mdash; S&atilde;o Tom&eacute;</h2><p>It&rsquo;s&nbsp;here &#x2019; &#8212;</p>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt; stays text</p>',
  '<script>alert(1)</script><style>p{color:red}</style><p>visible</p><!-- a comment -->',
  '<iframe src="https://example.org">inside</iframe><svg><text>chart</text></svg><math><mi>x</mi></math>',
  '<textarea>typed</textarea><select><option>one</option></select><noscript>no js</noscript><title>t</title>',
  '<ul><li>one<li>two</ul><table><tr><td>a</td><td>b</td></tr></table>',
  '<p>unclosed <b>bold <i>both</p> after',
  'plain text with a < sign and a > sign & an ampersand',
  '<p>Ẹ ọ ṣ ɓ ɗ ƙ ɛ ɔ ₦ ₵</p><br><img src="x.png" alt="not text">',
];

test('the browser parser and the Node parser give the same text', async ({ page }) => {
  await page.goto('about:blank');
  const browser = await page.evaluate(
    ({ source, tags, fragments }) => {
      const extract = new Function(`return (${source})`)() as (html: string, tags: string[]) => string;
      return fragments.map((html) => extract(html, tags));
    },
    { source: inBrowser.toString(), tags: NON_TEXT_TAGS, fragments: FRAGMENTS },
  );
  const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
  expect(browser.map(collapse)).toEqual(FRAGMENTS.map((html) => collapse(inNode(html))));
  // And htmlToText (Node here) reads them as a reader would.
  expect(htmlToText(FRAGMENTS[1])).toBe('Café — São Tomé It’s here ’ —');
});
