/**
 * Article bodies are HTML typed by staff in the editor and stored as-is. They are rendered with
 * `set:html`, so everything not on this allow-list is removed at build time: no script, style,
 * event handler, form, SVG/MathML, object/embed, meta/base, and no URL scheme other than
 * http(s), mailto and relative paths. Iframes survive only as YouTube or Vimeo players.
 */
import sanitizeHtml from 'sanitize-html';

/** The embeds an article may contain: full https URLs of a YouTube or Vimeo player. */
const EMBED_SOURCES: readonly RegExp[] = [
  /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+(?:\?[\w\-=&.%]*)?$/,
  /^https:\/\/www\.youtube\.com\/embed\/[\w-]+(?:\?[\w\-=&.%]*)?$/,
  /^https:\/\/player\.vimeo\.com\/video\/\d+(?:\?[\w\-=&.%]*)?$/,
];

/** True when `src` is an allow-listed player URL (exact scheme, host and path shape). */
export function isAllowedEmbed(src: string): boolean {
  return EMBED_SOURCES.some((re) => re.test(src));
}

const DIMENSION = /^\d{1,4}$/;
const ABSOLUTE_HTTP = /^https?:\/\//i;

function dimensions(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const name of ['width', 'height'] as const) {
    const value = attribs[name];
    if (value !== undefined && DIMENSION.test(value)) out[name] = value;
  }
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'br', 'hr', 'code', 'pre', 'span'],
    ...['strong', 'em', 'b', 'i', 'u', 's', 'a', 'img', 'figure', 'figcaption', 'iframe'],
    ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: ['www.youtube-nocookie.com', 'www.youtube.com', 'player.vimeo.com'],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  // Text inside these is code or markup, not prose: drop it along with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'template', 'title', 'svg', 'math'],
  transformTags: {
    // The page title is the only h1; editor headings start one level below it.
    h1: 'h2',
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { rel: 'noopener noreferrer' };
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      if (attribs.target === '_blank') out.target = '_blank';
      return { tagName, attribs: out };
    },
    // Images must be absolute http(s) URLs (storage or another site), and sit below the hero:
    // lazy unless the editor asked otherwise.
    img: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      const out: sanitizeHtml.Attributes = ABSOLUTE_HTTP.test(src) ? { src } : {};
      if (attribs.alt !== undefined) out.alt = attribs.alt;
      Object.assign(out, dimensions(attribs), { loading: attribs.loading === 'eager' ? 'eager' : 'lazy' });
      return { tagName, attribs: out };
    },
    // A player keeps its size and title; permissions and referrer policy are ours, not the editor's.
    iframe: (tagName, attribs) => {
      const src = attribs.src?.trim() ?? '';
      if (!isAllowedEmbed(src)) return { tagName, attribs: {} };
      return {
        tagName,
        attribs: {
          src,
          ...dimensions(attribs),
          title: attribs.title ?? 'Embedded video',
          allow: 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen',
          allowfullscreen: '',
          loading: 'lazy',
          referrerpolicy: 'strict-origin-when-cross-origin',
        },
      };
    },
  },
  // An iframe or image whose src was refused is removed rather than left as an empty box; a link
  // whose href was refused is unwrapped to its text.
  exclusiveFilter: (frame) => {
    if ((frame.tag === 'iframe' || frame.tag === 'img') && !frame.attribs.src) return true;
    return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
  },
};

/**
 * Returns the article body with only allow-listed markup left (see the module comment).
 * Text is kept; disallowed wrappers are unwrapped, and script-like content is dropped.
 */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
