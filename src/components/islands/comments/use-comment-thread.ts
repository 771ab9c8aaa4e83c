/**
 * The comment thread's state and actions: one read of the comments and one of the viewer's
 * reactions when the thread mounts (and when the session changes), then writes that update the
 * list from the rows the database returns. Reactions are optimistic and rolled back on failure.
 * Failures become a message for the comment (or the form) and never lose typed text: the
 * caller's text stays in its box until the write succeeded.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  deleteComment,
  editComment,
  listComments,
  listMyReactions,
  postComment,
  restoreComment,
  sendReaction,
} from '../../../lib/browser/interactions/comments-api.ts';
import { visibleComments, type CommentRow } from '../../../lib/rules/interactions/comment-rules.ts';
import {
  applyReaction,
  nextReaction,
  reactionChange,
  type ReactionType,
} from '../../../lib/rules/interactions/reactions.ts';
import { INTERACTIONS } from '../../../lib/messages/interactions.ts';

type LoadState = 'idle' | 'loading' | 'ready' | 'error';

export interface Thread {
  load: LoadState;
  comments: CommentRow[];
  mine: ReadonlyMap<number, ReactionType>;
  /** A failure message per comment id. */
  errors: Readonly<Record<number, string>>;
  post(text: string): Promise<boolean>;
  edit(id: number, text: string): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  restore(id: number): Promise<boolean>;
  react(id: number, type: ReactionType): Promise<void>;
}

/** `userId` undefined: the session is not known yet (static HTML), nothing loads. */
export function useCommentThread(articleId: number, userId: string | null | undefined): Thread {
  const [load, setLoad] = useState<LoadState>('idle');
  const [comments, setComments] = useState<CommentRow[]>([]);
  const [mine, setMine] = useState<ReadonlyMap<number, ReactionType>>(new Map());
  const [errors, setErrors] = useState<Record<number, string>>({});
  const mineRef = useRef(mine);
  mineRef.current = mine;

  useEffect(() => {
    if (userId === undefined || articleId <= 0) return;
    let current = true;
    setLoad('loading');
    (async () => {
      const rows = visibleComments(await listComments(articleId, userId !== null), userId);
      const reactions = userId
        ? await listMyReactions(
            userId,
            rows.map((c) => c.id),
          )
        : new Map();
      return { rows, reactions };
    })().then(
      ({ rows, reactions }) => {
        if (!current) return;
        setComments(rows);
        setMine(reactions);
        setLoad('ready');
      },
      () => current && setLoad('error'),
    );
    return () => {
      current = false;
    };
  }, [articleId, userId]);

  const setError = useCallback((id: number, message: string | null) => {
    setErrors((all) => {
      const next = { ...all };
      if (message) next[id] = message;
      else delete next[id];
      return next;
    });
  }, []);

  const replace = (row: CommentRow) => setComments((all) => all.map((c) => (c.id === row.id ? row : c)));

  const write = async (id: number, send: () => Promise<CommentRow>): Promise<boolean> => {
    try {
      replace(await send());
      setError(id, null);
      return true;
    } catch (e) {
      setError(id, (e instanceof Error && e.message) || INTERACTIONS.commentUpdateFailed);
      return false;
    }
  };

  return {
    load,
    comments,
    mine,
    errors,
    async post(text) {
      if (!userId || !text.trim()) return false;
      const row = await postComment(userId, articleId, text.trim());
      setComments((all) => [...all, row]);
      return true;
    },
    edit: (id, text) => write(id, () => editComment(id, text.trim())),
    remove: (id) => write(id, () => deleteComment(id)),
    restore: (id) => write(id, () => restoreComment(id)),
    async react(id, type) {
      if (!userId) return;
      const before = mineRef.current.get(id) ?? null;
      const after = nextReaction(before, type);
      const apply = (from: ReactionType | null, to: ReactionType | null) => {
        setComments((all) => all.map((c) => (c.id === id ? applyReaction(c, from, to) : c)));
        setMine((all) => {
          const next = new Map(all);
          if (to) next.set(id, to);
          else next.delete(id);
          return next;
        });
      };
      apply(before, after);
      try {
        await sendReaction(userId, id, reactionChange(before, type));
        setError(id, null);
      } catch {
        apply(after, before);
        setError(id, INTERACTIONS.reactionFailed);
      }
    },
  };
}
