/**
 * A screen that counts once, when it loads, checked against the database while other files add
 * and remove rows alongside: the database's figures are read before and after the screen loads,
 * and the screen's are compared with them only when both reads agree (nothing changed while it
 * loaded); otherwise the screen is loaded again.
 */
import { expect } from '@playwright/test';

/** `counted`: the database's figures as text; `load`: loads the screen and gives its figures. */
export async function expectScreenCounts(counted: () => Promise<string>, load: () => Promise<string>): Promise<void> {
  await expect
    .poll(async () => {
      const before = await counted();
      const shown = await load();
      return before === (await counted()) ? shown === before : 'changed while loading';
    })
    .toBe(true);
}
