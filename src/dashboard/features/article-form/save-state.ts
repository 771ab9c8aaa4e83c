/**
 * What the article form shows about its saves (spec §2, §5; issue 18): the message under the
 * form, the collision waiting for the user's choices, the last save whose publish state is
 * followed, and whether the form is done (saved and on its way back to My Articles).
 */
import { fieldLabels, type MergeField } from './article-merge.ts';
import { ARTICLE_FORM } from '../../../lib/messages/dashboard-article-form.ts';
import type { Conflict } from './hooks/use-collab-save.ts';

export interface SaveState {
  message: { text: string; error: boolean } | null;
  /** Saved for good: the form no longer counts as changed and cannot save again. */
  done: boolean;
  conflict: Conflict | null;
  /** The last save's article and publish sequence: its state on the site shows under the message. */
  lastSave: { id: number; seq: number } | null;
}

export const IDLE: SaveState = { message: null, done: false, conflict: null, lastSave: null };

/** What happened to a save, as the form's hook reports it. */
type SaveEvent =
  /** A save starts: the last message goes. */
  | { type: 'sending' }
  /** The form was not sent (a rule failed) or the save failed: everything typed stays. */
  | { type: 'refused'; text: string }
  | { type: 'archived'; by: string }
  /** Both changed the same fields: the user chooses, field by field. */
  | { type: 'conflict'; conflict: Conflict }
  | { type: 'conflict-closed' }
  /** Saved after a merge: the form stays open on the result. */
  | { type: 'merged'; saved: { id: number; seq: number }; theirsTaken: MergeField[] }
  /** Saved: the form says so and leaves. */
  | { type: 'saved'; saved: { id: number; seq: number }; isEdit: boolean; published: boolean };

export function saveReducer(state: SaveState, event: SaveEvent): SaveState {
  switch (event.type) {
    case 'sending':
      return { ...state, message: null };
    case 'refused':
      return { ...state, message: { text: event.text, error: true } };
    case 'archived':
      return { ...state, message: { text: ARTICLE_FORM.archivedMeanwhile(event.by), error: true } };
    case 'conflict':
      return { ...state, conflict: event.conflict };
    case 'conflict-closed':
      return { ...state, conflict: null };
    case 'merged':
      return {
        ...state,
        lastSave: event.saved,
        message: {
          text: event.theirsTaken.length
            ? ARTICLE_FORM.mergedTheirs(fieldLabels(event.theirsTaken))
            : ARTICLE_FORM.saved,
          error: false,
        },
      };
    case 'saved':
      return {
        ...state,
        lastSave: event.saved,
        done: true,
        message: {
          text: event.isEdit ? ARTICLE_FORM.updated : event.published ? ARTICLE_FORM.published : ARTICLE_FORM.saved,
          error: false,
        },
      };
  }
}
