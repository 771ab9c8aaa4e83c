import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

/** The article's title (required; the slug is made from it when the article is saved). */
export function TitleField({ value, onChange }: { value: string; onChange: (title: string) => void }) {
  return (
    <div className="dash-field">
      <label htmlFor="dash-title">{ARTICLE_FORM.fields.title}</label>
      <input id="dash-title" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
