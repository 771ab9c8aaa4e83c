import { formatDateTime } from '../../../lib/rules/dates.ts';
import { ARTICLE_FORM } from '../../../lib/messages/dashboard-article-form.ts';
import { usePublishState, type PublishState } from './publish-state.ts';
import './publish-status.css';

const TEXT = ARTICLE_FORM.publishState;

function publishStateText(s: PublishState): string {
  switch (s.state) {
    case 'live':
      return TEXT.live;
    case 'building':
      return TEXT.building;
    case 'failed':
      return TEXT.failed(s.error ?? 'build failed');
    case 'scheduled':
      return TEXT.scheduled(formatDateTime(s.scheduledFor));
    default:
      return TEXT.draft;
  }
}

/** An article's publish state after a save, followed live (a polite live region). */
export function PublishStatus({ articleId, seq }: { articleId: number; seq: number | null }) {
  const { data } = usePublishState(articleId, seq);
  if (!data || data.state === 'archived') return null;
  return (
    <span
      className={`dash-status dash-publish dash-publish--${data.state}`}
      role="status"
      data-publish-state={data.state}
    >
      {publishStateText(data)}
    </span>
  );
}
