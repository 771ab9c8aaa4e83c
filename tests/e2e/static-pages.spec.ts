/**
 * The site frame (header, menu, drawer, footer, partner banner) and the static company pages, as
 * a reader's browser sees the built site. The spec's facts and numbers appear verbatim.
 */
import { expect, test, type Page } from '@playwright/test';
import { TIMINGS } from '../../src/lib/rules/reader/keys.ts';
import { PARTNER } from '../../src/lib/site.ts';
import { axe } from './axe.ts';

const MOBILE = { width: 390, height: 844 };

const staticPages = [
  {
    path: '/about',
    heading: 'About Us',
    facts: ['founded in 2025', 'pan-African focus', 'Fact-checked journalism', 'Editorial independence'],
  },
  {
    path: '/careers',
    heading: 'Careers',
    facts: ['There are no open roles right now.', 'careers@esgafricanews.example'],
  },
  { path: '/press', heading: 'Press', facts: ['press@esgafricanews.example', '+27 21 555 0142'] },
  {
    path: '/privacy',
    heading: 'Privacy Policy',
    facts: [
      'only when you sign up for our newsletter',
      'Cookies and consent',
      'Statistical data',
      'POPIA',
      'privacy@esgafricanews.example',
    ],
  },
  {
    path: '/terms',
    heading: 'Terms and Conditions',
    facts: ['laws of the Republic of South Africa', 'a media company', 'R50,000', 'arbitration', 'licence to publish'],
  },
  { path: '/store', heading: 'ESG Store', facts: ['Coming soon', 'Notify Me'] },
  { path: '/get-in-touch', heading: 'Get in Touch', facts: ['Send Message'] },
  { path: '/advertise', heading: 'Advertise with Us', facts: ['Send Enquiry'] },
  { path: '/500', heading: 'Something went wrong', facts: ["We're sorry", 'Return to Homepage'] },
];

/** Every page built on the layout, including the interim home page and the 404 page. */
const layoutPages = ['/', ...staticPages.map((p) => p.path), '/no-such-page'];

/** A top-level item's submenu; its links are found with locator('a') as they are hidden when closed. */
const subcategories = (page: Page, parent: string) =>
  page.locator('.menu-item', { has: page.getByRole('link', { name: parent, exact: true }) }).locator('.submenu');

