import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerConfig } from '../config.ts';
import type { Engine } from '../db/engine.ts';

/** What every route handler receives besides the request itself. */
export interface AppContext {
  config: ServerConfig;
  engine: Engine;
}

/**
 * A route handler. `subpath` is the part of the URL path after the mount point, starting with
 * '/', still percent-encoded; `url` is the full parsed URL.
 */
export type Handler = (
  ctx: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
) => Promise<void>;
