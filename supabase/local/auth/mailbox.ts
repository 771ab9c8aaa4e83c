import type { Handler } from '../http/context.ts';
import { sendJson } from '../http/util.ts';

// Placeholder until the module is written.
export const handleMailbox: Handler = async (_ctx, _req, res) => sendJson(res, 501, { message: 'not implemented' });
