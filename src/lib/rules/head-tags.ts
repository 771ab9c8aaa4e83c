/**
 * The `<head>` tags crawlers and link previews read, as a list: BaseLayout prints it and
 * /test-rich-previews shows it as text, so the two can never disagree.
 */
import type { PageMeta } from './seo.ts';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({
  tag: 'meta',
  attrs: { [key]: id, content },
});

/** Every tag of a page's metadata except `<title>` (printed on its own) and JSON-LD. */
export function headTags(m: PageMeta): HeadTag[] {
  const og = m.openGraph;
  const tags: HeadTag[] = [
    meta('name', 'description', m.description),
    { tag: 'link', attrs: { rel: 'canonical', href: m.canonical } },
    meta('name', 'robots', m.robots),
    meta('property', 'og:site_name', og.siteName),
    meta('property', 'og:locale', og.locale),
    meta('property', 'og:type', og.type),
    meta('property', 'og:title', og.title),
    meta('property', 'og:description', og.description),
    meta('property', 'og:url', og.url),
    meta('property', 'og:image', og.image.url),
    meta('property', 'og:image:width', String(og.image.width)),
    meta('property', 'og:image:height', String(og.image.height)),
    meta('property', 'og:image:alt', og.image.alt),
  ];
  if (og.article) {
    tags.push(meta('property', 'article:published_time', og.article.publishedTime));
    tags.push(meta('property', 'article:modified_time', og.article.modifiedTime));
    if (og.article.section) tags.push(meta('property', 'article:section', og.article.section));
    for (const tag of og.article.tags ?? []) tags.push(meta('property', 'article:tag', tag));
  }
  const tw = m.twitter;
  tags.push(
    meta('name', 'twitter:card', tw.card),
    meta('name', 'twitter:title', tw.title),
    meta('name', 'twitter:description', tw.description),
    meta('name', 'twitter:image', tw.image),
    meta('name', 'twitter:image:alt', tw.imageAlt),
  );
  return tags;
}

const escapeAttr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** One tag as HTML source text, e.g. `<meta property="og:title" content="…">`. */
export function headTagSource({ tag, attrs }: HeadTag): string {
  const list = Object.entries(attrs).map(([k, v]) => `${k}="${escapeAttr(v)}"`);
  return `<${tag} ${list.join(' ')}>`;
}
