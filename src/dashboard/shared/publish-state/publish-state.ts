/**
 * Where a saved article stands on the public site (issue 12): 'Live', 'Building…', 'Failed: …',
 * 'Scheduled for …' or a draft. The database answers from its publish outbox
 * (`article_publish_state`), which the worker marks built or failed, so the state is right
 * whichever worker or build hook publishes the site. The saves of this session are remembered
 * with their publish sequence, so My Articles can follow an article it just saved until it is live.
 */
import { useQuery } from '@tanstack/react-query';
import { getBrowserClient } from '../../../lib/browser/supabase.ts';

type PublishStateKind = 'draft' | 'archived' | 'scheduled' | 'building' | 'failed' | 'live';

export interface PublishState {
  state: PublishStateKind;
  scheduledFor: string | null;
  error: string | null;
}

/** Publish sequences of this tab's saves, by article id (the dashboard is one page). */
const recentSaves = new Map<number, number>();

export function rememberSave(articleId: number, publishSeq: number): void {
  recentSaves.set(articleId, publishSeq);
}

export function recentSaveSeq(articleId: number): number | undefined {
  return recentSaves.get(articleId);
}

async function getPublishState(articleId: number, seq: number | null): Promise<PublishState> {
  const { data, error } = await getBrowserClient().rpc('article_publish_state', {
    p_id: articleId,
    p_seq: seq as number,
  });
  if (error) throw new Error(error.message);
  const row = data[0];
  const state = (row?.state ?? 'draft') as PublishStateKind;
  return { state, scheduledFor: row?.scheduled_for ?? null, error: row?.error ?? null };
}

/** Polls while the article is on its way (every second while building; a scheduled one each minute). */
export function usePublishState(articleId: number, seq: number | null) {
  return useQuery({
    queryKey: ['publish-state', articleId, seq],
    queryFn: () => getPublishState(articleId, seq),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (state === 'building' || state === 'failed' || state === undefined) return 1_000;
      if (state === 'scheduled') return 60_000;
      return false;
    },
  });
}
