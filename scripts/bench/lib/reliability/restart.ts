/**
 * The restart fault (scenario.ts): the server SIGKILLed during concurrent writes and started
 * again on the same data; nothing acknowledged may be lost and the server must answer at once.
 */
import { makeCast, service } from './cast.ts';
import type { Deployment } from './deployment.ts';
import { newLedger, runScenario } from './scenario.ts';
import { verify, type Verdict } from './verify.ts';

export interface RestartResult {
  verdict: Verdict;
  /** Writes acknowledged before the kill. */
  ackedBeforeKill: number;
  /** A read and a write right after the restart. */
  freshRead: number;
  freshWrite: number;
  /** Rows of that fresh write found afterwards (1). */
  freshWriteRows: number;
  statuses: Record<number, number>;
  anomalies: string[];
}

/**
 * Concurrent writes, the server SIGKILLed once `killAfterAcks` writes were acknowledged, the
 * server started again on the same data, then the ledger checked and one fresh read and write.
 */
export async function killDuringWrites(
  api: Deployment,
  { clients, killAfterAcks }: { clients: number; killAfterAcks: number },
): Promise<RestartResult> {
  const cast = await makeCast(api, clients);
  const ledger = newLedger();
  const stop = new AbortController();
  let acks = 0;
  let killing: Promise<void> | undefined;
  await runScenario(api, cast, ledger, {
    clients,
    // Until the kill (the test's own timeout bounds it).
    durationMs: 600_000,
    mix: 'writes',
    signal: stop.signal,
    onAck: () => {
      acks += 1;
      if (acks >= killAfterAcks && !killing) {
        killing = api.kill();
        stop.abort();
      }
    },
  });
  await (killing ?? api.kill());
  const ackedBeforeKill = acks;
  // Requests sent between the kill and the end of the load have no answer: not errors of the server.
  delete ledger.statuses[0];
  await api.restart();
  const verdict = await verify(api, cast, ledger);
  const read = await fetch(`${api.url}/rest/v1/articles_meta?select=id,slug&slug=eq.${cast.articles[1]!.slug}`, {
    headers: { apikey: api.publishableKey, Authorization: `Bearer ${api.publishableKey}` },
  });
  await read.arrayBuffer();
  const reader = cast.readers[0]!;
  const write = await fetch(`${api.url}/rest/v1/analytics`, {
    method: 'POST',
    headers: {
      apikey: api.publishableKey,
      Authorization: `Bearer ${reader.token}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify({ event_type: 'page_view', metadata: { marker: `rel:${cast.run}:after-restart` } }),
  });
  await write.arrayBuffer();
  const written = (await service(
    api,
    'GET',
    `/rest/v1/analytics?select=id&metadata->>marker=eq.rel:${cast.run}:after-restart`,
  )) as unknown[];
  return {
    verdict,
    ackedBeforeKill,
    freshRead: read.status,
    freshWrite: write.status,
    freshWriteRows: written.length,
    statuses: ledger.statuses,
    anomalies: ledger.anomalies,
  };
}
