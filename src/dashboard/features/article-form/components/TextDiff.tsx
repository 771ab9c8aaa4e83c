import type { DiffPart } from '../text-diff.ts';

/** A word diff as text: removed words struck through, added ones highlighted. */
export function TextDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text} </span>
        ) : p.kind === 'removed' ? (
          <del key={i}>{p.text} </del>
        ) : (
          <ins key={i}>{p.text} </ins>
        ),
      )}
    </>
  );
}
