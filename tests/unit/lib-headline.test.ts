import { describe, expect, it } from 'vitest';
import { HEADLINE_FIT_CHARS, HEADLINE_STEPS, headlineSize } from '../../src/lib/headline.ts';

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
