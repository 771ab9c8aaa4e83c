import { describe, expect, it } from 'vitest';
import { isAllowedEmbed, sanitizeArticleHtml } from '../../src/lib/rules/sanitize.ts';

const ALLOWED_TAGS = new Set(
  'p h2 h3 h4 ul ol li blockquote br hr code pre span strong em b i u s a img figure figcaption iframe table caption colgroup col thead tbody tfoot tr th td'.split(
    ' ',
  ),
);
const SAFE_URL = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|[^:/]*(?:[/?#]|$))/i;

/**
 * Checks the output as a browser would see it: every tag is on the allow-list, no attribute is
 * an event handler or a style, and every URL attribute has an allowed scheme. sanitize-html
 * escapes '<' in text, so every literal '<' in the output starts a real tag.
 */
function expectSafe(html: string): void {
  for (const [, name, attrs] of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `tag <${name}> in ${html}`).toContain(name!.toLowerCase());
    for (const [, attr, value] of attrs!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
      expect(attr!.toLowerCase(), `attribute in ${html}`).not.toMatch(/^on|^style$|^srcdoc$|^formaction$|:/);
      if (['href', 'src', 'cite'].includes(attr!.toLowerCase())) expect(value, `URL in ${html}`).toMatch(SAFE_URL);
    }
  }
  expect(html).not.toMatch(/<(?:script|svg|math|style|iframe(?![^>]*src="https:\/\/(?:www\.youtube|player\.vimeo)))/i);
}

// OWASP XSS Filter Evasion Cheat Sheet style payloads (and a few from PortSwigger's list).
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="javascript&colon;alert(1)">click</a>',
  '<a href="  JaVaScRiPt:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="//evil.example/">click</a>',
  '<a href="\\\\evil.example">click</a>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(2)">click</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<iframe src=javascript:alert(1)></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
  '<iframe src="http://www.youtube.com/embed/abc"></iframe>',
  '<iframe src="//www.youtube.com/embed/abc"></iframe>',
  '<iframe src="https://www.youtube.com/embed/abc" srcdoc="<script>alert(1)</script>" onload="alert(1)"></iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<div style="width: expression(alert(\'XSS\'));">x</div>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>@import "https://xss.example/xss.css";</style>',
  '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://xss.example/xss.swf">',
  '<form action="javascript:alert(1)"><input type="submit"><button formaction="javascript:alert(1)">x</button></form>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<table background="javascript:alert(1)"><td background="javascript:alert(1)">x</td></table>',
  '<blockquote cite="javascript:alert(1)">q</blockquote>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="https://ok.example/a.jpg" alt="a" onerror="alert(1)" style="x">',
  '<span class="x" id="y" data-x="z" onclick="alert(1)">t</span>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<a href="https://ok.example" target="_top">t</a>',
];

describe('sanitizeArticleHtml against XSS payloads', () => {
  it.each(['<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<svg></svg>', '<p style="x">y</p>'])(
    'the safety check itself rejects the raw payload %s',
    (raw) => {
      expect(() => expectSafe(raw)).toThrow();
    },
  );

  it.each(PAYLOADS)('%s', (payload) => {
    expectSafe(sanitizeArticleHtml(payload));
  });

  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<script>alert(1)</script><p>after</p>', '<p>after</p>'],
    ['<svg onload=alert(1)><circle/></svg>text', 'text'],
    ['<a href="jav&#x09;ascript:alert(1)">click</a>', 'click'],
    ['<a href="javascript&colon;alert(1)">click</a>', 'click'],
    ['<iframe src=javascript:alert(1)></iframe>', ''],
    ['<math><mi>x</mi></math>after', 'after'],
    ['<div style="width: expression(alert(1))">y</div>', 'y'],
    ['<base href="javascript:alert(1)//">', ''],
    ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
    ['<form><input name="q"><button>Go</button></form>', 'Go'],
    ['<object data="x"></object><embed src="x">', ''],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ])('%s → %s', (payload, expected) => {
    expect(sanitizeArticleHtml(payload)).toBe(expected);
  });
});

describe('sanitizeArticleHtml keeps article formatting', () => {
  it.each([
    ['<p>Plain <strong>bold</strong> <em>em</em> <b>b</b> <i>i</i> <u>u</u> <s>s</s></p>', null],
    ['<h2>Two</h2><h3>Three</h3><h4>Four</h4>', null],
    ['<ul><li>one</li></ul><ol><li>two</li></ol>', null],
    ['<blockquote><p>Quote</p></blockquote>', null],
    ['<p>line<br />break</p><hr />', null],
    ['<pre><code>const x = 1 &lt; 2;</code></pre>', null],
    ['<p><span>span</span></p>', null],
    ['<figure><figcaption>Caption</figcaption></figure>', null],
    [
      '<table><caption>Tariffs</caption><thead><tr><th scope="col">Year</th></tr></thead><tbody><tr><td colspan="2">2026</td></tr></tbody><tfoot><tr><td>x</td></tr></tfoot></table>',
      null,
    ],
    ['<h1>Heading one</h1>', '<h2>Heading one</h2>'],
    ['<p class="lead" style="color:red" id="x">Styled</p>', '<p>Styled</p>'],
    ['<div><p>In a div</p></div>', '<p>In a div</p>'],
    ['<p>Tom &amp; Jerry &nbsp;R50,000</p>', '<p>Tom &amp; Jerry \u00a0R50,000</p>'],
  ])('%s', (html, expected) => {
    expect(sanitizeArticleHtml(html)).toBe(expected ?? html);
  });

  it.each([
    ['<a href="https://www.gov.za/">x</a>', '<a rel="noopener noreferrer" href="https://www.gov.za/">x</a>'],
    ['<a href="http://example.com">x</a>', '<a rel="noopener noreferrer" href="http://example.com">x</a>'],
    [
      '<a href="/category/energy" title="Energy">x</a>',
      '<a rel="noopener noreferrer" href="/category/energy" title="Energy">x</a>',
    ],
    ['<a href="#comments">x</a>', '<a rel="noopener noreferrer" href="#comments">x</a>'],
    ['<a href="mailto:press@example.com">x</a>', '<a rel="noopener noreferrer" href="mailto:press@example.com">x</a>'],
    [
      '<a href="https://x.example" target="_blank" rel="opener">x</a>',
      '<a rel="noopener noreferrer" href="https://x.example" target="_blank">x</a>',
    ],
    ['<a href="https://x.example" target="_self">x</a>', '<a rel="noopener noreferrer" href="https://x.example">x</a>'],
    ['<a name="anchor">x</a>', 'x'],
  ])('link %s', (html, expected) => {
    expect(sanitizeArticleHtml(html)).toBe(expected);
  });

  it.each([
    [
      '<img src="https://cdn.example.com/a.jpg" alt="Solar farm" width="800" height="450">',
      '<img src="https://cdn.example.com/a.jpg" alt="Solar farm" width="800" height="450" loading="lazy" />',
    ],
    [
      '<img src="https://cdn.example.com/a.jpg" loading="eager">',
      '<img src="https://cdn.example.com/a.jpg" loading="eager" />',
    ],
    [
      '<img src="https://cdn.example.com/a.jpg" loading="bogus">',
      '<img src="https://cdn.example.com/a.jpg" loading="lazy" />',
    ],
    [
      '<img src="https://cdn.example.com/a.jpg" width="50%" height="1e9">',
      '<img src="https://cdn.example.com/a.jpg" loading="lazy" />',
    ],
    ['<img src="/relative.jpg">', ''],
    ['<img src="//cdn.example.com/a.jpg">', ''],
    ['<img alt="no source">', ''],
  ])('image %s', (html, expected) => {
    expect(sanitizeArticleHtml(html)).toBe(expected);
  });

  it.each([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&rel=0',
    'https://player.vimeo.com/video/76979871',
    'https://player.vimeo.com/video/76979871?h=8272103f6e',
  ])('keeps the player %s with a fixed, safe attribute set', (src) => {
    const html = `<iframe src="${src.replace(/&/g, '&amp;')}" width="560" height="315" title="Interview" allow="camera; microphone" sandbox="" frameborder="0" style="x" onload="alert(1)"></iframe>`;
    expect(sanitizeArticleHtml(html)).toBe(
      `<iframe src="${src.replace(/&/g, '&amp;')}" width="560" height="315" title="Interview" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it('gives a player a title and drops a non-numeric size', () => {
    expect(sanitizeArticleHtml('<iframe src="https://player.vimeo.com/video/1" width="100%"></iframe>')).toBe(
      '<iframe src="https://player.vimeo.com/video/1" title="Embedded video" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
  });

  it.each([null, undefined, ''])('gives an empty string for %j', (value) => {
    expect(sanitizeArticleHtml(value)).toBe('');
  });
});

describe('isAllowedEmbed', () => {
  it.each([
    ['https://www.youtube-nocookie.com/embed/abc_DEF-123', true],
    ['https://www.youtube.com/embed/abc?autoplay=1', true],
    ['https://player.vimeo.com/video/123', true],
    ['https://youtube.com/embed/abc', false],
    ['https://www.youtube.com/watch?v=abc', false],
    ['https://www.youtube.com/embed/abc/../../evil', false],
    ['https://www.youtube.com/embed/abc"onload="x', false],
    ['https://player.vimeo.com/video/abc', false],
    ['https://player.vimeo.com.evil.example/video/1', false],
    ['https://www.youtube.com@evil.example/embed/abc', false],
    ['http://www.youtube.com/embed/abc', false],
    ['javascript:alert(1)//https://www.youtube.com/embed/abc', false],
  ])('%s → %s', (src, allowed) => {
    expect(isAllowedEmbed(src)).toBe(allowed);
  });
});
