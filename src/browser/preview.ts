/**
 * The draft preview (/preview/{slug or id}): reads the article the signed-in user may see
 * (RLS lets staff read every draft; the preview shows one to its author and admins only),
 * computes the same view as the article page (articleView) and fills the page's template, which
 * is the article page's own markup.
 * Differences from the public page, on purpose: the date is relative, and drafts carry the
 * banner 'PREVIEW - Only you can see this article'. A slug or id that matches nothing is
 * 'Article not found.' (§8), for staff too; the Trending Now column is filled from /trending.json.
 */
import { fitHeadline, headlineSize } from '../lib/rules/headline.ts';
import { articleDate, relativeTime } from '../lib/rules/dates.ts';
import { AVATAR_WIDTH, imageRendition, responsiveImage } from '../lib/rules/images.ts';
import { MESSAGES } from '../lib/messages/reader.ts';
import { sanitizeArticleHtml } from '../lib/rules/sanitize.ts';
import { linkableUrl } from '../lib/rules/article-links.ts';
import { LABELS } from '../lib/messages/reader.ts';
import { downloadUrl } from '../lib/rules/storage-url.ts';
import { getBrowserClient } from '../lib/browser/supabase.ts';
import { refreshTrendingLists } from './trending.ts';
import type { Article, Author, Category } from '../lib/types.ts';
import { articleView, type ArticleView } from '../lib/rules/view/article.ts';
import { articleFromRow, authorFromRow, type ArticleRow, type AuthorRow } from '../lib/rules/rows.ts';

/** An articles_meta row as `select('*')` returns it (the status decides the banner). */
type Row = ArticleRow & { status: string };

/** The slug or id after /preview/. */
export function previewKey(pathname: string): string {
  return decodeURIComponent(pathname.replace(/^\/preview\/?/, '').replace(/\/+$/, ''));
}

export async function startPreview(): Promise<void> {
  const root = document.getElementById('preview-root');
  if (!root) return;
  const status = root.querySelector<HTMLElement>('[data-preview-status]')!;
  const fail = (message: string) => {
    status.hidden = true;
    root.querySelector<HTMLElement>('[data-preview-error]')!.hidden = false;
    root.querySelector('[data-preview-message]')!.textContent = message;
  };
  try {
    const key = previewKey(window.location.pathname);
    if (!key) return fail(MESSAGES.articleNotFound);
    const supabase = getBrowserClient();
    const { data: auth } = await supabase.auth.getSession();
    const read = (column: 'slug' | 'id', value: string | number) =>
      supabase.from('articles_meta').select('*').eq(column, value).is('archived_at', null).maybeSingle();
    let found = await read('slug', key);
    if (!found.error && !found.data && /^\d+$/.test(key)) found = await read('id', Number(key));
    if (found.error) return fail(MESSAGES.articleFailed);
    // RLS hides a draft from whoever may not read it, exactly like a missing one. Staff may ask
    // whether the slug or id names any article at all ('Article not found.' for a typo); for
    // everyone else the two stay alike (the function answers null), so a draft is not confirmed.
    if (!found.data) {
      if (!auth.session) return fail(MESSAGES.draftLoginRequired);
      const exists = await supabase.rpc('preview_article_exists', { p_key: key });
      return fail(exists.data === false ? MESSAGES.articleNotFound : MESSAGES.draftForbidden);
    }
    const row = found.data as Row;
    // Staff read a colleague's draft in the dashboard (read-only, issue 28), but the preview of
    // an article that is not public yet stays its author's and the admins' (reader-site.md §2).
    const live = row.status === 'published' && row.published_at !== null && Date.parse(row.published_at) <= Date.now();
    const me = auth.session?.user.id;
    if (!live && me && row.author_id !== me) {
      const { data: profile } = await supabase.from('profiles').select('role').eq('id', me).maybeSingle();
      if (profile?.role !== 'admin') return fail(MESSAGES.draftForbidden);
    }
    const links = await supabase
      .from('article_categories')
      .select('category_id')
      .eq('article_id', row.id)
      .order('display_order');
    const site = JSON.parse(document.getElementById('preview-site-data')!.textContent!) as {
      categories: Category[];
      authors: Author[];
    };
    const authorById = new Map(site.authors.map((a) => [a.id, a]));
    if (row.author_id && !authorById.has(row.author_id)) {
      const { data: p } = await supabase
        .from('profiles')
        .select('id, username, display_name, avatar_url, bio, role')
        .eq('id', row.author_id)
        .maybeSingle();
      if (p && (p.role === 'author' || p.role === 'admin')) authorById.set(p.id, authorFromRow(p as AuthorRow));
    }
    const article = articleFromRow(
      row,
      (links.data ?? []).map((l) => l.category_id),
    );
    const view = articleView(
      article,
      { categoryById: new Map(site.categories.map((c) => [c.id, c])), authorById },
      window.location.origin,
    );
    const template = root.querySelector<HTMLTemplateElement>('#preview-template')!;
    const page = template.content.cloneNode(true) as DocumentFragment;
    fill(page, view, article);
    status.hidden = true;
    root.querySelector<HTMLElement>('[data-preview-banner]')!.hidden = row.status === 'published';
    root.append(page);
    document.title = `${article.title} | ESG Africa News`;
    // The trending column came from a <template>, after the page's own refresh ran: fill it now,
    // leaving out the article being previewed.
    const trending = root.querySelector<HTMLElement>('ol[data-trending]');
    if (trending) trending.dataset.excludeId = String(row.id);
    await refreshTrendingLists(root);
  } catch {
    fail(MESSAGES.articleFailed);
  }
}

