import { describe, expect, it } from 'vitest';
import { articles } from '../../scripts/seed/content/articles.ts';
import { categories } from '../../scripts/setup/taxonomy.ts';
import { comments } from '../../scripts/seed/content/comments.ts';
import { events } from '../../scripts/seed/content/events.ts';
import { people } from '../../scripts/seed/content/people.ts';
import { submissions } from '../../scripts/seed/content/submissions.ts';
import { subscribers } from '../../scripts/seed/content/subscribers.ts';
import { makeReportPdf, REPORT_PDF_FILE, REPORT_TITLE } from '../../scripts/seed/make-report-pdf.ts';

/** The demo's "now": the content is written relative to this moment. */
const NOW = Date.parse('2026-11-22T12:00:00+02:00');
const DAY = 24 * 60 * 60 * 1000;
const ISO_SAST = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00$/;
const SLUG_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The app's slug rule: lowercase, non-alphanumerics to '-', repeats collapsed, edges trimmed. */
const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const unique = <T>(values: T[]) => new Set(values).size === values.length;

const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
const categoryById = new Map(categories.map((c) => [c.id, c]));
const personByKey = new Map(people.map((p) => [p.key, p]));
const articleByKey = new Map(articles.map((a) => [a.key, a]));
const published = articles.filter((a) => a.status === 'published');
const visible = published.filter((a) => !a.archived);
const drafts = articles.filter((a) => a.status === 'draft');
const visibleIn = (slug: string) => visible.filter((a) => a.categorySlugs.includes(slug));

describe('seed categories', () => {
  it('has unique ids and slugs that follow the slug rule', () => {
    expect(unique(categories.map((c) => c.id))).toBe(true);
    expect(unique(categories.map((c) => c.slug))).toBe(true);
    for (const c of categories) expect(c.slug).toBe(slugify(c.name));
  });

  it('fixes Featured Stories at id 1 and Opinion at id 27, both top level', () => {
    expect(categoryById.get(1)).toMatchObject({ name: 'Featured Stories', slug: 'featured-stories', parentId: null });
    expect(categoryById.get(27)).toMatchObject({ name: 'Opinion', slug: 'opinion', parentId: null });
  });

  it('puts Latest News first under a top-level Current News', () => {
    const current = categories.find((c) => c.name === 'Current News');
    const latest = categories.find((c) => c.name === 'Latest News');
    expect(current?.parentId).toBeNull();
    expect(latest?.parentId).toBe(current!.id);
    const siblings = categories.filter((c) => c.parentId === current!.id);
    expect(Math.min(...siblings.map((c) => c.menuOrder))).toBe(latest!.menuOrder);
    expect(siblings.filter((c) => c.menuOrder === latest!.menuOrder)).toHaveLength(1);
  });

  it('has at least 10 top-level categories and only two levels', () => {
    expect(categories.filter((c) => c.parentId === null).length).toBeGreaterThanOrEqual(10);
    for (const c of categories) {
      if (c.parentId === null) continue;
      expect(categoryById.get(c.parentId)?.parentId, c.slug).toBeNull();
    }
  });
});

describe('seed people', () => {
  it('has the demo accounts with the right roles', () => {
    const byEmail = new Map(people.map((p) => [p.email, p]));
    expect(byEmail.get('admin@demo.test')?.role).toBe('admin');
    expect(byEmail.get('author@demo.test')?.role).toBe('author');
    expect(byEmail.get('author2@demo.test')?.role).toBe('author');
    expect(byEmail.get('reader@demo.test')?.role).toBe('reader');
    expect(people.filter((p) => p.role === 'reader').length).toBeGreaterThanOrEqual(5);
  });

  it('has unique keys, e-mails and URL-safe usernames', () => {
    expect(unique(people.map((p) => p.key))).toBe(true);
    expect(unique(people.map((p) => p.email))).toBe(true);
    expect(unique(people.map((p) => p.username))).toBe(true);
    for (const p of people) expect(p.username).toMatch(SLUG_SHAPE);
  });

  it('gives staff names and bios, and has one reader without a display name', () => {
    for (const p of people.filter((p) => p.role !== 'reader')) {
      expect(p.displayName.length).toBeGreaterThan(0);
      expect(p.bio?.length ?? 0).toBeGreaterThan(50);
    }
    expect(people.some((p) => p.role === 'reader' && p.displayName === '')).toBe(true);
  });
});

