import { ARTICLE_FORM } from '../../../../lib/messages/dashboard.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

interface Props {
  value: string;
  onChange: (body: string) => void;
  onNormalized: (body: string) => void;
}

/** The article's body in the rich-text editor. */
export function BodyField({ value, onChange, onNormalized }: Props) {
  return (
    <div className="dash-field">
      <label htmlFor="dash-body">{ARTICLE_FORM.fields.body}</label>
      <RichTextEditor id="dash-body" value={value} onChange={onChange} onNormalized={onNormalized} />
    </div>
  );
}
