/**
 * The Newsletters screen's calls (issue 30): the functions of 20261127100200/100300. Each checks
 * the caller's role in the database; a refusal comes back as an error whose text the screen never
 * shows (database-errors.ts words it).
 */
import { getBrowserClient } from '../../../../lib/browser/supabase.ts';

export interface HistoryRow {
  id: number;
  subject: string;
  status: string;
  scheduled_at: string | null;
  started_at: string | null;
  sent_at: string | null;
  created_at: string;
  recipients: number;
  sent: number;
  failed: number;
  unsubscribed_since: number;
  total_count: number;
}

export interface Story {
  id: number;
  title: string;
}

export interface IssueDraft {
  id: number | null;
  subject: string;
  preheader: string;
  introHtml: string;
  stories: Story[];
  status: string;
  scheduledAt: string | null;
}

/** Rows of the history per page. */
export const HISTORY_PAGE = 20;
/** Titles the add-a-story search shows (more: type more of the title). */
const SEARCH_LIMIT = 10;

async function call<T>(fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await getBrowserClient().rpc(fn as never, args as never);
  if (error) throw error;
  return data as T;
}

export function listHistory(page: number): Promise<HistoryRow[]> {
  return call<HistoryRow[]>('newsletter_history', { p_limit: HISTORY_PAGE, p_offset: page * HISTORY_PAGE });
}

export async function weekStories(): Promise<Story[]> {
  const rows = await call<{ id: number; title: string }[]>('newsletter_week_stories');
  return rows.map((r) => ({ id: r.id, title: r.title }));
}

export async function loadIssue(id: number): Promise<IssueDraft> {
  const client = getBrowserClient();
  const issue = await client
    .from('newsletter_issues')
    .select('id, subject, preheader, intro_html, status, scheduled_at')
    .eq('id', id)
    .single();
  if (issue.error) throw issue.error;
  const links = await client
    .from('newsletter_issue_articles')
    .select('position, article:articles_meta(id, title)')
    .eq('issue_id', id)
    .order('position');
  if (links.error) throw links.error;
  const stories = (links.data as unknown as { article: Story | null }[])
    .map((l) => l.article)
    .filter((a): a is Story => a !== null);
  return {
    id: issue.data.id,
    subject: issue.data.subject,
    preheader: issue.data.preheader,
    introHtml: issue.data.intro_html,
    stories,
    status: issue.data.status,
    scheduledAt: issue.data.scheduled_at,
  };
}

/** Creates (id null) or updates the draft; returns its id. */
export function saveIssue(d: Pick<IssueDraft, 'id' | 'subject' | 'preheader' | 'introHtml' | 'stories'>) {
  return call<number>('save_newsletter_issue', {
    p_id: d.id,
    p_subject: d.subject,
    p_preheader: d.preheader,
    p_intro_html: d.introHtml,
    p_article_ids: d.stories.map((s) => s.id),
  });
}

export const recipientCount = () => call<number>('newsletter_recipient_count').then(Number);
export const sendIssue = (id: number, at: string | null) =>
  call<number>('send_newsletter_issue', { p_issue_id: id, p_at: at }).then(Number);
export const unscheduleIssue = (id: number) => call<null>('unschedule_newsletter_issue', { p_issue_id: id });
export const sendTest = (id: number) => call<null>('send_newsletter_test', { p_issue_id: id });

/** Published stories whose title contains `term`, newest first: SEARCH_LIMIT and whether more match. */
export async function searchStories(term: string): Promise<{ stories: Story[]; more: boolean }> {
  const t = term.trim();
  if (!t) return { stories: [], more: false };
  const { data, error } = await getBrowserClient()
    .from('articles_meta')
    .select('id, title')
    .eq('status', 'published')
    .is('archived_at', null)
    .ilike('title', `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .order('published_at', { ascending: false })
    .limit(SEARCH_LIMIT + 1);
  if (error) throw error;
  return { stories: data.slice(0, SEARCH_LIMIT), more: data.length > SEARCH_LIMIT };
}
