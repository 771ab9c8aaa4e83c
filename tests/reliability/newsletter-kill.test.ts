/**
 * Issue 30, the newsletter sender killed mid-send: SIGKILLed while an issue goes out to 400
 * subscribers, then started again. Nobody gets the issue twice: the rows the dead sender had
 * claimed are failed as interrupted (at most once), everything else is sent exactly once, and
 * the issue ends 'sent'. The SMTP side is the local catcher, counting copies per address.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addSubscribers,
  issueDeliveries,
  issueStatus,
  killProcess,
  makeIssue,
  sendIssue,
  startSenderProcess,
  stopSenderProcess,
} from '../../scripts/bench/lib/newsletter/setup.ts';
import { deploy, type Deployment } from '../../scripts/bench/lib/reliability/deployment.ts';
import { startMailCatcher, type MailCatcher } from '../../scripts/lib/mail-catcher.ts';

const SUBSCRIBERS = 400;
const KILL_AFTER = 120;
const BATCH = 50;

describe('pglite: newsletter sender SIGKILLed mid-send', () => {
  let api: Deployment;
  let catcher: MailCatcher;
  let sender: ChildProcess | undefined;
  beforeAll(async () => {
    [api, catcher] = await Promise.all([deploy('pglite'), startMailCatcher({ httpPort: null, maxMessages: 10_000 })]);
  });
  afterAll(async () => {
    if (sender) await stopSenderProcess(sender);
    await catcher?.close();
    await api?.stop();
  });

  it('sends each address at most once, and all but the interrupted exactly once', async () => {
    await addSubscribers(api.url, api.secretKey, SUBSCRIBERS, 'kill');
    const issueId = await makeIssue(api.url, api.secretKey, 'Kill test issue');
    const options = { apiUrl: api.url, secretKey: api.secretKey, smtpPort: catcher.smtpPort, rate: 150, batch: BATCH };
    sender = await startSenderProcess(options);
    expect(await sendIssue(api.url, api.secretKey, issueId)).toBe(SUBSCRIBERS);
    // The welcome mails of the list (none: bulk imports record no consent), then the issue.
    await catcher.waitForMessage({ after: String(KILL_AFTER), timeoutMs: 60_000 });
    await killProcess(sender);
    const beforeRestart = catcher.received;
    expect(beforeRestart).toBeLessThan(SUBSCRIBERS);

    sender = await startSenderProcess(options);
    for (let last = String(catcher.received); (await issueStatus(api.url, api.secretKey, issueId)) !== 'sent';) {
      // Woken by the next message, or after a second when the last ones are being reported.
      await catcher.waitForMessage({ after: last, timeoutMs: 1000 }).catch(() => {});
      last = String(catcher.received);
    }

    const copies = new Map<string, number>();
    for (const m of catcher.messages()) {
      for (const to of m.envelope.to) copies.set(to, (copies.get(to) ?? 0) + 1);
    }
    const rows = await issueDeliveries(api.url, api.secretKey, issueId);
    const sent = rows.filter((r) => r.status === 'sent');
    const interrupted = rows.filter((r) => r.status === 'failed' && r.last_error?.startsWith('interrupted'));
    console.log(
      `[reliability] newsletter kill: ${beforeRestart} caught before SIGKILL; ${sent.length} sent, ` +
        `${interrupted.length} interrupted (of ${rows.length}); ${catcher.received} messages caught in all`,
    );
    expect(rows).toHaveLength(SUBSCRIBERS);
    expect([...copies.values()].filter((n) => n > 1)).toEqual([]);
    expect(sent.length + interrupted.length).toBe(SUBSCRIBERS);
    for (const r of sent) expect(copies.get(r.email)).toBe(1);
    // Only rows the dead sender had claimed (one batch) can be interrupted.
    expect(interrupted.length).toBeLessThanOrEqual(BATCH);
    expect(catcher.received).toBeGreaterThanOrEqual(sent.length);
  });
});
