/**
 * Refreshes every baked-in trending list ([data-trending], see TrendingList.astro) from the
 * small /trending.json fragment: {items: [{id, title, href, image, date, dateLabel}]}. The
 * current article (data-exclude-id) is left out and at most data-limit items are shown. Any
 * failure (network, bad JSON, nothing left to show) keeps the baked list; a list that is still
 * empty then (article and category pages bake none) hides its section.
 */

interface TrendingItem {
  id: number | string;
  title: string;
  href: string;
  image: string | null;
  date: string;
  dateLabel: string;
}

function isItem(value: unknown): value is TrendingItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.id === 'number' || typeof v.id === 'string') &&
    typeof v.title === 'string' &&
    typeof v.href === 'string' &&
    v.href.startsWith('/') &&
    (v.image === null || typeof v.image === 'string') &&
    typeof v.date === 'string' &&
    typeof v.dateLabel === 'string'
  );
}

/** The items a list shows: valid ones, without the excluded id, at most `limit`. */
function pickTrending(items: unknown, excludeId: string | undefined, limit: number): TrendingItem[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter(isItem)
    .filter((item) => String(item.id) !== excludeId)
    .slice(0, limit);
}

function renderItem(template: HTMLTemplateElement, item: TrendingItem): Node {
  const fragment = template.content.cloneNode(true) as DocumentFragment;
  fragment.querySelector('li')?.setAttribute('data-id', String(item.id));
  const img = fragment.querySelector('img');
  if (item.image && img) img.src = item.image;
  else img?.remove();
  const link = fragment.querySelector('a');
  if (link) {
    link.href = item.href;
    link.textContent = item.title;
  }
  const time = fragment.querySelector('time');
  if (time) {
    const date = new Date(item.date);
    time.dateTime = Number.isNaN(date.getTime()) ? item.date : date.toISOString();
    time.textContent = item.dateLabel;
  }
  return fragment;
}

async function fetchItems(src: string): Promise<unknown> {
  const response = await fetch(src, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${src}: HTTP ${response.status}`);
  const body: unknown = await response.json();
  return body && typeof body === 'object' ? (body as { items?: unknown }).items : undefined;
}

export async function refreshTrendingLists(root: ParentNode = document): Promise<void> {
  const lists = [...root.querySelectorAll<HTMLOListElement>('ol[data-trending]')];
  const requests = new Map<string, Promise<unknown>>();
  await Promise.all(
    lists.map(async (list) => {
      const src = list.dataset.trendingSrc ?? '/trending.json';
      const template = list.parentElement?.querySelector<HTMLTemplateElement>('template[data-trending-item]');
      if (!template) return;
      try {
        if (!requests.has(src)) requests.set(src, fetchItems(src));
        const limit = Number(list.dataset.limit) || 3;
        const items = pickTrending(await requests.get(src), list.dataset.excludeId, limit);
        if (items.length > 0) {
          list.replaceChildren(...items.map((item) => renderItem(template, item)));
          list.dataset.refreshed = '';
        }
      } catch {
        // Keep the baked-in list.
      }
      // Pages cached across publishes bake no list (it would go stale): with nothing to show,
      // leave out the whole section rather than a heading over an empty list.
      if (list.children.length === 0) list.closest<HTMLElement>('section')?.setAttribute('hidden', '');
    }),
  );
}
