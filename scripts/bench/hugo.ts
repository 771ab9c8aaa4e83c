/**
 * `npm run bench:hugo [-- --articles 10000 --runs 3]`: the reference for issue 26's full-build target
 * ("≥ 600 pages/s at 10,000 articles, Hugo's 641 on this machine"), measured on the same machine
 * the same day, since its speed varies: a Hugo site like ours, built by Debian's `hugo` (apt-get
 * install hugo; 0.111.3 here).
 * The site: N articles from the seed generator (syntheticArticles: the same titles, bodies,
 * excerpts, 1–3 of the 32 categories, 20 authors, dates over 2 years as `bench:build`), stored as
 * HTML content files; templates for our page kinds at about our weight: a base layout (head with
 * title, description, canonical, Open Graph and Twitter tags, JSON-LD; header with the category
 * tree; newsletter block and footer), articles (breadcrumb, hero, byline, body, categories, share
 * links, 4 related cards from the primary category), the home page (latest 20 + 4 Opinion cards),
 * category and author pages paginated LISTING_PAGE_SIZE (24) per page as ours, the two index
 * pages, Hugo's default sitemap and RSS (RSS_ITEMS items, as ours). Ours inlines about 12 KB of
 * script and style a page; a static partial of that size stands in for it.
 * Times `hugo --quiet --destination <new empty folder>` `--runs` times (wall time; peak RSS and
 * CPU time polled from /proc); each run writes to a new folder and all of them are deleted at the
 * end (deleting 20,000 files just before the next run slows it: scripts/bench/build.ts). Prints
 * each run (HTML pages = `*.html` files written, less the redirect Hugo writes from each listing's
 * /page/1/; pages/s = pages / wall seconds, as bench:build's `--full-only` line) and the median;
 * writes .data/bench/hugo.json. A benchmark, never a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RSS_ITEMS } from '../../src/lib/build/feeds/rss.ts';
import { LISTING_PAGE_SIZE, SITE_DESCRIPTION, SITE_NAME } from '../../src/lib/site.ts';
import { DATA_DIR, makeScratchDir } from '../lib/paths.ts';
import { categories } from '../setup/taxonomy.ts';
import { articles as demoArticles } from '../seed/content/articles.ts';
import { people } from '../seed/content/people.ts';
import { syntheticArticles } from '../seed/generate.ts';
import { percentile, watchProcess } from './lib/proc.ts';

const { values } = parseArgs({
  options: { articles: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } },
});
const ARTICLES = Number(values.articles);
const RUNS = Number(values.runs);
const AUTHORS = 20;
const OUT = path.join(DATA_DIR, 'bench');

const version = spawnSync('hugo', ['version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  console.error('hugo is not on PATH: install it with `apt-get install hugo` (Debian has 0.111.3).');
  process.exit(2);
}
const hugoVersion = version.stdout.trim();
console.log(hugoVersion);

const slugify = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
// As bench:build: the seed's authors and admins, then "Bench Author i" up to 20.
const authorNames = people.filter((p) => p.role !== 'reader').map((p) => p.displayName);
for (let i = authorNames.length; i < AUTHORS; i++) authorNames.push(`Bench Author ${i}`);
const authorSlugs = authorNames.map(slugify);
const slugById = new Map(categories.map((c) => [c.id, c.slug]));
const images = [...new Set(demoArticles.map((a) => a.heroImage))]
  .slice(0, 50)
  .map((f) => `http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/${f}`);

const dir = makeScratchDir('bench-hugo-');
const site = path.join(dir, 'site');
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  fs.writeFileSync(path.join(site, rel), text);
};
const frontMatter = (data: object, body = '') => `${JSON.stringify(data, null, 1)}\n${body}\n`;

/** Hugo's configuration, content and templates for N articles; returns the first article's slug. */
function writeSite(n: number): string {
  write(
    'config.json',
    JSON.stringify({
      baseURL: 'http://127.0.0.1:4321/',
      title: SITE_NAME,
      languageCode: 'en-za',
      paginate: LISTING_PAGE_SIZE,
      rssLimit: RSS_ITEMS,
      taxonomies: { category: 'categories', author: 'authors' },
      params: { description: SITE_DESCRIPTION },
    }),
  );
  const top = categories.filter((c) => c.parentId === null).sort((a, b) => a.menuOrder - b.menuOrder);
  const nav = top.map((c) => ({
    name: c.name,
    slug: c.slug,
    children: categories.filter((k) => k.parentId === c.id).map((k) => ({ name: k.name, slug: k.slug })),
  }));
  write('data/nav.json', JSON.stringify(nav));
  // Names by slug: cards look them up here (as ours does in its maps); .GetTerms in every card
  // instead cost Hugo about a third more CPU time (measured at 1,000 articles).
  write('data/categories.json', JSON.stringify(Object.fromEntries(categories.map((c) => [c.slug, c.name]))));
  write('data/authors.json', JSON.stringify(Object.fromEntries(authorSlugs.map((a, i) => [a, authorNames[i]]))));
  // No /article/ listing (ours has none): the section's page is not rendered.
  write('content/article/_index.html', frontMatter({ title: 'Articles', _build: { render: 'never' } }));
  for (const c of categories) write(`content/categories/${c.slug}/_index.html`, frontMatter({ title: c.name }));
  authorNames.forEach((name, i) =>
    write(`content/authors/${authorSlugs[i]}/_index.html`, frontMatter({ title: name })),
  );
  const ctx = { authorIds: authorSlugs, categoryIds: categories.map((c) => c.id), images, now: Date.now() };
  for (let from = 0; from < n; from += 1000) {
    const { rows, categories: cats } = syntheticArticles(from, Math.min(n, from + 1000), ctx);
    rows.forEach((a, i) => {
      const data = {
        title: a.title,
        date: a.published_at,
        description: a.excerpt,
        image: a.hero_image_url,
        categories: cats[i]!.map((id) => slugById.get(id)!),
        authors: [a.author_id],
      };
      write(`content/article/${a.slug}.html`, frontMatter(data, a.body));
    });
  }
  for (const [name, text] of Object.entries(TEMPLATES)) write(`layouts/${name}`, text);
  write('layouts/partials/inline.html', INLINE);
  return syntheticArticles(0, 1, ctx).rows[0]!.slug;
}

