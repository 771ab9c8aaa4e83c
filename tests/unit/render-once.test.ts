/**
 * RenderOnce (src/lib/build/render-once.ts): the layout's parts that are the same on every page
 * of a build are rendered on the first page and their HTML reused; a part made from the build's
 * data is kept with that data, so a later build with new data renders it afresh; an island is
 * refused; `astro dev` always renders.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderOnce } from '../../src/lib/build/render-once.ts';

/** A render that counts its calls and says which call made the HTML. */
function counted(html: string) {
  let calls = 0;
  return {
    render: async () => `${html} #${++calls}`,
    calls: () => calls,
  };
}

describe('renderOnce in a build', () => {
  beforeEach(() => vi.stubEnv('DEV', false));
  afterEach(() => vi.unstubAllEnvs());

  it('renders a part once and hands every later page the same HTML', async () => {
    const footer = counted('<footer>');
    const pages = await Promise.all([1, 2, 3].map(() => renderOnce('test footer', undefined, footer.render)));
    const later = await renderOnce('test footer', undefined, footer.render);
    // Pages rendered side by side may each render it before the first is kept: the same HTML.
    expect(footer.calls()).toBeGreaterThanOrEqual(1);
    const calls = footer.calls();
    expect(later).toMatch(/^<footer> #\d$/);
    expect(pages).toContain(later);
    expect(await renderOnce('test footer', undefined, footer.render)).toBe(later);
    expect(footer.calls()).toBe(calls);
  });

  it('keeps parts apart by name', async () => {
    expect(await renderOnce('test a', undefined, async () => 'A')).toBe('A');
    expect(await renderOnce('test b', undefined, async () => 'B')).toBe('B');
    expect(await renderOnce('test a', undefined, async () => 'not again')).toBe('A');
  });

  it("renders a part made from the build's data again for another build's data", async () => {
    const firstBuild = [{ name: 'Climate' }];
    const nextBuild = [{ name: 'Climate Finance' }];
    const menu = counted('<nav>');
    const first = await renderOnce('test menu', firstBuild, menu.render);
    expect(await renderOnce('test menu', firstBuild, menu.render)).toBe(first);
    expect(menu.calls()).toBe(1);
    const next = await renderOnce('test menu', nextBuild, menu.render);
    expect(next).not.toBe(first);
    expect(menu.calls()).toBe(2);
  });

  it('refuses an island: its ids and hydration script belong to its page', async () => {
    await expect(
      renderOnce('test island', undefined, async () => '<astro-island uid="x" prefix="r1"></astro-island>'),
    ).rejects.toThrow('an island cannot be reused');
  });
});

describe('renderOnce in astro dev', () => {
  it('renders every time, so an edited component shows at once', async () => {
    vi.stubEnv('DEV', true);
    const part = counted('<aside>');
    await renderOnce('test dev', undefined, part.render);
    await renderOnce('test dev', undefined, part.render);
    expect(part.calls()).toBe(2);
    vi.unstubAllEnvs();
  });
});
