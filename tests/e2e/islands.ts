/**
 * Islands that hydrate on interaction (`client:interaction`, src/browser/client-interaction.ts)
 * stay static HTML until a reader touches them. A test that needs one hydrated before it acts
 * (to check what the island does on its own, or a keyboard path the replay does not cover) wakes
 * it as a first touch would: a focusin inside it.
 */
import type { Page } from '@playwright/test';

export async function wakeIslands(page: Page, selector = 'astro-island'): Promise<void> {
  await page.locator(selector).evaluateAll((islands) => {
    for (const island of islands) {
      if (island.hasAttribute('ssr') && island.getAttribute('client') === 'interaction') {
        island.dispatchEvent(new FocusEvent('focusin'));
      }
    }
  });
}
