import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { Editor } from '../api/presence.ts';

/** '{name} is also editing this article.' for each other staff member with the form open. */
export function PresenceBanner({ editors }: { editors: Editor[] }) {
  if (!editors.length) return null;
  return (
    <div className="dash-presence" role="status">
      {editors.map((e) => (
        <p key={e.userId}>{ARTICLE_FORM.alsoEditing(e.name)}</p>
      ))}
    </div>
  );
}