describe('seed articles', () => {
  it('has at least 44 articles, 40 of them published', () => {
    expect(articles.length).toBeGreaterThanOrEqual(44);
    expect(published.length).toBeGreaterThanOrEqual(40);
  });

  it('has unique keys, hero images and slugs that follow the slug rule', () => {
    expect(unique(articles.map((a) => a.key))).toBe(true);
    expect(unique(articles.map((a) => a.slug))).toBe(true);
    expect(unique(articles.map((a) => a.heroImage))).toBe(true);
    for (const a of articles) {
      expect(a.slug, a.key).toBe(slugify(a.title));
      expect(a.slug).toMatch(SLUG_SHAPE);
      expect(a.heroImage).toMatch(/^[a-z0-9-]+\.webp$/);
    }
  });

  it('keeps excerpts within 40 words and 400 characters', () => {
    for (const a of articles) {
      expect(a.excerpt.trim().length, a.key).toBeGreaterThan(0);
      expect(wordCount(a.excerpt), a.key).toBeLessThanOrEqual(40);
      expect(a.excerpt.length, a.key).toBeLessThanOrEqual(400);
    }
  });

  it('has exactly one main article, published and not archived', () => {
    const main = articles.filter((a) => a.isMain);
    expect(main).toHaveLength(1);
    expect(main[0]!.status).toBe('published');
    expect(main[0]!.archived).toBeFalsy();
  });

  it('has an archived published article, edited tags and a report with its PDF', () => {
    expect(articles.filter((a) => a.archived).length).toBeGreaterThanOrEqual(1);
    for (const a of articles.filter((a) => a.archived)) expect(a.status).toBe('published');
    expect(articles.filter((a) => a.showEditedTag).length).toBeGreaterThanOrEqual(2);
    const reports = visible.filter((a) => a.isReport);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.some((a) => a.pdfFile === REPORT_PDF_FILE)).toBe(true);
    for (const a of articles) expect(Boolean(a.isReport), a.key).toBe(Boolean(a.pdfFile));
  });

  it('has at least 4 drafts by at least 2 different authors, none published', () => {
    expect(drafts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(drafts.map((a) => a.authorKey)).size).toBeGreaterThanOrEqual(2);
    for (const a of drafts) {
      expect(a.publishedAt).toBeNull();
      expect(a.isMain).toBeFalsy();
    }
  });

  it('is written by staff, with every published author represented', () => {
    for (const a of articles) expect(['admin', 'author'], a.key).toContain(personByKey.get(a.authorKey)?.role);
    const authors = new Set(visible.map((a) => a.authorKey));
    for (const p of people.filter((p) => p.role !== 'reader')) expect(authors.has(p.key), p.key).toBe(true);
  });

  it('uses known categories, includes parents of subcategories and a valid primary', () => {
    for (const a of articles) {
      expect(a.categorySlugs.length, a.key).toBeGreaterThan(0);
      expect(unique(a.categorySlugs), a.key).toBe(true);
      for (const slug of a.categorySlugs) {
        const c = categoryBySlug.get(slug);
        expect(c, `${a.key}: ${slug}`).toBeDefined();
        if (c!.parentId !== null) expect(a.categorySlugs, a.key).toContain(categoryById.get(c!.parentId)!.slug);
      }
      if (a.primaryCategorySlug) expect(a.categorySlugs, a.key).toContain(a.primaryCategorySlug);
    }
    // Both rules above had cases to check.
    expect(articles.some((a) => a.categorySlugs.some((s) => categoryBySlug.get(s)!.parentId !== null))).toBe(true);
    expect(articles.some((a) => a.primaryCategorySlug)).toBe(true);
  });

  it('puts a visible article in every category, more than 6 in Featured and Opinion', () => {
    for (const c of categories) expect(visibleIn(c.slug).length, c.slug).toBeGreaterThanOrEqual(1);
    expect(visibleIn('featured-stories').length).toBeGreaterThanOrEqual(8);
    expect(visibleIn('opinion').length).toBeGreaterThanOrEqual(7);
    expect(visibleIn('latest-news').length).toBeGreaterThanOrEqual(3);
  });

  it('dates articles over the last ~120 days, with some in the last 48 hours', () => {
    for (const a of articles) {
      expect(a.createdAt, a.key).toMatch(ISO_SAST);
      if (a.publishedAt === null) continue;
      expect(a.publishedAt, a.key).toMatch(ISO_SAST);
      const at = Date.parse(a.publishedAt);
      expect(Date.parse(a.createdAt), a.key).toBeLessThanOrEqual(at);
      expect(at, a.key).toBeLessThanOrEqual(NOW);
      expect(at, a.key).toBeGreaterThanOrEqual(NOW - 125 * DAY);
    }
    const recent = visible.filter((a) => Date.parse(a.publishedAt!) >= NOW - 2 * DAY);
    expect(recent.length).toBeGreaterThanOrEqual(2);
  });

  it('has HTML bodies of real length with https links only', () => {
    for (const a of articles) {
      const words = wordCount(a.bodyHtml.replace(/<[^>]+>/g, ' '));
      expect(words, a.key).toBeGreaterThanOrEqual(a.isReport ? 50 : a.status === 'draft' ? 200 : 400);
      expect(a.bodyHtml, a.key).toMatch(/^<p>/);
      for (const [, href] of a.bodyHtml.matchAll(/href="([^"]*)"/g)) expect(href, a.key).toMatch(/^https:\/\//);
    }
  });
});

