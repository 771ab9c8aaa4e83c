/**
 * `npm run shots [-- --base http://127.0.0.1:4321 --out .data/shots --widths 360,768,1280]`:
 * full-page screenshots of the public pages a design review looks at (home, an article, a
 * category, search, an author) at phone, tablet and desktop widths, for people to look at, not
 * for pixel comparison. Needs a running site (`npm start`); writes PNGs into a git-ignored folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: `http://127.0.0.1:${process.env.PORT ?? '4321'}` },
    out: { type: 'string', default: '.data/shots' },
    widths: { type: 'string', default: '360,768,1280' },
    full: { type: 'boolean', default: true },
  },
});

const base = values.base.replace(/\/$/, '');

/** The first link on the home page that starts with `prefix` (the seed decides the slugs). */
async function firstLink(html: string, prefix: string): Promise<string> {
  const match = new RegExp(`href="(${prefix}[^"#?]+)"`).exec(html);
  if (!match) throw new Error(`No ${prefix} link on ${base}/`);
  return match[1]!;
}

const home = await (await fetch(`${base}/`)).text();
const authors = await (await fetch(`${base}/authors`)).text();
const pages: Record<string, string> = {
  home: '/',
  article: await firstLink(home, '/article/'),
  category: '/category/climate-change',
  search: '/search?q=energy',
  author: await firstLink(authors, '/author/'),
};

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
await fs.mkdir(values.out, { recursive: true });
try {
  for (const width of values.widths.split(',').map(Number)) {
    const context = await browser.newContext({ viewport: { width, height: width < 700 ? 844 : 900 } });
    const page = await context.newPage();
    for (const [name, route] of Object.entries(pages)) {
      await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(values.out, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
