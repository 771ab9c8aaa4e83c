/**
 * Site data → the display-ready props of the shared components (view/types.ts), so
 * every page renders articles the same way: category chips in the editor's display order, en-ZA dates, bylines.
 */
import type { CardData } from './types.ts';
import { articlePath, authorName, categoryPath } from '../article-links.ts';
import { cardCategories, displayedPrimaryCategory } from '../categories.ts';
import { articleDate, formatArticleDate, isoDate } from '../dates.ts';
import { imageRendition, responsiveImage, THUMB_WIDTH } from '../images.ts';
import { CARD_CATEGORY_LIMIT, HOME_TRENDING_FETCH } from '../../site.ts';
import type { Article, SiteData } from '../../types.ts';

/** Stored hero images are 16:9; the card reserves that box so nothing shifts while loading. */
export const HERO_WIDTH = 1600;
export const HERO_HEIGHT_PX = 900;

export function toCard(
  article: Article,
  data: Pick<SiteData, 'categoryById' | 'authorById'>,
  maxCategories = CARD_CATEGORY_LIMIT,
): CardData {
  const author = article.authorId ? data.authorById.get(article.authorId) : undefined;
  const date = articleDate(article);
  const primary = displayedPrimaryCategory(article, data.categoryById);
  return {
    id: article.id,
    href: articlePath(article),
    title: article.title,
    excerpt: article.excerpt,
    image: article.heroImageUrl
      ? {
          ...responsiveImage(article.heroImageUrl),
          thumb: imageRendition(article.heroImageUrl, THUMB_WIDTH),
          alt: '',
          width: HERO_WIDTH,
          height: HERO_HEIGHT_PX,
        }
      : null,
    categories: cardCategories(article, data.categoryById, maxCategories).map((c) => ({
      name: c.name,
      href: categoryPath(c),
    })),
    kicker: primary ? { name: primary.name, href: categoryPath(primary) } : null,
    datetime: isoDate(date),
    dateLabel: formatArticleDate(date),
    authorName: authorName(author),
  };
}

/**
 * The trending list (§9: the latest articles, 4 fetched): what /trending.json serves and what
 * every page bakes in as its fallback.
 */
export function trendingArticles(data: Pick<SiteData, 'articles'>): Article[] {
  return data.articles.slice(0, HOME_TRENDING_FETCH);
}

/** The trending list as cards, for TrendingList. */
export function trendingCards(data: Pick<SiteData, 'articles' | 'categoryById' | 'authorById'>): CardData[] {
  return trendingArticles(data).map((a) => toCard(a, data));
}