describe('seed events', () => {
  it('has upcoming, past and archived events', () => {
    expect(events.length).toBeGreaterThanOrEqual(6);
    for (const e of events) expect(e.eventDate, e.title).toMatch(ISO_SAST);
    const active = events.filter((e) => !e.archived);
    expect(active.filter((e) => Date.parse(e.eventDate) > NOW).length).toBeGreaterThanOrEqual(4);
    expect(active.filter((e) => Date.parse(e.eventDate) < NOW).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.archived).length).toBeGreaterThanOrEqual(1);
  });
});

describe('seed comments', () => {
  it('covers at least 16 comments on at least 5 visible articles, in every status', () => {
    expect(comments.length).toBeGreaterThanOrEqual(16);
    expect(new Set(comments.map((c) => c.articleKey)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(comments.map((c) => c.status))).toEqual(new Set(['pending', 'approved', 'hidden', 'deleted']));
    expect(comments.filter((c) => c.edited).length).toBeGreaterThanOrEqual(2);
  });

  it('references existing people and visible articles, after publication', () => {
    for (const c of comments) {
      const article = articleByKey.get(c.articleKey);
      expect(article, c.articleKey).toBeDefined();
      expect(article!.status).toBe('published');
      expect(article!.archived).toBeFalsy();
      expect(personByKey.has(c.authorKey), c.authorKey).toBe(true);
      expect(c.createdAt).toMatch(ISO_SAST);
      expect(Date.parse(c.createdAt)).toBeGreaterThan(Date.parse(article!.publishedAt!));
      expect(Date.parse(c.createdAt)).toBeLessThanOrEqual(NOW);
      expect(c.content.trim().length).toBeGreaterThan(0);
    }
  });

  it('includes a comment by the article’s own author', () => {
    expect(comments.some((c) => articleByKey.get(c.articleKey)?.authorKey === c.authorKey)).toBe(true);
  });

  it('has likes and dislikes from other people, on approved comments only', () => {
    const reactions = comments.flatMap((c) => c.reactions ?? []);
    expect(new Set(reactions.map((r) => r.type))).toEqual(new Set(['like', 'dislike']));
    expect(new Set(reactions.map((r) => r.authorKey)).size).toBeGreaterThanOrEqual(3);
    for (const c of comments) {
      const own = c.reactions ?? [];
      if (own.length > 0) expect(c.status).toBe('approved');
      expect(unique(own.map((r) => r.authorKey))).toBe(true);
      for (const r of own) {
        expect(personByKey.has(r.authorKey), r.authorKey).toBe(true);
        expect(r.authorKey).not.toBe(c.authorKey);
      }
    }
  });
});

describe('seed submissions and subscribers', () => {
  it('has contact and advertise submissions in every status', () => {
    expect(submissions.length).toBeGreaterThanOrEqual(6);
    expect(new Set(submissions.map((s) => s.status))).toEqual(new Set(['new', 'read', 'replied']));
    expect(new Set(submissions.map((s) => s.formType))).toEqual(new Set(['contact', 'advertise']));
    for (const s of submissions) {
      expect(s.createdAt).toMatch(ISO_SAST);
      if (s.formType === 'advertise') expect(s.company, s.name).toBeTruthy();
    }
    expect(submissions.some((s) => s.formType === 'contact' && s.company === null)).toBe(true);
  });

  it('has at least 12 unique subscribers over 60 days, several this week, some linked', () => {
    expect(subscribers.length).toBeGreaterThanOrEqual(12);
    expect(unique(subscribers.map((s) => s.email))).toBe(true);
    for (const s of subscribers) {
      expect(s.subscribedAt).toMatch(ISO_SAST);
      const at = Date.parse(s.subscribedAt);
      expect(at).toBeLessThanOrEqual(NOW);
      expect(at).toBeGreaterThanOrEqual(NOW - 60 * DAY);
      if (s.userKey) expect(personByKey.get(s.userKey)?.email).toBe(s.email);
    }
    expect(subscribers.filter((s) => Date.parse(s.subscribedAt) >= NOW - 7 * DAY).length).toBeGreaterThanOrEqual(3);
    expect(subscribers.some((s) => s.userKey)).toBe(true);
  });
});

describe('report PDF', () => {
  it('is a small PDF 1.4 file titled like the report article', () => {
    const pdf = makeReportPdf();
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf.length).toBeLessThan(32 * 1024);
    expect(text).toContain(`/Title (${REPORT_TITLE})`);
    expect(articles.find((a) => a.isReport)?.title).toBe(REPORT_TITLE);
    expect(makeReportPdf().equals(pdf)).toBe(true);
  });
});

describe('seed date shift', () => {
  it('counts Johannesburg calendar days, so early-morning seeding keeps "today" today', async () => {
    const { johannesburgDay } = await import('../../scripts/seed/index.ts');
    const anchor = Date.parse('2026-11-22T09:00:00+02:00');
    expect(johannesburgDay(Date.parse('2026-11-22T00:30:00+02:00'))).toBe(johannesburgDay(anchor));
    expect(johannesburgDay(Date.parse('2026-11-21T23:59:00+02:00'))).toBe(johannesburgDay(anchor) - 1);
    expect(johannesburgDay(Date.parse('2026-11-23T00:00:00+02:00'))).toBe(johannesburgDay(anchor) + 1);
  });
});
