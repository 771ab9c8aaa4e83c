import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../src/lib/build/data/pdf-size.ts';

describe('formatFileSize', () => {
  it.each([
    [512, '512 B'],
    [2048, '2 KB'],
    [5_632, '5.5 KB'],
    [15_872, '16 KB'],
    [1_258_291, '1.2 MB'],
    [52_428_800, '50 MB'],
  ])('%i bytes read as %s', (bytes, label) => {
    expect(formatFileSize(bytes)).toBe(label);
  });
});
