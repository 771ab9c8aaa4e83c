/**
 * Everything an article page shows, computed once from site data: the breadcrumb, header fields,
 * the page metadata (pageMeta) and JSON-LD. The article page and /test-rich-previews both call
 * articleView(), so the preview page shows exactly what crawlers get.
 */
import type { NavLink } from './types.ts';
import { absoluteUrl, articlePath, authorName, authorPath, categoryPath, type SiteUrl } from '../article-links.ts';
import { articleCategories, breadcrumbCategory, displayedPrimaryCategory } from '../categories.ts';
import { articleDate, formatArticleDate, isoDate, latestDate } from '../dates.ts';
import { articleLd, breadcrumbLd, pageMeta, serializeJsonLd, type Crumb, type JsonLd, type PageMeta } from '../seo.ts';
import { LABELS } from '../../messages/reader.ts';
import { FALLBACK_AVATAR } from '../../site.ts';
import { articleDescription } from '../text.ts';
import type { Article, Category, SiteData } from '../../types.ts';
import { HERO_HEIGHT_PX, HERO_WIDTH } from './cards.ts';
import { SHARE_IMAGE, shareImage } from '../images.ts';

export interface ArticleView {
  article: Article;
  path: string;
  url: string;
  crumbs: NavLink[];
  primary: NavLink | null;
  tags: NavLink[];
  datetime: string;
  dateLabel: string;
  /** null: the byline says 'Unknown Author'. */
  author: { name: string; href: string; avatar: string } | null;
  meta: PageMeta;
  /** JSON-LD objects (article, breadcrumb) and their safe serialisations for `<script>`. */
  ld: JsonLd[];
  jsonLd: string[];
}

type ViewData = Pick<SiteData, 'categoryById' | 'authorById'>;

const link = (c: Category): NavLink => ({ name: c.name, href: categoryPath(c) });

export function articleView(article: Article, data: ViewData, site: SiteUrl): ArticleView {
  const path = articlePath(article);
  const author = article.authorId ? (data.authorById.get(article.authorId) ?? null) : null;
  const categories = articleCategories(article, data.categoryById);
  const primary = displayedPrimaryCategory(article, data.categoryById);
  const crumbCategory = breadcrumbCategory(article, data.categoryById);
  const crumbs: Crumb[] = [
    { name: LABELS.home, path: '/' },
    ...(crumbCategory ? [{ name: crumbCategory.name, path: categoryPath(crumbCategory) }] : []),
    { name: article.title },
  ];
  // The displayed primary category names the section first; the others follow in display order.
  const sections = primary ? [primary, ...categories.filter((c) => c.id !== primary.id)] : categories;
  const published = isoDate(articleDate(article));
  const meta = pageMeta({
    // The editor's SEO title and meta description win when set (articles_meta.seo).
    title: article.seo?.seoTitle || article.title,
    description: article.seo?.metaDescription || articleDescription(article),
    path,
    site,
    type: 'article',
    image: article.heroImageUrl
      ? {
          ...shareImage(article.heroImageUrl, SHARE_IMAGE, { width: HERO_WIDTH, height: HERO_HEIGHT_PX }),
          // The stored description; without one, the title says what the preview is about.
          alt: article.heroImageAlt ?? article.title,
        }
      : null,
    article: {
      publishedTime: published,
      modifiedTime: latestDate(published, article.updatedAt),
      section: primary?.name ?? null,
      tags: categories.map((c) => c.name),
    },
  });
  const ld = [articleLd(article, author, sections, site), breadcrumbLd(crumbs, site)];
  return {
    article,
    path,
    url: absoluteUrl(path, site),
    crumbs: crumbs.map((c) => ({ name: c.name, href: c.path ?? path })),
    primary: primary ? link(primary) : null,
    tags: categories.map(link),
    datetime: published,
    dateLabel: formatArticleDate(articleDate(article)),
    author: author
      ? { name: authorName(author), href: authorPath(author), avatar: author.avatarUrl || FALLBACK_AVATAR }
      : null,
    meta,
    ld,
    jsonLd: ld.map(serializeJsonLd),
  };
}
