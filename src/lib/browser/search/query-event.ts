/**
 * The search page announces each query it runs, so the header box (plain HTML, not an island)
 * can show it: `window.dispatchEvent(new CustomEvent(SEARCH_QUERY_EVENT, { detail: q }))`.
 */
export const SEARCH_QUERY_EVENT = 'esg:search-query';

export function announceSearchQuery(query: string): void {
  window.dispatchEvent(new CustomEvent(SEARCH_QUERY_EVENT, { detail: query }));
}
