import { describe, expect, it } from 'vitest';
import { bodyWordCount, WORDS_PER_MINUTE } from '../../src/dashboard/features/article-form/word-count.ts';

describe('bodyWordCount', () => {
  it('counts the words of the text, not the markup or lone punctuation', () => {
    expect(bodyWordCount('<h2>Solar&nbsp;auctions</h2><p>The grid — <strong>reshaped</strong>.</p>')).toEqual({
      words: 5,
      minutes: 1,
    });
  });

  it('joins no words across block ends', () => {
    expect(bodyWordCount('<p>one</p><p>two</p><ul><li>three</li></ul>').words).toBe(3);
  });

  it('an empty body is no words and no minutes', () => {
    expect(bodyWordCount('')).toEqual({ words: 0, minutes: 0 });
    expect(bodyWordCount('<p><br></p>')).toEqual({ words: 0, minutes: 0 });
  });

  it('rounds the reading time up to whole minutes', () => {
    const body = (n: number) => `<p>${Array.from({ length: n }, () => 'word').join(' ')}</p>`;
    expect(bodyWordCount(body(WORDS_PER_MINUTE)).minutes).toBe(1);
    expect(bodyWordCount(body(WORDS_PER_MINUTE + 1)).minutes).toBe(2);
  });
});
