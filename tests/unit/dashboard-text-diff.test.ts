import { describe, expect, it } from 'vitest';
import { DIFF_WORD_LIMIT, diffWords, hasChanges } from '../../src/dashboard/features/article-form/text-diff.ts';

describe('diffWords', () => {
  it.each([
    ['identical texts', 'a b c', 'a b c', [{ kind: 'same', text: 'a b c' }]],
    [
      'an added word',
      'a c',
      'a b c',
      [
        { kind: 'same', text: 'a' },
        { kind: 'added', text: 'b' },
        { kind: 'same', text: 'c' },
      ],
    ],
    [
      'a removed word',
      'a b c',
      'a c',
      [
        { kind: 'same', text: 'a' },
        { kind: 'removed', text: 'b' },
        { kind: 'same', text: 'c' },
      ],
    ],
    [
      'a replaced word',
      'solar power',
      'wind power',
      [
        { kind: 'removed', text: 'solar' },
        { kind: 'added', text: 'wind' },
        { kind: 'same', text: 'power' },
      ],
    ],
    ['from nothing', '', 'new text', [{ kind: 'added', text: 'new text' }]],
    ['to nothing', 'old text', '', [{ kind: 'removed', text: 'old text' }]],
    ['whitespace only differs', 'a  b\n', 'a b', [{ kind: 'same', text: 'a b' }]],
  ])('%s', (_, before, after, parts) => expect(diffWords(before, after)).toEqual(parts));

  it('shows huge texts whole instead of diffing them', () => {
    const big = Array.from({ length: DIFF_WORD_LIMIT + 1 }, (_, i) => `w${i}`).join(' ');
    expect(diffWords(big, 'x').map((p) => p.kind)).toEqual(['removed', 'added']);
  });

  it('hasChanges', () => {
    expect(hasChanges(diffWords('a', 'a'))).toBe(false);
    expect(hasChanges(diffWords('a', 'b'))).toBe(true);
  });
});
