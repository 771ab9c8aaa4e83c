import { describe, expect, it } from 'vitest';
import {
  HEADLINE_FIT_CHARS,
  HEADLINE_STEPS,
  fitHeadline,
  headlineSize,
  refitHeadline,
} from '../../src/lib/rules/headline.ts';

const title = (length: number) => 'x'.repeat(length);

describe('headlineSize', () => {
  it.each([
    [1, 'xl'],
    [60, 'xl'],
    [61, 'l'],
    [70, 'l'],
    [71, 'm'],
    [80, 'm'],
    [81, 's'],
    [90, 's'],
    [91, 'xs'],
    [110, 'xs'],
    [180, 'xs'],
  ] as const)('a %i-character title gets class %s', (length, size) => {
    expect(headlineSize(title(length))).toBe(size);
  });

  it('counts characters, not UTF-16 units, and ignores surrounding spaces', () => {
    expect(headlineSize(`  ${'é'.repeat(60)}  `)).toBe('xl');
    expect(headlineSize('🌍'.repeat(60))).toBe('xl');
  });

  it('covers every title up to 110 characters with a step that fits', () => {
    expect(HEADLINE_FIT_CHARS).toBe(110);
    expect(HEADLINE_STEPS.at(-1)?.maxChars).toBe(HEADLINE_FIT_CHARS);
  });
});

describe('fitHeadline', () => {
  /** A title that needs `lines[size]` lines at each class; the clamp shows 3. */
  function title(size: string, lines: Record<string, number>) {
    const el = {
      dataset: { size } as Record<string, string>,
      get scrollHeight() {
        return lines[el.dataset.size!]! * 30;
      },
      clientHeight: 90,
    };
    return el;
  }

  it('steps down a class at a time until the clamp no longer cuts the title', () => {
    const el = title('l', { xl: 5, l: 4, m: 4, s: 3, xs: 3 });
    fitHeadline(el as unknown as HTMLElement);
    expect(el.dataset.size).toBe('s');
  });

  it('leaves a title that fits at its class, and stops at the smallest', () => {
    const fits = title('xl', { xl: 3, l: 3, m: 3, s: 2, xs: 2 });
    fitHeadline(fits as unknown as HTMLElement);
    expect(fits.dataset.size).toBe('xl');
    const never = title('m', { xl: 9, l: 9, m: 9, s: 9, xs: 9 });
    fitHeadline(never as unknown as HTMLElement);
    expect(never.dataset.size).toBe('xs');
  });

  it('knows every class of HEADLINE_STEPS, in order', () => {
    const el = title('xl', { xl: 4, l: 4, m: 4, s: 4, xs: 4 });
    const seen: string[] = [];
    const dataset = new Proxy(el.dataset, {
      set(target, key, value: string) {
        seen.push(value);
        target[key as string] = value;
        return true;
      },
    });
    fitHeadline({ ...el, dataset, scrollHeight: 120, clientHeight: 90 } as unknown as HTMLElement);
    expect(['xl', ...seen]).toEqual(HEADLINE_STEPS.map((s) => s.size));
  });
});

describe('refitHeadline (after the web fonts load)', () => {
  function title(size: string, lines: Record<string, number>, lineHeight: Record<string, number>) {
    const el = {
      dataset: { size } as Record<string, string>,
      style: {} as Record<string, string>,
      get scrollHeight() {
        return lines[el.dataset.size!]! * lineHeight[el.dataset.size!]!;
      },
      get clientHeight() {
        return 3 * lineHeight[el.dataset.size!]!;
      },
      get offsetHeight() {
        return Math.max(Math.min(el.scrollHeight, el.clientHeight), Number.parseFloat(el.style.minHeight ?? '0') || 0);
      },
    };
    return el;
  }
  const lineHeight = { xl: 40, l: 36, m: 32, s: 30, xs: 28 };

  it('keeps the painted height when the title steps down, so nothing below it moves', () => {
    const el = title('xl', { xl: 4, l: 3, m: 3, s: 3, xs: 3 }, lineHeight);
    const painted = 120; // three lines at xl, as the fallback font fitted it
    refitHeadline(fitHeadline, el as unknown as HTMLElement);
    expect(el.dataset.size).toBe('l');
    expect(el.style.minHeight).toBe(`${painted}px`);
    expect(el.offsetHeight).toBe(painted);
  });

  it('sets nothing when the title still fits', () => {
    const el = title('xl', { xl: 3, l: 3, m: 3, s: 3, xs: 3 }, lineHeight);
    refitHeadline(fitHeadline, el as unknown as HTMLElement);
    expect(el.dataset.size).toBe('xl');
    expect(el.style.minHeight).toBeUndefined();
  });
});
