import { useDeferredValue, useMemo } from 'react';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { RichTextEditor } from '../../../shared/components/RichTextEditor.tsx';
import { bodyWordCount } from '../word-count.ts';

interface Props {
  value: string;
  onChange: (body: string) => void;
  onNormalized: (body: string) => void;
  onSaveShortcut: () => void;
}

/** The article's body in the rich-text editor, with its word count and reading time under it. */
export function BodyField({ value, onChange, onNormalized, onSaveShortcut }: Props) {
  // Counted after the keystroke has painted: typing never waits for the count.
  const deferred = useDeferredValue(value);
  const count = useMemo(() => bodyWordCount(deferred), [deferred]);
  return (
    <div className="dash-field dash-body-field">
      <label htmlFor="dash-body">{ARTICLE_FORM.fields.body}</label>
      <RichTextEditor
        id="dash-body"
        title={ARTICLE_FORM.fields.body}
        value={value}
        onChange={onChange}
        onNormalized={onNormalized}
        onSaveShortcut={onSaveShortcut}
      />
      <p className="dash-muted dash-word-count" data-testid="word-count">
        {ARTICLE_FORM.wordCount(count.words, count.minutes)}
      </p>
    </div>
  );
}
