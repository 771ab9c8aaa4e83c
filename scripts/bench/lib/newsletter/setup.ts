/**
 * What the newsletter's benchmark (scripts/bench/newsletter.ts) and its kill test
 * (tests/reliability/newsletter-kill.test.ts) share: a list of subscribers made in bulk, an issue
 * queued to them, and the sender as its own process (scripts/newsletter-sender.ts), so it can be
 * SIGKILLed mid-send.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../../lib/paths.ts';

async function rest<T>(apiUrl: string, key: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${apiUrl}/rest/v1/${pathAndQuery}`, {
    ...init,
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** `count` active subscribers, `<prefix>-<n>@bench.test`, inserted as the service role in chunks. */
export async function addSubscribers(apiUrl: string, key: string, count: number, prefix = 'reader'): Promise<void> {
  const chunk = 500;
  for (let from = 0; from < count; from += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - from) }, (_, i) => ({
      email: `${prefix}-${from + i}@bench.test`,
    }));
    // Idempotent (on_conflict ignores rows already there): a chunk that timed out on a busy
    // machine is simply sent again.
    for (let attempt = 1; ; attempt++) {
      try {
        await rest(apiUrl, key, 'newsletter_subscribers?on_conflict=email', {
          method: 'POST',
          body: JSON.stringify(rows),
          headers: { prefer: 'return=minimal,resolution=ignore-duplicates' },
        });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
  }
}

/** A published article and a draft issue holding it; returns the issue id. */
export async function makeIssue(apiUrl: string, key: string, subject: string): Promise<number> {
  const slug = `newsletter-bench-${Date.now().toString(36)}`;
  const [article] = await rest<{ id: number }[]>(apiUrl, key, 'articles_meta?select=id', {
    method: 'POST',
    body: JSON.stringify({ title: `Bench story ${slug}`, slug, body: '<p>Body</p>', status: 'published' }),
    headers: { prefer: 'return=representation' },
  });
  return rest<number>(apiUrl, key, 'rpc/save_newsletter_issue', {
    method: 'POST',
    body: JSON.stringify({
      p_id: null,
      p_subject: subject,
      p_preheader: 'Benchmark',
      p_intro_html: '<p>The week in ESG.</p>',
      p_article_ids: [article!.id],
    }),
  });
}

/** Queues the issue now; returns the number of recipients. */
export async function sendIssue(apiUrl: string, key: string, issueId: number): Promise<number> {
  return Number(
    await rest<number>(apiUrl, key, 'rpc/send_newsletter_issue', {
      method: 'POST',
      body: JSON.stringify({ p_issue_id: issueId }),
    }),
  );
}

export async function issueStatus(apiUrl: string, key: string, issueId: number): Promise<string> {
  const [row] = await rest<{ status: string }[]>(apiUrl, key, `newsletter_issues?select=status&id=eq.${issueId}`);
  return row!.status;
}

export interface DeliveryRow {
  id: number;
  email: string;
  status: string;
  last_error: string | null;
}

/** Every queue row of an issue, a page at a time. */
export async function issueDeliveries(apiUrl: string, key: string, issueId: number): Promise<DeliveryRow[]> {
  const out: DeliveryRow[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await rest<DeliveryRow[]>(
      apiUrl,
      key,
      `newsletter_deliveries?select=id,email,status,last_error&issue_id=eq.${issueId}&order=id&limit=1000&offset=${offset}`,
    );
    out.push(...page);
    if (page.length < 1000) return out;
  }
}

export interface SenderProcessOptions {
  apiUrl: string;
  secretKey: string;
  smtpPort: number;
  rate: number;
  batch?: number;
  concurrency?: number;
  /** NODE_OPTIONS for the sender process. */
  nodeOptions?: string;
}

/** scripts/newsletter-sender.ts in its own process; resolves once it has started sending. */
export async function startSenderProcess(o: SenderProcessOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'newsletter-sender.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...(o.nodeOptions && { NODE_OPTIONS: o.nodeOptions }),
      SUPABASE_URL: o.apiUrl,
      SUPABASE_SECRET_KEY: o.secretKey,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(o.smtpPort),
      SMTP_ADMIN_EMAIL: 'newsletter@bench.test',
      SITE_URL: 'http://127.0.0.1:4321',
      NEWSLETTER_UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret-0123456789abcdef',
      NEWSLETTER_PORT: '0',
      NEWSLETTER_RATE: String(o.rate),
      NEWSLETTER_BATCH: String(o.batch ?? 200),
      NEWSLETTER_CONCURRENCY: String(o.concurrency ?? 10),
      NEWSLETTER_POLL_MS: '100',
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Newsletter sender on')) {
        child.stdout!.off('data', onData);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`the sender exited (${code}) before starting:\n${output}`)));
  });
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

/** SIGKILL: no shutdown, no report of the batch in hand. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function stopSenderProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
