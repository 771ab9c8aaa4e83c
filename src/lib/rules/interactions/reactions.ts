/**
 * Reaction rules (spec §4): choosing the same type again removes it, the other type switches it,
 * none adds it. Pure, so the island's optimistic update and the tests share one definition.
 */
export type ReactionType = 'like' | 'dislike';

/** What to send for a choice: insert a row, update its type, or delete it. */
export type ReactionChange =
  { kind: 'insert'; type: ReactionType } | { kind: 'update'; type: ReactionType } | { kind: 'delete' };

export function reactionChange(current: ReactionType | null, chosen: ReactionType): ReactionChange {
  if (current === null) return { kind: 'insert', type: chosen };
  if (current === chosen) return { kind: 'delete' };
  return { kind: 'update', type: chosen };
}

/** The user's reaction after the choice. */
export function nextReaction(current: ReactionType | null, chosen: ReactionType): ReactionType | null {
  return current === chosen ? null : chosen;
}

export interface ReactionCounts {
  like_count: number;
  dislike_count: number;
}

/**
 * The counts after the user's reaction moves from `from` to `to`, as the database trigger
 * computes them (never below zero), so the optimistic view matches what a reload shows.
 */
export function applyReaction<T extends ReactionCounts>(
  counts: T,
  from: ReactionType | null,
  to: ReactionType | null,
): T {
  const delta = (type: ReactionType) => (to === type ? 1 : 0) - (from === type ? 1 : 0);
  return {
    ...counts,
    like_count: Math.max(0, counts.like_count + delta('like')),
    dislike_count: Math.max(0, counts.dislike_count + delta('dislike')),
  };
}