/** Puts the article into the article page's markup, removing the parts it does not have. */
function fill(page: DocumentFragment, view: ArticleView, article: Article): void {
  const $ = <T extends Element = HTMLElement>(selector: string) => page.querySelector<T>(selector);
  const hero = $('figure.hero');
  if (article.heroImageUrl && hero) {
    const img = hero.querySelector('img')!;
    const image = responsiveImage(article.heroImageUrl);
    img.src = image.src;
    if (image.srcset) img.srcset = image.srcset;
    else {
      img.removeAttribute('srcset');
      img.removeAttribute('sizes');
    }
    img.alt = article.heroImageAlt ?? '';
    const caption = hero.querySelector('.caption');
    if (article.heroImageCaption) caption!.textContent = article.heroImageCaption;
    else caption?.remove();
    const credit = hero.querySelector('.credit');
    if (article.imageReference) credit!.textContent = article.imageReference;
    else credit?.remove();
    if (!article.heroImageCaption && !article.imageReference) hero.querySelector('figcaption')?.remove();
  } else hero?.remove();
  const title = $('#article-title')!;
  title.textContent = article.title;
  title.dataset.size = headlineSize(article.title);
  fitHeadline(title);
  if (!article.showEditedTag) $('.article-meta .edited')?.remove();
  const category = $<HTMLAnchorElement>('.article-meta .category');
  if (view.primary && category) {
    category.href = view.primary.href;
    category.textContent = view.primary.name;
  } else category?.remove();
  const time = $('.article-meta time')!;
  time.setAttribute('datetime', view.datetime);
  time.textContent = relativeTime(articleDate(article));
  const byline = $<HTMLAnchorElement>('.article-meta .byline')!;
  if (view.author) {
    byline.href = view.author.href;
    byline.querySelector('img')!.src = imageRendition(view.author.avatar, AVATAR_WIDTH);
    byline.querySelector('span')!.textContent = view.author.name;
  } else {
    const plain = document.createElement('span');
    for (const attr of Array.from(byline.attributes))
      if (attr.name.startsWith('data-astro-cid')) plain.setAttribute(attr.name, '');
    plain.className = 'byline';
    plain.textContent = LABELS.unknownAuthor;
    byline.replaceWith(plain);
  }
  const body = $('[data-article-body]')!;
  // As on the public page: a PDF URL that is not http(s) or a site path shows no viewer.
  const report = article.isReport ? linkableUrl(article.pdfUrl) : null;
  const html = report ? '' : sanitizeArticleHtml(article.body);
  if (html) body.innerHTML = html;
  else {
    body.replaceChildren();
    if (article.excerpt) body.append(Object.assign(document.createElement('p'), { textContent: article.excerpt }));
  }
  const viewer = $('section.report');
  if (report && viewer) {
    const frame = viewer.querySelector('iframe')!;
    frame.src = `${report}#toolbar=0&navpanes=0`;
    frame.title = `PDF report: ${article.title}`;
    viewer.querySelector<HTMLAnchorElement>('a[download]')!.href = downloadUrl(report);
  } else viewer?.remove();
  const tags = $('section.tags');
  if (tags && view.tags.length) {
    const list = tags.querySelector('ul')!;
    const sample = list.querySelector('li')!;
    list.replaceChildren(
      ...view.tags.map((t) => {
        const li = sample.cloneNode(true) as HTMLElement;
        const a = li.querySelector('a')!;
        a.href = t.href;
        a.textContent = t.name;
        return li;
      }),
    );
  } else tags?.remove();
  // Links that name the page (sign-in to comment or bookmark, share) point at the real article.
  const from = ['/article/preview', encodeURIComponent('/article/preview')];
  const to = [view.path, encodeURIComponent(view.path)];
  for (const el of Array.from(page.querySelectorAll('*')))
    for (const attr of Array.from(el.attributes))
      if (from.some((f) => attr.value.includes(f)))
        el.setAttribute(attr.name, attr.value.replaceAll(from[1]!, to[1]!).replaceAll(from[0]!, to[0]!));
}
