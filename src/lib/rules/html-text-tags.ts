/** Elements whose content is not text a reader sees: `htmlToText` drops them with their content. */
export const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'template',
  'title',
  'svg',
  'math',
  'iframe',
];
