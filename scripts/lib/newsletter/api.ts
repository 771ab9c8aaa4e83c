/**
 * The sender's calls to the database, through the API with a secret key (the same calls work
 * against hosted Supabase): the queue functions of 20261127100300 and two reads.
 */
import type { IssueContent } from '../../../src/lib/rules/newsletter/email.ts';

export interface ClaimedDelivery {
  id: number;
  kind: 'issue' | 'welcome' | 'test';
  issue_id: number | null;
  subscriber_id: number | null;
  email: string;
  attempts: number;
}

export type DeliveryResult =
  | { id: number; outcome: 'sent' }
  | { id: number; outcome: 'retry'; error: string; retry_in_ms: number }
  | { id: number; outcome: 'failed'; error: string };

export interface SenderApi {
  recover(): Promise<number>;
  due(): Promise<number>;
  claim(limit: number): Promise<ClaimedDelivery[]>;
  report(results: DeliveryResult[]): Promise<number>;
  content(issueId: number): Promise<IssueContent | null>;
  subscriberEmail(id: number): Promise<{ email: string; status: string } | null>;
  unsubscribe(id: number, email: string): Promise<boolean>;
}

export function createSenderApi(apiUrl: string | (() => string), secretKey: string): SenderApi {
  async function call<T>(path: string, init: { method: string; body?: unknown }): Promise<T> {
    const base = (typeof apiUrl === 'function' ? apiUrl() : apiUrl).replace(/\/+$/, '');
    const res = await fetch(`${base}/rest/v1/${path}`, {
      method: init.method,
      headers: {
        apikey: secretKey,
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/json',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path.split('?')[0]}: HTTP ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  const rpc = <T>(fn: string, args: object = {}) => call<T>(`rpc/${fn}`, { method: 'POST', body: args });
  return {
    recover: () => rpc<number>('newsletter_recover'),
    due: () => rpc<number>('newsletter_due'),
    claim: (limit) => rpc<ClaimedDelivery[]>('newsletter_claim', { p_limit: limit }),
    report: (results) => rpc<number>('newsletter_report', { p_results: results }),
    content: (issueId) => rpc<IssueContent | null>('newsletter_issue_content', { p_issue_id: issueId }),
    async subscriberEmail(id) {
      const rows = await call<{ email: string; status: string }[]>(
        `newsletter_subscribers?select=email,status&id=eq.${id}`,
        { method: 'GET' },
      );
      return rows[0] ?? null;
    },
    unsubscribe: (id, email) => rpc<boolean>('newsletter_unsubscribe', { p_subscriber_id: id, p_email: email }),
  };
}
