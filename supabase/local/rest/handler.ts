import type { AppContext, Handler } from '../http/context.ts';
import { sendJson } from '../http/util.ts';

// Placeholder: replaced by the PostgREST implementation.
export async function createRestHandler(_ctx: AppContext): Promise<{ handle: Handler; reload(): Promise<void> }> {
  return { handle: async (_c, _req, res) => sendJson(res, 501, { message: 'not implemented' }), reload: async () => {} };
}
