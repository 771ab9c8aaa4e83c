/**
 * My Articles' search as an editor uses it: type, then wait for the table to show the answer. The
 * search waits 250 ms after the last key and keeps the last list's rows on screen while it loads
 * (the table is aria-busy meanwhile), so a click made sooner can land on a row that then moves.
 */
import { expect, type Page } from '@playwright/test';
import { WORKLIST } from '../../src/lib/messages/dashboard.ts';

export async function searchMyArticles(page: Page, text: string) {
  await page.getByLabel(WORKLIST.searchLabel).fill(text);
  await expect(page.locator('.dash-count')).toHaveText(/^Showing \d+ of \d+ articles$/);
  await expect(page.locator('table.dash-worklist')).toHaveAttribute('aria-busy', 'false');
}
