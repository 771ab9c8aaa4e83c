/**
 * Just enough XML for feeds and sitemaps: escaped text and attributes, nothing else. Feeds are
 * built by hand because they are small and their exact shape is asserted by tests.
 */

/** Escapes text for an XML element or attribute (also drops characters XML 1.0 forbids). */
export function xmlEscape(value: string): string {
  return (
    value
      // XML 1.0 allows tab, newline, carriage return and everything from U+0020 up (less surrogates).
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** `<name>escaped text</name>`, or nothing for an empty value. */
export const element = (name: string, text: string | null | undefined): string =>
  text ? `<${name}>${xmlEscape(text)}</${name}>` : '';

export const xmlResponse = (body: string, type = 'application/xml'): Response =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { 'Content-Type': `${type}; charset=utf-8` },
  });