const d = (id: string) => `data-c="${id}"`;
const svg = `<svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" ${d('nv')}><path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" stroke-width="1.75" ${d('nv')}></path></svg>`;
const img = (w: string) =>
  `{{ with .Params.image }}<img src="{{ . }}?width=${w}&quality=75" srcset="{{ . }}?width=400&quality=75 400w, {{ . }}?width=800&quality=75 800w, {{ . }}?width=1200&quality=75 1200w, {{ . }}?width=1600&quality=75 1600w" sizes="(max-width: 640px) 100vw, ${w}px" width="1600" height="900" alt="" loading="lazy" decoding="async" ${d('im')}>{{ end }}`;
const TEMPLATES: Record<string, string> = {
  '_default/baseof.html': `<!DOCTYPE html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">{{ $title := cond .IsHome site.Title (printf "%s | %s" .Title site.Title) }}{{ $desc := .Description | default site.Params.description }}<title>{{ $title }}</title>{{ partial "inline.html" . }}<meta name="description" content="{{ $desc }}"><link rel="canonical" href="{{ .Permalink }}"><meta name="robots" content="index, follow, max-image-preview:large"><meta property="og:site_name" content="{{ site.Title }}"><meta property="og:locale" content="en_ZA"><meta property="og:type" content="{{ cond .IsPage "article" "website" }}"><meta property="og:title" content="{{ .Title }}"><meta property="og:description" content="{{ $desc }}"><meta property="og:url" content="{{ .Permalink }}">{{ with .Params.image }}<meta property="og:image" content="{{ . }}?width=1200&height=630&resize=cover"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630"><meta name="twitter:image" content="{{ . }}?width=1200&height=630&resize=cover">{{ end }}{{ if .IsPage }}<meta property="article:published_time" content="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">{{ range .GetTerms "categories" }}<meta property="article:tag" content="{{ .LinkTitle }}">{{ end }}{{ end }}<meta name="twitter:card" content="summary_large_image"><meta name="twitter:title" content="{{ .Title }}"><meta name="twitter:description" content="{{ $desc }}"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="alternate" type="application/rss+xml" title="{{ site.Title }} RSS feed" href="/index.xml">{{ block "ld" . }}{{ end }}</head><body>
<header class="site-header" ${d('hd')}><div class="container bar" ${d('hd')}><a class="brand" href="/" ${d('hd')}><img src="/logo.svg" width="36" height="36" alt="" ${d('hd')}><span ${d('hd')}>{{ site.Title }}</span></a><button class="drawer-toggle button" type="button" aria-expanded="false" aria-controls="site-drawer" ${d('hd')}>Menu</button><div class="drawer" id="site-drawer" ${d('hd')}><div class="drawer-head" ${d('hd')}><span class="drawer-title" aria-hidden="true" ${d('hd')}>Menu</span><button class="drawer-close button button--ghost" type="button" data-drawer-close ${d('hd')}><svg aria-hidden="true" width="18" height="18" viewBox="0 0 20 20" ${d('hd')}><path d="m4 4 12 12M16 4 4 16" stroke="currentColor" stroke-width="2" stroke-linecap="round" ${d('hd')}></path></svg>Close<span class="visually-hidden" ${d('hd')}> menu</span></button></div><form class="search" role="search" action="/search" method="get" ${d('sf')}><label class="visually-hidden" for="q" ${d('sf')}>Search articles</label><input id="q" type="search" name="q" placeholder="Search articles" ${d('sf')}><button class="button" type="submit" ${d('sf')}>Search</button></form><a class="button" href="#newsletter" ${d('hd')}>Subscribe for Free</a><div class="user-menu" data-state="unknown" ${d('hd')}><a class="button button--ghost" href="/login?redirect={{ .RelPermalink | urlquery }}" ${d('hd')}>Login</a><button type="button" class="button button--ghost user-menu__trigger" aria-haspopup="menu" aria-expanded="false" ${d('hd')}><img src="/sidebar1.jpg" alt="" width="28" height="28" loading="lazy" ${d('hd')}><span ${d('hd')}>My Profile</span></button></div>
<nav class="category-nav" aria-label="Categories" ${d('nv')}><ul class="menu" ${d('nv')}>{{ range site.Data.nav }}{{ $slug := .slug }}<li class="menu-item" data-top ${d('nv')}><a class="top-link" href="/categories/{{ .slug }}/" ${d('nv')}>{{ .name }}</a>{{ with .children }}<button class="sub-toggle" type="button" aria-expanded="false" aria-controls="submenu-{{ $slug }}" ${d('nv')}><span class="visually-hidden" ${d('nv')}>More</span>${svg}</button><ul class="submenu" id="submenu-{{ $slug }}" ${d('nv')}>{{ range . }}<li ${d('nv')}><a href="/categories/{{ .slug }}/" ${d('nv')}>{{ .name }}</a></li>{{ end }}</ul>{{ end }}</li>{{ end }}</ul></nav></div></div></header>
<main id="main" tabindex="-1" ${d('mn')}>{{ block "main" . }}{{ end }}</main>
<section id="newsletter" class="newsletter" ${d('nl')}><div class="container inner" ${d('nl')}><h2 ${d('nl')}>Get the ESG Africa briefing</h2><p class="muted" ${d('nl')}>The week’s most important sustainability, climate and governance stories from across the continent, every Friday. Free, and you can unsubscribe at any time.</p><form class="signup" ${d('nl')}><label for="email" ${d('nl')}>Email</label><input id="email" type="email" required ${d('nl')}><button class="button" ${d('nl')}>Subscribe</button></form></div></section>
<footer class="site-footer" ${d('ft')}><div class="container" ${d('ft')}><h2 ${d('ft')}>Sections</h2><ul ${d('ft')}>{{ range site.Data.nav }}<li ${d('ft')}><a href="/categories/{{ .slug }}/" ${d('ft')}>{{ .name }}</a></li>{{ end }}</ul><h2 ${d('ft')}>Company</h2><ul ${d('ft')}>{{ range slice "About" "Advertise" "Careers" "Press" "Events" "Get in touch" "Privacy" "Terms" "Authors" "Categories" }}<li ${d('ft')}><a href="/{{ . | urlize }}" ${d('ft')}>{{ . }}</a></li>{{ end }}</ul><p class="muted" ${d('ft')}>© {{ now.Year }} {{ site.Title }}. All rights reserved.</p></div></footer><aside class="partner" aria-label="Partner" ${d('pa')}><p ${d('pa')}><span class="label" ${d('pa')}>Partner</span> <strong ${d('pa')}>Verdant Metrics Africa</strong> <span ${d('pa')}>– ESG and climate-risk data on 3,000+ African companies.</span></p><a class="button" href="https://verdantmetrics.example.com/" rel="noopener sponsored" target="_blank" ${d('pa')}>Explore the data<span class="visually-hidden" ${d('pa')}> on Verdant Metrics Africa (opens in a new tab)</span></a></aside></body></html>
`,
  'partials/card.html': `{{ $c := index .Params.categories 0 }}{{ $a := index .Params.authors 0 }}<article class="card" ${d('cd')}><a class="card-media" href="{{ .RelPermalink }}" tabindex="-1" ${d('cd')}>${img('400')}</a><div class="card-body" ${d('cd')}><p class="kicker" ${d('cd')}><a href="/categories/{{ $c }}/" ${d('cd')}>{{ index site.Data.categories $c }}</a></p><h3 class="title" ${d('cd')}><a href="{{ .RelPermalink }}" ${d('cd')}>{{ .Title }}</a></h3><p class="excerpt" ${d('cd')}>{{ .Description }}</p><p class="meta" ${d('cd')}><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}" ${d('cd')}>{{ .Date.Format "2 January 2006" }}</time><span aria-hidden="true" ${d('cd')}> · </span><a class="author" href="/authors/{{ $a }}/" ${d('cd')}>{{ index site.Data.authors $a }}</a></p></div></article>`,
  '_default/single.html': `{{ define "ld" }}<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "NewsArticle" "headline" .Title "description" .Description "image" (slice .Params.image) "datePublished" (.Date.Format "2006-01-02T15:04:05Z07:00") "author" (slice (dict "@type" "Person" "name" (index site.Data.authors (index .Params.authors 0)) "url" (printf "%sauthors/%s/" site.BaseURL (index .Params.authors 0)))) "publisher" (dict "@type" "Organization" "name" site.Title "logo" "/logo.png") "mainEntityOfPage" .Permalink | jsonify | safeJS }}</script>{{ end }}
{{ define "main" }}{{ $cats := .GetTerms "categories" }}<div class="container page article-page" ${d('ap')}><nav class="breadcrumb" aria-label="Breadcrumb" ${d('bc')}><ol ${d('bc')}><li ${d('bc')}><a href="/" ${d('bc')}>Home</a></li>{{ with index $cats 0 }}<li ${d('bc')}><a href="{{ .RelPermalink }}" ${d('bc')}>{{ .LinkTitle }}</a></li>{{ end }}<li ${d('bc')}><span aria-current="page" ${d('bc')}>{{ .Title }}</span></li></ol></nav>
<article class="article" aria-labelledby="article-title" ${d('ar')}><figure class="hero" ${d('ar')}>${img('800')}</figure><h1 id="article-title" ${d('ar')}>{{ .Title }}</h1><p class="standfirst" ${d('ar')}>{{ .Description }}</p><p class="byline" ${d('ar')}>By {{ range .GetTerms "authors" }}<a href="{{ .RelPermalink }}" ${d('ar')}>{{ .LinkTitle }}</a>{{ end }} · <time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}" ${d('ar')}>{{ .Date.Format "2 January 2006" }}</time> · {{ .ReadingTime }} min read</p>
<ul class="share" ${d('sh')}>{{ $u := .Permalink | urlquery }}{{ range slice "https://www.linkedin.com/sharing/share-offsite/?url=" "https://x.com/intent/post?url=" "https://www.facebook.com/sharer/sharer.php?u=" "https://wa.me/?text=" }}<li ${d('sh')}><a href="{{ . }}{{ $u }}" rel="noopener" target="_blank" ${d('sh')}>Share</a></li>{{ end }}</ul>
<div class="prose" ${d('ar')}>{{ .Content }}</div><section class="categories" ${d('ct')}><h2 ${d('ct')}>Categories</h2><ul ${d('ct')}>{{ range $cats }}<li ${d('ct')}><a href="{{ .RelPermalink }}" ${d('ct')}>{{ .LinkTitle }}</a></li>{{ end }}</ul></section>
{{ $self := .Permalink }}<section class="related" ${d('rl')}><h2 ${d('rl')}>Related articles</h2><div class="grid" ${d('rl')}>{{ range first 4 (where (first 5 (index site.Taxonomies.categories (index .Params.categories 0)).Pages) "Permalink" "ne" $self) }}{{ partial "card.html" . }}{{ end }}</div></section><section id="comments" class="comments" ${d('cm')}><h2 ${d('cm')}>Comments</h2><textarea id="comment-text" rows="3" placeholder="Sign in to comment..." disabled ${d('cm')}></textarea><a class="button" href="/login?redirect={{ .RelPermalink | urlquery }}%23comments" ${d('cm')}>Sign in to Comment</a></section></article>
<aside class="side" aria-label="Trending Now" ${d('tr')}><h2 ${d('tr')}>Trending Now</h2><ol data-trending data-trending-src="/trending.json" ${d('tr')}></ol></aside></div>{{ end }}
`,
  'index.html': `{{ define "main" }}<div class="container page home" ${d('hm')}><h1 class="visually-hidden" ${d('hm')}>{{ site.Title }}</h1><section ${d('hm')}><h2 ${d('hm')}>Latest news</h2><div class="grid" ${d('hm')}>{{ range first 20 site.RegularPages }}{{ partial "card.html" . }}{{ end }}</div></section><section ${d('hm')}><h2 ${d('hm')}>Opinion</h2><div class="grid" ${d('hm')}>{{ with site.GetPage "/categories/opinion" }}{{ range first 4 .Pages }}{{ partial "card.html" . }}{{ end }}{{ end }}</div></section></div>{{ end }}
`,
  '_default/list.html': `{{ define "main" }}<div class="container page listing" ${d('ls')}><nav class="breadcrumb" aria-label="Breadcrumb" ${d('bc')}><ol ${d('bc')}><li ${d('bc')}><a href="/" ${d('bc')}>Home</a></li><li ${d('bc')}><span aria-current="page" ${d('bc')}>{{ .Title }}</span></li></ol></nav><h1 ${d('ls')}>{{ .Title }}</h1>
{{ if eq .Kind "taxonomy" }}<ul class="index" ${d('ls')}>{{ range .Pages }}<li ${d('ls')}><a href="{{ .RelPermalink }}" ${d('ls')}>{{ .LinkTitle }}</a> ({{ len .Pages }})</li>{{ end }}</ul>{{ else }}{{ $pager := .Paginate .Pages }}<div class="grid" ${d('ls')}>{{ range $pager.Pages }}{{ partial "card.html" . }}{{ end }}</div>
<nav class="pagination" aria-label="Pages" ${d('pg')}>{{ with $pager.Prev }}<a rel="prev" href="{{ .URL }}" ${d('pg')}>Previous</a>{{ end }}<span ${d('pg')}>Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</span>{{ with $pager.Next }}<a rel="next" href="{{ .URL }}" ${d('pg')}>Next</a>{{ end }}</nav>{{ end }}</div>{{ end }}
`,
};
/** Ours inlines a data-saver script, font faces and island loaders (~12 KB a page): static text of that size. */
const INLINE = `<script>${'(function(){var r=document.documentElement;try{r.classList.toggle("data-saver",localStorage.getItem("data-saver")==="on")}catch(e){}})();\n'.repeat(85)}</script><style>${Array.from({ length: 80 }, (_, i) => `.c${i}{margin:0 0 ${i % 7}px;color:var(--ink-${i % 5});font:400 1rem/1.5 var(--font-text-face)}`).join('')}</style>`;

