/**
 * Notices when the client of a request goes away before its answer is complete (a browser tab
 * closed, a fetch aborted, a benchmark client that timed out), so the database never spends its
 * time on work nobody will read (db/request-scope.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestScope } from '../db/request-scope.ts';

export function watchClient(req: IncomingMessage, res: ServerResponse): RequestScope {
  const controller = new AbortController();
  const abort = () => {
    if (!res.writableFinished && !controller.signal.aborted) controller.abort();
  };
  res.once('close', abort);
  return {
    signal: controller.signal,
    gone() {
      // After a read of EOF the socket is ended at once, while 'close' fires a loop phase
      // later; Node's HTTP server treats a half-closed request as aborted too.
      const socket = req.socket;
      if (!controller.signal.aborted && (socket.destroyed || socket.readableEnded)) abort();
      return controller.signal.aborted;
    },
  };
}
