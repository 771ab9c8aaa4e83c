/**
 * axe-core over a page, as every accessibility check of the end-to-end suite runs it.
 *
 * - The tests read only `violations`, so only those are worked out in full (axe's
 *   `resultTypes`): passes and incomplete results keep one example node each instead of every
 *   node they matched. On a dashboard screen that made a run ~20 % shorter (0.9 → 0.7 s).
 * - One `axe.run` in the page, which reaches the page's same-origin frames itself (TinyMCE's
 *   editors are checked inside), instead of a partial run in each frame finished in a new blank
 *   page that axe's source is loaded into again (`setLegacyMode`). Same violations, frames
 *   included (probe: a button without a name and an image without alt inside a frame are both
 *   reported either way); the home page's run 0.91 → 0.34 s, /categories 0.61 → 0.29 s.
 *   Cross-origin frames are not looked into: on these pages they hold what the site does not
 *   make (a report's PDF from Storage, a video embed), and the frame element itself (its title)
 *   is still checked in the page.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export const axe = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