test.describe('static company pages', () => {
  for (const { path, heading, facts } of staticPages) {
    test(`${path} shows '${heading}' and its key facts`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${heading} | ESG Africa News`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const fact of facts) await expect(page.locator('main')).toContainText(fact);
    });
  }

  test('unknown paths show Page Not Found with a way home', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  });

  test('the contact form labels every field and requires name, e-mail and message', async ({ page }) => {
    await page.goto('/get-in-touch');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('E-mail address')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('E-mail address')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Company (optional)')).not.toHaveAttribute('required');
    await expect(form.getByLabel('Message')).toHaveAttribute('required', '');
  });

  test('the advertise form requires name, e-mail, company and message', async ({ page }) => {
    await page.goto('/advertise');
    const form = page.getByRole('form', { name: 'Advertising enquiry' });
    for (const label of ['Name', 'E-mail address', 'Company', 'Message']) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('required', '');
    }
  });

  test('page metadata gives crawlers and link previews what they need', async ({ page, baseURL }) => {
    await page.goto('/about');
    const meta = (selector: string) => page.locator(selector).first();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-ZA');
    await expect(meta('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about`);
    await expect(meta('meta[name="description"]')).toHaveAttribute('content', /founded in 2025/);
    await expect(meta('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/about`);
    await expect(meta('meta[property="og:locale"]')).toHaveAttribute('content', 'en_ZA');
    await expect(meta('meta[property="og:site_name"]')).toHaveAttribute('content', 'ESG Africa News');
    await expect(meta('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/logo.png`);
    await expect(meta('meta[property="og:image:width"]')).toHaveAttribute('content', '512');
    // The square logo is the share image here: X's small card, not the large one that would crop it.
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
    await expect(meta('meta[name="robots"]')).toHaveAttribute('content', 'index, follow, max-image-preview:large');
    await expect(meta('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
    await expect(meta('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  test('error pages are kept out of search indexes', async ({ page }) => {
    for (const path of ['/500', '/no-such-page']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    }
  });
});

test.describe('header and footer', () => {
  test('the header links to Login and to the newsletter block', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'ESG Africa News' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Fabout');
    await header.getByRole('link', { name: 'Subscribe for Free' }).click();
    await expect(page).toHaveURL(/#newsletter$/);
    await expect(page.getByRole('heading', { name: 'Get the ESG Africa briefing' })).toBeInViewport();
  });

  test('pressing Enter in the header search box goes to /search?q=', async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search articles' });
    await box.fill('green hydrogen');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=green\+hydrogen$/);
  });

  test('the footer links to every company page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const expected = [
      '/about',
      '/careers',
      '/press',
      '/advertise',
      '/store',
      '/events',
      '/privacy',
      '/terms',
      '/get-in-touch',
    ];
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(expected));
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ESG Africa News`);
  });

  test('the partner banner is a sponsored link that opens safely', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('complementary', { name: 'Partner' }).getByRole('link');
    await expect(link).toHaveAttribute('rel', /\bsponsored\b/);
    await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  });

  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await expect(page.locator('main#main')).toBeFocused();
  });
});

test.describe('category menu (desktop)', () => {
  test('lists Latest News first under Current News', async ({ page }) => {
    await page.goto('/');
    const links = subcategories(page, 'Current News').locator('a');
    await expect(links.first()).toHaveText('Latest News');
    await expect(links.first()).toHaveAttribute('href', '/category/latest-news');
  });

  test('opens on hover and closes 120 ms after the pointer leaves', async ({ page }) => {
    // The page's clock: the close delay is counted on it, not on a busy machine.
    await page.clock.install();
    await page.goto('/');
    const top = page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Current News', exact: true });
    const toggle = page.getByRole('button', { name: 'Current News subcategories' });
    const submenu = subcategories(page, 'Current News');
    await expect(submenu).toBeHidden();
    await top.hover();
    await expect(submenu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    // Time stops; the pointer leaves; the menu stays open for 119 ms and closes at 120.
    // Half a second ahead: the page's time flows until the pause arrives, and it may not go back.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    await page.mouse.move(5, 600);
    await page.clock.runFor(TIMINGS.menuHoverClose - 1);
    await expect(submenu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(1);
    await expect(submenu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter or Space on the toggle opens it, ArrowDown enters it, Escape closes it and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Current News subcategories' });
    const submenu = subcategories(page, 'Current News');
    await toggle.focus();
    await expect(submenu).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(submenu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(submenu).toBeHidden();
    await page.keyboard.press('ArrowDown');
    await expect(submenu.getByRole('link', { name: 'Latest News' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(submenu.getByRole('link', { name: 'Latest News' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('ArrowRight and ArrowLeft move along the row', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories' });
    await nav.getByRole('link', { name: 'Featured Stories', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(nav.getByRole('link', { name: 'Current News', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Current News subcategories' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(nav.getByRole('link', { name: 'Current News', exact: true })).toBeFocused();
  });

  test('tabbing past the last subcategory closes the submenu', async ({ page }) => {
    await page.goto('/');
    const submenu = subcategories(page, 'Current News');
    const count = await submenu.locator('a').count();
    await page.getByRole('button', { name: 'Current News subcategories' }).focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < count; i++) await page.keyboard.press('Tab');
    await expect(submenu.locator('a').last()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submenu).toBeHidden();
  });
});

test.describe('mobile drawer at 390 px', () => {
  test.use({ viewport: MOBILE });

  test('the Menu button opens and closes the drawer; Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    const close = page.getByRole('button', { name: 'Close menu' });
    const categoryLink = page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Current News', exact: true });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveAttribute('aria-controls', 'site-drawer');
    await expect(categoryLink).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(categoryLink).toBeVisible();
    // No hover on a phone: subcategories are listed in the drawer.
    await expect(page.getByRole('link', { name: 'Latest News' })).toBeVisible();
    await expect(close).toBeFocused();
    await close.click();
    await expect(categoryLink).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await categoryLink.focus();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(categoryLink).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the partner banner is fixed at the bottom and never covers the footer', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByRole('complementary', { name: 'Partner' });
    await expect(banner).toHaveCSS('position', 'fixed');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.getByText(/© \d{4} ESG Africa News/);
    const [text, bar] = await Promise.all([copyright.boundingBox(), banner.boundingBox()]);
    expect(text!.y + text!.height).toBeLessThanOrEqual(bar!.y);
    // A sponsored link says so, and whose, on a phone too.
    await expect(banner.getByText('Partner', { exact: true })).toBeVisible();
    await expect(banner.locator('strong', { hasText: PARTNER.name })).toBeVisible();
  });
});

test.describe('accessibility (axe)', () => {
  for (const viewport of [{ width: 1280, height: 800 }, MOBILE]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });
      for (const path of layoutPages) {
        test(`${path} has no violations`, async ({ page }) => {
          await page.goto(path);
          const results = await axe(page).analyze();
          expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
        });
      }
    });
  }
});
