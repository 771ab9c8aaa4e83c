import { categoryPath } from '../lib/rules/article-links.ts';
import { buildMenu } from '../lib/rules/categories.ts';
import { loadSiteData } from '../lib/build/data/load-site-data.ts';
import type { Category } from '../lib/types.ts';
import type { MenuItem } from '../lib/rules/view/types.ts';

const link = (c: Category) => ({ name: c.name, href: categoryPath(c) });

/** The header menu as display props: lib/categories orders it ('Latest News' first under 'Current News'). */
export function toMenuProps(categories: readonly Category[]): MenuItem[] {
  let menu = menus.get(categories);
  if (!menu) {
    menu = buildMenu(categories).map(({ category, children }) => ({ ...link(category), children: children.map(link) }));
    menus.set(categories, menu);
  }
  return menu;
}

/** Worked out once per build's categories, not once for each of its 11,000 pages. */
const menus = new WeakMap<readonly Category[], MenuItem[]>();

/** For pages: the menu from the build's one shared data load. */
export async function loadMenu(): Promise<MenuItem[]> {
  return toMenuProps((await loadSiteData()).categories);
}
