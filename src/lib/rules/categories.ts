/**
 * Which of an article's categories a page shows, and the two-level menu (§2, §9). 'Latest News'
 * and 'Current News' are buckets every new article lands in, so they say nothing about an
 * article's topic: they are skipped wherever one category has to stand for the article.
 */
import type { Article, Category } from '../types.ts';
import { CARD_CATEGORY_LIMIT, MENU_PINNED_CHILD, MENU_PINNED_PARENT, SKIPPED_PRIMARY_CATEGORY_NAMES } from '../site.ts';

type CategoryLookup = ReadonlyMap<number, Category>;
type CategorisedArticle = Pick<Article, 'categoryIds' | 'primaryCategoryId'>;

/** True for 'Latest News' and 'Current News', the categories never shown as an article's topic. */
export function isSkippedCategory(category: Pick<Category, 'name'>): boolean {
  return SKIPPED_PRIMARY_CATEGORY_NAMES.includes(category.name);
}

/** The article's categories in the editor's display order; ids of missing categories are dropped. */
export function articleCategories(article: Pick<Article, 'categoryIds'>, categoryById: CategoryLookup): Category[] {
  return article.categoryIds.flatMap((id) => {
    const category = categoryById.get(id);
    return category ? [category] : [];
  });
}

/**
 * The category shown on cards and the article header (§9): the primary_category_id when it
 * exists and is not skipped; else the first of the article's categories that is not skipped;
 * else null (the page then shows no category link rather than 'Latest News').
 */
export function displayedPrimaryCategory(article: CategorisedArticle, categoryById: CategoryLookup): Category | null {
  const primary = article.primaryCategoryId === null ? undefined : categoryById.get(article.primaryCategoryId);
  if (primary && !isSkippedCategory(primary)) return primary;
  return breadcrumbCategory(article, categoryById);
}

/**
 * The middle crumb of the article breadcrumb (§2): the first of the article's categories, in
 * display order, that is not 'Latest News' or 'Current News'. The spec does not consult the
 * primary category here, so neither does this.
 */
export function breadcrumbCategory(
  article: Pick<Article, 'categoryIds'>,
  categoryById: CategoryLookup,
): Category | null {
  return articleCategories(article, categoryById).find((c) => !isSkippedCategory(c)) ?? null;
}

/**
 * The category chips of a card: the article's categories in display order, up to `limit`
 * (4 on featured cards, §9). Nothing is skipped: a card lists categories, it does not pick one.
 */
export function cardCategories(
  article: Pick<Article, 'categoryIds'>,
  categoryById: CategoryLookup,
  limit: number = CARD_CATEGORY_LIMIT,
): Category[] {
  return articleCategories(article, categoryById).slice(0, Math.max(0, limit));
}

/** A top-level menu entry and its subcategories. */
export interface MenuItem {
  category: Category;
  children: Category[];
}

function byMenuOrder(a: Category, b: Category): number {
  return a.menuOrder - b.menuOrder || a.name.localeCompare(b.name, 'en') || a.id - b.id;
}

/**
 * The header menu (§2, §9): top-level categories by menu_order (then name, then id, so equal
 * orders are stable), each with its subcategories in the same order, except that 'Latest News'
 * is always listed first under 'Current News'. Deeper levels and subcategories whose parent is
 * missing are left out: the menu has two levels.
 */
export function buildMenu(categories: readonly Category[]): MenuItem[] {
  const topLevel = categories.filter((c) => c.parentId === null).sort(byMenuOrder);
  return topLevel.map((category) => {
    const children = categories.filter((c) => c.parentId === category.id).sort(byMenuOrder);
    if (category.name === MENU_PINNED_PARENT) {
      const pinned = children.findIndex((c) => c.name === MENU_PINNED_CHILD);
      if (pinned > 0) children.unshift(...children.splice(pinned, 1));
    }
    return { category, children };
  });
}
