/**
 * RSS 2.0 for the whole site and for each category: the newest published articles with title,
 * link, description, publication date, categories and author.
 */
import type { Article, SiteData } from '../../types.ts';
import { absoluteUrl, articlePath, authorName, type SiteUrl } from '../../rules/article-links.ts';
import { articleCategories } from '../../rules/categories.ts';
import { articleDescription } from '../../rules/text.ts';
import { SITE_NAME } from '../../site.ts';
import { element, xmlEscape } from './xml.ts';

/** How many items a feed carries. */
export const RSS_ITEMS = 50;

export interface FeedChannel {
  title: string;
  description: string;
  /** Path of the page the feed mirrors, e.g. '/' or '/category/energy'. */
  path: string;
  /** Path of the feed itself, for atom:link rel="self". */
  feedPath: string;
}

type FeedData = Pick<SiteData, 'authorById' | 'categoryById'>;

function item(article: Article, data: FeedData, site: SiteUrl): string {
  const url = absoluteUrl(articlePath(article), site);
  const author = article.authorId ? data.authorById.get(article.authorId) : undefined;
  const date = article.publishedAt ?? article.createdAt;
  return [
    '<item>',
    element('title', article.title),
    element('link', url),
    `<guid isPermaLink="true">${xmlEscape(url)}</guid>`,
    element('description', articleDescription(article)),
    element('pubDate', new Date(date).toUTCString()),
    ...articleCategories(article, data.categoryById).map((c) => element('category', c.name)),
    author ? element('dc:creator', authorName(author)) : '',
    '</item>',
  ].join('');
}

export function rssFeed(channel: FeedChannel, articles: readonly Article[], data: FeedData, site: SiteUrl): string {
  const items = articles.slice(0, RSS_ITEMS);
  const newest = items[0]?.publishedAt ?? items[0]?.createdAt;
  return [
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title === SITE_NAME ? SITE_NAME : `${channel.title} | ${SITE_NAME}`),
    element('link', absoluteUrl(channel.path, site)),
    `<atom:link href="${xmlEscape(absoluteUrl(channel.feedPath, site))}" rel="self" type="application/rss+xml"/>`,
    element('description', channel.description),
    element('language', 'en-za'),
    newest ? element('lastBuildDate', new Date(newest).toUTCString()) : '',
    ...items.map((a) => item(a, data, site)),
    '</channel>',
    '</rss>',
  ].join('\n');
}
