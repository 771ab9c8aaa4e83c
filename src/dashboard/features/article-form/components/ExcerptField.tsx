import { useState } from 'react';
import { EXCERPT_MAX_CHARS, limitExcerpt } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

/** The excerpt, held to its limits as it is typed; what was cut off is said below it (spec §5). */
export function ExcerptField({ value, onChange }: { value: string; onChange: (excerpt: string) => void }) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <div className="dash-field">
      <label htmlFor="dash-excerpt">{ARTICLE_FORM.fields.excerpt}</label>
      <textarea
        id="dash-excerpt"
        rows={3}
        maxLength={EXCERPT_MAX_CHARS}
        value={value}
        onChange={(e) => {
          const limited = limitExcerpt(e.target.value);
          setNote(limited.error);
          onChange(limited.value);
        }}
      />
      {note && (
        <p className="dash-error" role="alert">
          {note}
        </p>
      )}
    </div>
  );
}
