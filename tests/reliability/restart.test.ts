/**
 * Issue 13, restarts: the local server SIGKILLed in the middle of concurrent writes and started
 * again on the same data (PGlite's data folder on disk; the same PostgreSQL cluster). Every
 * write a client saw acknowledged is there exactly once, a write whose answer never came is
 * there at most once, nothing refused is there, and the server answers a fresh read and write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, type Deployment, type Engine } from '../../scripts/bench/lib/reliability/deployment.ts';
import { killDuringWrites } from '../../scripts/bench/lib/reliability/restart.ts';
import { describeStatuses, fiveXx } from '../../scripts/bench/lib/reliability/verify.ts';

const CLIENTS = 12;
const KILL_AFTER_ACKS = 250;

for (const engine of ['pglite', 'postgres'] as Engine[]) {
  describe(`${engine}: SIGKILL during writes`, () => {
    let api: Deployment;
    beforeAll(async () => {
      api = await deploy(engine);
    });
    afterAll(async () => {
      await api?.stop();
    });

    it('keeps every acknowledged write and opens cleanly after the restart', async () => {
      const { verdict, ackedBeforeKill, freshRead, freshWrite, freshWriteRows, statuses, anomalies } =
        await killDuringWrites(api, {
          clients: CLIENTS,
          killAfterAcks: KILL_AFTER_ACKS,
        });
      console.log(
        `[reliability] ${engine} restart: killed after ${ackedBeforeKill} acknowledged writes; ` +
          `${verdict.acked} acknowledged, ${verdict.found} found; ${verdict.unknown} unanswered, ` +
          `${verdict.unknownWritten} of them written; ${describeStatuses(statuses)}`,
      );
      expect(ackedBeforeKill).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(anomalies).toEqual([]);
      expect(fiveXx(statuses)).toBe(0);
      expect(verdict.lost).toEqual([]);
      expect(verdict.duplicated).toEqual([]);
      expect(verdict.refusedButWritten).toEqual([]);
      expect(verdict.toggleMismatches).toEqual([]);
      expect(verdict.counterMismatches).toEqual([]);
      expect(verdict.found).toBe(verdict.acked);
      expect(freshRead).toBe(200);
      expect(freshWrite).toBe(201);
      expect(freshWriteRows).toBe(1);
    });
  });
}
