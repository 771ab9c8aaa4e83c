import { formatArticleDate } from '../../../../lib/rules/dates.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

interface Props {
  checked: boolean;
  onChange: (showEditedTag: boolean) => void;
  lastEditedBy: string | null;
  lastEditedAt: string | null;
}

/** 'Show Edited tag' on an edited article, with who last edited it and when. */
export function EditedTagField({ checked, onChange, lastEditedBy, lastEditedAt }: Props) {
  return (
    <div className="dash-field dash-inline">
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />{' '}
        {ARTICLE_FORM.fields.showEditedTag}
      </label>
      {lastEditedBy && (
        <span className="dash-muted"> {ARTICLE_FORM.lastEdited(lastEditedBy, formatArticleDate(lastEditedAt))}</span>
      )}
    </div>
  );
}
