/**
 * The /search page (components/SearchResults.astro) without React: reads q from the URL as soon
 * as the page opens, fills the box, shows 'Loading…' while the search_articles RPC and the two
 * batched card reads (categories, authors) run, then up to 48 result cards cloned from the page's
 * `<template>` or 'No results found.'.
 *
 * Each search from the page's own form is a new history entry (/search?q=…), and Back/Forward
 * re-read q from the URL and search again, so the browser's history walks through the queries.
 * Whenever the shown query changes the header box is told (announceSearchQuery) and the document
 * title follows: 'Search results for “q” | ESG Africa News', the built title when there is none.
 */
import { searchPath, articlePath } from '../lib/rules/article-links.ts';
import { articleDate, formatArticleDate, isoDate } from '../lib/rules/dates.ts';
import { responsiveImage } from '../lib/rules/images.ts';
import { LABELS, MESSAGES } from '../lib/messages/reader.ts';
import {
  SEARCH_CAP_NOTE,
  SEARCH_RESULT_LIMIT,
  capResults,
  queryFromSearch,
  resultCardDetails,
  searchDocumentTitle,
  type ResultDetails,
} from '../lib/rules/search/results.ts';
import { announceSearchQuery } from '../lib/browser/search/query-event.ts';
import { searchArticles, searchResultDetails, type SearchResult } from '../lib/browser/search/search-articles.ts';

function statusLine(count: number, more: boolean, query: string): string {
  if (count === 0) return MESSAGES.noSearchResults;
  if (more) return `More than ${SEARCH_RESULT_LIMIT} results for “${query}”`;
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”`;
}

/** Cards in the first screenful whose images load at once (on a phone the grid is one column). */
const EAGER_IMAGES = 2;

/** One result card from the template, as ResultCard.tsx lays it out. */
function card(template: HTMLTemplateElement, result: SearchResult, details: ResultDetails, index: number): Node {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  const { categories, authorName } = resultCardDetails(result, details);
  const img = fragment.querySelector('img')!;
  if (result.hero_image_url) {
    const { src, srcset } = responsiveImage(result.hero_image_url);
    if (srcset) img.srcset = srcset;
    // The first image is the page's largest paint: not lazy, and ahead of the others.
    if (index < EAGER_IMAGES) img.loading = 'eager';
    if (index === 0) img.fetchPriority = 'high';
    img.src = src;
  } else img.remove();
  if (categories && categories.length > 0) {
    const chips = document.createElement('ul');
    chips.className = 'chips';
    chips.setAttribute('aria-label', 'Categories');
    for (const c of categories) {
      const item = document.createElement('li');
      const link = item.appendChild(document.createElement('a'));
      link.href = c.href;
      link.textContent = c.name;
      chips.append(item);
    }
    fragment.querySelector('h2')!.before(chips);
  }
  const title = fragment.querySelector('h2 a') as HTMLAnchorElement;
  title.href = articlePath(result);
  title.textContent = result.title;
  const excerpt = fragment.querySelector('.result-excerpt')!;
  if (result.excerpt) excerpt.textContent = result.excerpt;
  else excerpt.remove();
  const date = articleDate({ publishedAt: result.published_at, createdAt: result.created_at });
  const time = fragment.querySelector('time')!;
  time.dateTime = isoDate(date);
  time.textContent = formatArticleDate(date);
  if (authorName === null) fragment.querySelector('[data-byline]')?.remove();
  else fragment.querySelector('.result-author')!.textContent = authorName;
  return fragment;
}

export function installSearchPage(): void {
  const root = document.querySelector<HTMLElement>('[data-search-page]');
  const form = root?.querySelector('form');
  const box = root?.querySelector<HTMLInputElement>('#search-page-q');
  const status = root?.querySelector<HTMLElement>('.search-status');
  const grid = root?.querySelector<HTMLUListElement>('.grid');
  const cap = root?.querySelector<HTMLElement>('.search-cap');
  const template = root?.querySelector<HTMLTemplateElement>('template[data-search-card]');
  if (!root || !form || !box || !status || !grid || !cap || !template) return;
  const staticTitle = document.title;
  /** The search now shown; an older one that answers late is dropped. */
  let current = 0;
  let shownQuery: string | null = null;

  const say = (text: string, className?: string) => {
    const line = document.createElement('p');
    line.textContent = text;
    if (className) line.className = className;
    status.replaceChildren(line);
  };

  async function run(query: string): Promise<void> {
    const id = ++current;
    shownQuery = query;
    document.title = searchDocumentTitle(query, staticTitle);
    grid!.hidden = true;
    cap!.hidden = true;
    if (!query) {
      status!.replaceChildren();
      return;
    }
    say(`${LABELS.loading}…`);
    try {
      const { shown, more } = capResults(await searchArticles(query));
      // Never rejects: a failed read leaves its part (chips or bylines) out, not the results.
      const details = await searchResultDetails(shown);
      if (id !== current) return;
      say(statusLine(shown.length, more, query));
      grid!.replaceChildren(...shown.map((result, index) => card(template!, result, details, index)));
      grid!.setAttribute('aria-label', `Results for ${query}`);
      grid!.hidden = shown.length === 0;
      cap!.textContent = SEARCH_CAP_NOTE;
      cap!.hidden = !more;
    } catch {
      if (id === current) say(MESSAGES.articlesFailed, 'search-error');
    }
  }

  /** Shows the query the URL carries; a history move within one query (a #hash) re-runs nothing. */
  const fromUrl = (): string => {
    const raw = queryFromSearch(window.location.search);
    box.value = raw;
    if (raw.trim() !== shownQuery) void run(raw.trim());
    return raw.trim();
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const q = box.value.trim();
    const url = searchPath(q);
    // A new history entry per search, so Back returns to the previous query; searching again for
    // the query already shown retries it without adding a duplicate entry.
    if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
    announceSearchQuery(q);
    void run(q);
  });
  window.addEventListener('popstate', () => announceSearchQuery(fromUrl()));
  fromUrl();
  root.dataset.ready = '';
}
