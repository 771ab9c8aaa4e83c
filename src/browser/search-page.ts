/**
 * The /search page (components/SearchResults.astro) without React: reads q and the order from the
 * URL as soon as the page opens, fills the form, shows 'Loading…' while the search_articles_page
 * RPC and the two batched card reads (categories, authors) run, then the first page of result
 * cards cloned from the page's `<template>` with 'N results for “q”', or 'No results found.'.
 * 'Load more' appends the next page until every match is shown (issue 28); focus moves to the
 * first new result. The order ('Relevance' or 'Newest first') is part of the URL (`&sort=newest`).
 *
 * Each search from the page's own form is a new history entry (/search?q=…), and Back/Forward
 * re-read the URL and search again, so the browser's history walks through the queries.
 * Whenever the shown query changes the header box is told (announceSearchQuery) and the document
 * title follows: 'Search results for “q” | ESG Africa News', the built title when there is none.
 */
import { articlePath } from '../lib/rules/article-links.ts';
import { articleDate, formatArticleDate, isoDate } from '../lib/rules/dates.ts';
import { responsiveImage } from '../lib/rules/images.ts';
import { LABELS, MESSAGES } from '../lib/messages/reader.ts';
import {
  orderFromSearch,
  queryFromSearch,
  resultCardDetails,
  searchDocumentTitle,
  searchShownText,
  searchStatusText,
  searchUrl,
  type ResultDetails,
  type SearchOrder,
} from '../lib/rules/search/results.ts';
import { announceSearchQuery } from '../lib/browser/search/query-event.ts';
import { searchArticlesPage, searchResultDetails, type SearchResult } from '../lib/browser/search/search-articles.ts';

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
  const sort = root?.querySelector<HTMLSelectElement>('#search-page-sort');
  const status = root?.querySelector<HTMLElement>('.search-status');
  const grid = root?.querySelector<HTMLUListElement>('.grid');
  const more = root?.querySelector<HTMLElement>('.search-more');
  const shownLine = more?.querySelector<HTMLElement>('[data-search-shown]');
  const moreButton = more?.querySelector<HTMLButtonElement>('button');
  const template = root?.querySelector<HTMLTemplateElement>('template[data-search-card]');
  if (!root || !form || !box || !sort || !status || !grid || !more || !shownLine || !moreButton || !template) return;
  const staticTitle = document.title;
  /** The search now shown; an older one (or its 'Load more') that answers late is dropped. */
  let current = 0;
  let shownKey: string | null = null;
  let shown = { query: '', order: 'relevance' as SearchOrder, count: 0, total: 0 };

  const say = (text: string, className?: string) => {
    const line = document.createElement('p');
    line.textContent = text;
    if (className) line.className = className;
    status.replaceChildren(line);
  };

  const showMore = () => {
    more.hidden = shown.count >= shown.total;
    shownLine.textContent = searchShownText(shown.count, shown.total);
    moreButton.disabled = false;
    moreButton.textContent = LABELS.loadMore;
  };

  /** Cards for one page of rows, after their categories and authors are read. */
  async function cards(rows: SearchResult[], from: number): Promise<Node[]> {
    // Never rejects: a failed read leaves its part (chips or bylines) out, not the results.
    const details = await searchResultDetails(rows);
    return rows.map((result, index) => card(template!, result, details, from + index));
  }

  async function run(query: string, order: SearchOrder): Promise<void> {
    const id = ++current;
    shownKey = `${order}:${query}`;
    document.title = searchDocumentTitle(query, staticTitle);
    grid!.hidden = true;
    more!.hidden = true;
    if (!query) {
      status!.replaceChildren();
      return;
    }
    say(`${LABELS.loading}…`);
    try {
      const page = await searchArticlesPage(query, { order });
      const nodes = await cards(page.rows, 0);
      if (id !== current) return;
      shown = { query, order, count: page.rows.length, total: Math.max(page.total, page.rows.length) };
      say(searchStatusText(shown.total, query));
      grid!.replaceChildren(...nodes);
      grid!.setAttribute('aria-label', `Results for ${query}`);
      grid!.hidden = page.rows.length === 0;
      showMore();
    } catch {
      if (id === current) say(MESSAGES.articlesFailed, 'search-error');
    }
  }

  async function loadMore(): Promise<void> {
    const id = current;
    const { query, order, count } = shown;
    moreButton!.disabled = true;
    moreButton!.textContent = `${LABELS.loading}…`;
    try {
      const page = await searchArticlesPage(query, { order, offset: count });
      const nodes = await cards(page.rows, count);
      if (id !== current) return;
      const first = nodes[0] instanceof DocumentFragment ? nodes[0].querySelector<HTMLElement>('h2 a') : null;
      grid!.append(...nodes);
      // A page past the end (matches removed meanwhile) ends the list rather than asking again.
      shown = { ...shown, count: count + page.rows.length, total: page.rows.length ? page.total : count };
      say(searchStatusText(shown.total, query));
      showMore();
      first?.focus();
    } catch {
      if (id !== current) return;
      showMore();
      say(MESSAGES.articlesFailed, 'search-error');
    }
  }

  /** Shows the search the URL carries; a history move within one search (a #hash) re-runs nothing. */
  const fromUrl = (): string => {
    const raw = queryFromSearch(window.location.search);
    const order = orderFromSearch(window.location.search);
    box.value = raw;
    sort.value = order;
    if (`${order}:${raw.trim()}` !== shownKey) void run(raw.trim(), order);
    return raw.trim();
  };

  const submit = () => {
    const q = box.value.trim();
    const order: SearchOrder = sort.value === 'newest' ? 'newest' : 'relevance';
    const url = searchUrl(q, order);
    // A new history entry per search, so Back returns to the previous one; searching again for
    // what is already shown retries it without adding a duplicate entry.
    if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
    announceSearchQuery(q);
    void run(q, order);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit();
  });
  // A new order re-runs the shown search at once (the page stays; focus stays on the control).
  sort.addEventListener('change', submit);
  moreButton.addEventListener('click', () => void loadMore());
  window.addEventListener('popstate', () => announceSearchQuery(fromUrl()));
  fromUrl();
  root.dataset.ready = '';
}
