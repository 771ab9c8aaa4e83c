import { useState } from 'react';
import { fieldText, MERGE_FIELDS, type MergeField, type Side } from '../article-merge.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { htmlToText } from '../../../../lib/rules/text.ts';
import { diffWords } from '../text-diff.ts';
import { Modal } from '../../../shared/components/Modal.tsx';
import type { Conflict } from '../hooks/use-collab-save.ts';
import { TextDiff } from './TextDiff.tsx';

interface Props {
  conflict: Conflict;
  categoryName: (id: number) => string;
  busy: boolean;
  onSave: (choices: Record<MergeField, Side>) => void;
  onCancel: () => void;
}

/**
 * 'This article was changed by {name} while you were editing.': each field both people changed,
 * their value and this user's side by side (the body as a diff of its text), a choice per field.
 */
export function ConflictDialog({ conflict, categoryName, busy, onSave, onCancel }: Props) {
  const [choices, setChoices] = useState(
    () => Object.fromEntries(conflict.fields.map((f) => [f, 'mine'])) as Record<MergeField, Side>,
  );
  return (
    <Modal
      title={ARTICLE_FORM.changedMeanwhile(conflict.by)}
      onClose={onCancel}
      actions={
        <>
          <button type="button" onClick={onCancel}>
            {ARTICLE_FORM.cancel}
          </button>
          <button type="button" className="dash-primary" disabled={busy} onClick={() => onSave(choices)}>
            {ARTICLE_FORM.saveMerged}
          </button>
        </>
      }
    >
      {conflict.fields.map((field) => (
        <fieldset key={field} className="dash-conflict" data-field={field}>
          <legend>{MERGE_FIELDS[field].label}</legend>
          {field === 'body' ? (
            <p className="dash-diff" aria-label={ARTICLE_FORM.diffLabel}>
              <TextDiff parts={diffWords(htmlToText(conflict.theirs.body), htmlToText(conflict.mine.body))} />
            </p>
          ) : (
            <div className="dash-conflict__sides">
              <div>
                <strong>{ARTICLE_FORM.theirVersion}</strong>
                <p data-side="theirs">{fieldText(conflict.theirs, field, categoryName)}</p>
              </div>
              <div>
                <strong>{ARTICLE_FORM.yourVersion}</strong>
                <p data-side="mine">{fieldText(conflict.mine, field, categoryName)}</p>
              </div>
            </div>
          )}
          {(['mine', 'theirs'] as const).map((side) => (
            <label key={side} className="dash-inline">
              <input
                type="radio"
                name={`conflict-${field}`}
                checked={choices[field] === side}
                onChange={() => setChoices((c) => ({ ...c, [field]: side }))}
              />{' '}
              {side === 'mine' ? ARTICLE_FORM.keepMine : ARTICLE_FORM.useTheirs}
            </label>
          ))}
        </fieldset>
      ))}
    </Modal>
  );
}