/** One `hugo` build into a new, empty folder. */
async function run(
  i: number,
): Promise<{ wallS: number; pages: number; redirects: number; pagesPerS: number; peakRssMb: number; cpuS: number }> {
  const dest = path.join(dir, `public-${i}`);
  const t0 = performance.now();
  const child = spawn('hugo', ['--quiet', '--source', site, '--destination', dest], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = watchProcess(child.pid);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const wallS = (performance.now() - t0) / 1000;
  const { peakMb, cpuS } = stop();
  if (code !== 0) throw new Error(`hugo exited with code ${code}`);
  const html = fs
    .readdirSync(dest, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'));
  // Not pages: the redirect Hugo writes from each listing's /page/1/ to its first page.
  const redirects = html.filter((e) => e.parentPath.endsWith(`${path.sep}page${path.sep}1`)).length;
  const pages = html.length - redirects;
  return { wallS, pages, redirects, pagesPerS: pages / wallS, peakRssMb: peakMb, cpuS };
}

try {
  const loadBefore = os.loadavg();
  const t = performance.now();
  const firstSlug = writeSite(ARTICLES);
  console.log(`[${ARTICLES}] Hugo site written in ${((performance.now() - t) / 1000).toFixed(1)} s: ${site}`);
  const runs = [];
  for (let i = 1; i <= RUNS; i++) {
    const load = os.loadavg()[0]!;
    const r = await run(i);
    runs.push(r);
    console.log(
      `[${ARTICLES}] run ${i}: ${r.wallS.toFixed(2)} s, ${r.pages} HTML pages (+${r.redirects} page/1 redirects), ${r.pagesPerS.toFixed(0)} pages/s, ` +
        `peak RSS ${r.peakRssMb} MB, hugo CPU ${r.cpuS.toFixed(1)} s, load average ${load.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
  const size = (rel: string) => fs.statSync(path.join(dir, 'public-1', rel)).size;
  const bytes = {
    article: size(`article/${firstSlug}/index.html`),
    category: size('categories/opinion/index.html'),
    home: size('index.html'),
  };
  const median = percentile(
    runs.map((r) => r.pagesPerS),
    0.5,
  );
  const loadAfter = os.loadavg();
  console.log(
    `[${ARTICLES}] Hugo median ${median.toFixed(0)} pages/s over ${RUNS} runs; page sizes: article ${bytes.article} B, ` +
      `category ${bytes.category} B, home ${bytes.home} B; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} → ` +
      loadAfter.map((l) => l.toFixed(1)).join(' '),
  );
  fs.mkdirSync(OUT, { recursive: true });
  const result = {
    date: new Date().toISOString(),
    hugoVersion,
    articles: ARTICLES,
    runs,
    medianPagesPerS: median,
    bytes,
    loadBefore,
    loadAfter,
  };
  fs.writeFileSync(path.join(OUT, 'hugo.json'), JSON.stringify(result, null, 2) + '\n');
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
