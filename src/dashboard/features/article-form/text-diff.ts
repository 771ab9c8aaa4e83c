/**
 * A word-level diff for the revision history: which words were kept, removed or added between
 * two texts (longest common subsequence). Plain text in, plain parts out; the History panel
 * shows removed words struck through and added ones highlighted.
 */
export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Beyond this many words per side the diff is not worth its cost: the texts are shown whole. */
export const DIFF_WORD_LIMIT = 4000;

export function diffWords(before: string, after: string): DiffPart[] {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  if (a.length > DIFF_WORD_LIMIT || b.length > DIFF_WORD_LIMIT) {
    return merge([
      ...(a.length ? [{ kind: 'removed' as const, text: a.join(' ') }] : []),
      ...(b.length ? [{ kind: 'added' as const, text: b.join(' ') }] : []),
    ]);
  }
  // lcs[i][j] = length of the common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) parts.push({ kind: 'removed', text: a[i++]! });
    else parts.push({ kind: 'added', text: b[j++]! });
  }
  while (i < a.length) parts.push({ kind: 'removed', text: a[i++]! });
  while (j < b.length) parts.push({ kind: 'added', text: b[j++]! });
  return merge(parts);
}

/** Joins neighbouring parts of the same kind into one run of words. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && last.kind === p.kind) last.text += ` ${p.text}`;
    else out.push({ ...p });
  }
  return out;
}

/** True when the diff shows any change. */
export function hasChanges(parts: DiffPart[]): boolean {
  return parts.some((p) => p.kind !== 'same');
}
