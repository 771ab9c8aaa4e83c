/**
 * Issue 13, the local server under load (quick variant; `npm run bench:reliability` is the full
 * one): concurrent readers on loopback read, comment, react, bookmark and record views at once
 * against the server in its own process, on PGlite and on PostgreSQL. No answer may be a 5xx,
 * every acknowledged write must be in the database exactly once, nothing refused or unanswered
 * may be there twice, rate-limit refusals are 4xx PostgREST errors, and no request may see
 * another user's identity (scripts/bench/lib/reliability/scenario.ts checks each answer). Figures are
 * printed, never asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCast } from '../../scripts/bench/lib/reliability/cast.ts';
import { deploy, type Deployment, type Engine } from '../../scripts/bench/lib/reliability/deployment.ts';
import { newLedger, runScenario } from '../../scripts/bench/lib/reliability/scenario.ts';
import { describeStatuses, fiveXx, verify } from '../../scripts/bench/lib/reliability/verify.ts';

const CLIENTS = 24;
const DURATION_MS = 6_000;

for (const engine of ['pglite', 'postgres'] as Engine[]) {
  describe(`${engine}: ${CLIENTS} concurrent readers for ${DURATION_MS / 1000} s`, () => {
    let api: Deployment;
    beforeAll(async () => {
      api = await deploy(engine);
    });
    afterAll(async () => {
      await api?.stop();
    });

    it('answers without a 5xx, keeps every acknowledged write exactly once and never mixes up users', async () => {
      const cast = await makeCast(api, CLIENTS);
      const ledger = newLedger();
      const result = await runScenario(api, cast, ledger, { clients: CLIENTS, durationMs: DURATION_MS, mix: 'mixed' });
      const verdict = await verify(api, cast, ledger);
      console.log(
        `[reliability] ${engine}, ${CLIENTS} clients, ${DURATION_MS / 1000} s: ${Math.round(result.rps)} 2xx/s, ` +
          `p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms; ${describeStatuses(ledger.statuses)}; ` +
          `${verdict.acked} writes acknowledged, ${verdict.found} found; ${ledger.identityChecks} identity checks`,
      );

      expect(ledger.anomalies).toEqual([]);
      expect(fiveXx(ledger.statuses)).toBe(0);
      // Every request was answered (no dropped connection, no 30 s client timeout).
      expect(ledger.statuses[0] ?? 0).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(verdict.lost).toEqual([]);
      expect(verdict.duplicated).toEqual([]);
      expect(verdict.refusedButWritten).toEqual([]);
      expect(verdict.toggleMismatches).toEqual([]);
      expect(verdict.counterMismatches).toEqual([]);
      // The load really wrote, was really refused (the first reader is over the comment limit of
      // 10 a minute) and every other reader checked its identity at least once.
      expect(verdict.acked).toBeGreaterThan(0);
      expect(verdict.found).toBe(verdict.acked);
      expect(ledger.statuses[429] ?? 0).toBeGreaterThan(0);
      expect(ledger.identityChecks).toBeGreaterThanOrEqual(CLIENTS - 1);
    });
  });
}
