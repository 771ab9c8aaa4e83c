/**
 * Messages that leave by themselves (toasts: 2 s for bookmarks, 2.5 s for the rest) can come and
 * go between two of Playwright's checks on a busy machine: each check is a round trip to the
 * browser, and a waiting check backs off to one a second. So the page keeps a log of every status
 * message it shows, written as it shows it (a MutationObserver), and a test asks whether the message
 * was shown instead of racing its lifetime. How long a toast stays is checked on the page's clock
 * (reader-bookmarks.spec.ts, 'the bookmark toast goes away after 2 s').
 */
import { expect, type Page } from '@playwright/test';

const STATUS = '[role="status"], [data-toast]';
interface Shown {
  path: string;
  text: string;
}
const logs = new WeakMap<Page, Shown[]>();

/**
 * From the next page load on, logs each status message (a toast, a status line) as it appears. The
 * log is kept here, on the test's side, so it outlives the page's own navigations (a redirect after
 * a toast).
 */
export async function logStatuses(page: Page): Promise<void> {
  const shown: Shown[] = [];
  logs.set(page, shown);
  await page.exposeFunction('__statusShown', (path: string, text: string) => void shown.push({ path, text }));
  await page.addInitScript((selector) => {
    const report = (window as unknown as { __statusShown: (path: string, text: string) => void }).__statusShown;
    const note = (element: Element | null) => {
      const text = element?.textContent?.trim();
      if (element && text && element.checkVisibility()) report(location.pathname, text);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        note(target?.closest(selector) ?? null);
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) note(node);
          node.querySelectorAll(selector).forEach(note);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, STATUS);
}

/**
 * The page showed a status message containing `text` (logged by `logStatuses`, called first), on
 * `path` (by default the one the page is at when the check starts): a message the next page shows
 * does not count.
 */
export async function expectStatusShown(page: Page, text: string, path = new URL(page.url()).pathname): Promise<void> {
  const shown = logs.get(page);
  if (!shown) throw new Error('expectStatusShown: call logStatuses(page) before the page loads');
  await expect
    .poll(() => shown.filter((entry) => entry.path === path).map((entry) => entry.text), {
      message: `a status message on ${path} with "${text}"`,
    })
    .toContainEqual(expect.stringContaining(text));
}
