import { useRef, useState } from 'react';
import { mergeArticle, type ArticleContent, type MergeField, type VersionedContent } from '../article-merge.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { getArticle, type StoredArticle } from '../api/get-article.ts';
import { useSaveArticle } from '../api/queries.ts';
import { SaveConflictError, SaveNetworkError, type SavedArticle } from '../api/save-article.ts';
import { inputFromForm } from '../form-state.ts';

/** A collision the user resolves field by field. */
export interface Conflict {
  by: string;
  fields: MergeField[];
  mine: ArticleContent;
  theirs: ArticleContent;
  /** Mine with the fields only they changed already taken. */
  merged: ArticleContent;
  /** Fields taken from theirs without asking (for the notice once saved). */
  theirsTaken: MergeField[];
}

export type SaveOutcome =
  | { kind: 'saved'; saved: SavedArticle; content: ArticleContent; theirsTaken: MergeField[] }
  | { kind: 'conflict'; conflict: Conflict }
  | { kind: 'archived'; by: string };

/**
 * The form's save under issue 18's rule. The form remembers the stored version it started from;
 * each save names it and, once accepted, moves on to the version the save produced (so one's own
 * saves chain). A save refused as stale loads the stored article and merges field by field: what
 * only they changed is taken and the save goes through; what both changed is a conflict for the
 * user. A save whose answer was lost is retried with the same key, so it is applied once.
 */
export function useCollabSave(
  articleId: number | null,
  start: VersionedContent | null,
  startAsEdited: ArticleContent,
  /** How the form sees a stored article (SEO fields auto-filled the way the form fills them). */
  view: (a: StoredArticle) => ArticleContent,
) {
  const save = useSaveArticle();
  const base = useRef(start);
  /** What "unchanged" means for this user: the form's starting point as the editor shows it. */
  const mineBase = useRef(startAsEdited);
  const moved = useRef(false);
  // Until the first save or merge, the form's starting point may still change (the editor
  // normalises the body once it loads).
  if (!moved.current) mineBase.current = startAsEdited;
  const lastFailed = useRef<{ key: string; json: string } | null>(null);
  const [merging, setMerging] = useState(false);

  async function send(content: ArticleContent, setAside: ArticleContent | null): Promise<SavedArticle> {
    const input = inputFromForm({ ...content, seoEdited: NO_SEO_EDITS }, content.categoryIds);
    const json = JSON.stringify(input);
    // The user pressing Save again after a lost answer repeats the same save: same key.
    const key = lastFailed.current?.json === json ? lastFailed.current.key : crypto.randomUUID();
    try {
      const saved = await save.mutateAsync({
        id: articleId,
        input,
        baseVersion: base.current?.version ?? null,
        saveKey: key,
        setAside: setAside ? inputFromForm({ ...setAside, seoEdited: NO_SEO_EDITS }, setAside.categoryIds) : null,
      });
      lastFailed.current = null;
      moved.current = true;
      base.current = { version: saved.version, content };
      mineBase.current = content;
      return saved;
    } catch (e) {
      lastFailed.current = e instanceof SaveNetworkError ? { key, json } : null;
      throw e;
    }
  }

  /** Saves `mine`; `setAside` is this user's side of a resolved conflict, kept in the history. */
  async function submit(mine: ArticleContent, setAside: ArticleContent | null = null): Promise<SaveOutcome> {
    const taken: MergeField[] = [];
    let content = mine;
    // Each round either saves or meets a newer stored version; three rounds end a busy streak.
    for (let round = 0; round < 3; round++) {
      try {
        const saved = await send(content, setAside);
        return { kind: 'saved', saved, content, theirsTaken: taken };
      } catch (e) {
        if (!(e instanceof SaveConflictError) || articleId === null || !base.current) throw e;
        if (e.kind === 'archived') return { kind: 'archived', by: e.by };
        setMerging(true);
        try {
          const stored = await getArticle(articleId);
          const theirs = view(stored);
          const result = mergeArticle({
            base: base.current.content,
            mineBase: mineBase.current,
            mine: content,
            theirs,
          });
          base.current = { version: stored.version, content: theirs };
          mineBase.current = theirs;
          moved.current = true;
          taken.push(...result.theirsTaken.filter((f) => !taken.includes(f)));
          if (result.conflicts.length)
            return {
              kind: 'conflict',
              conflict: {
                by: e.by,
                fields: result.conflicts,
                mine: content,
                theirs,
                merged: result.merged,
                theirsTaken: taken,
              },
            };
          content = result.merged;
        } finally {
          setMerging(false);
        }
      }
    }
    throw new Error(ARTICLE_FORM.keepsChanging);
  }

  return {
    submit,
    isPending: save.isPending || merging,
    /** The version this form stands on, for the local backup. */
    base: () => base.current,
    /** A restored local backup brings the version it was started from. */
    restoreBase: (b: VersionedContent | undefined) => {
      if (b) {
        moved.current = true;
        base.current = b;
        mineBase.current = b.content;
      }
    },
  };
}

const NO_SEO_EDITS = { seoTitle: true, metaDescription: true, keywords: true };
