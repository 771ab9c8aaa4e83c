/**
 * Beside the route manifest (route-manifest.ts): the keyed pages the builds since the last
 * release rendered or stopped producing (output files, `/`-separated), so the release step
 * (scripts/lib/release/work-dir.ts) looks at those, not at every page. Builds add to it; the
 * release step removes it once a release holds their pages. `complete`: every page was rendered
 * (no manifest from this code).
 */
import fs from 'node:fs';
import path from 'node:path';

const ROUTE_CHANGES = 'routes-changed.json';

export interface RouteChanges {
  complete?: boolean;
  rendered?: string[];
  removed?: string[];
}

/** The changes recorded in `cacheDir` since the last release, or null when there are none. */
export function readRouteChanges(cacheDir: string): RouteChanges | null {
  try {
    const changes = JSON.parse(fs.readFileSync(path.join(cacheDir, ROUTE_CHANGES), 'utf8')) as RouteChanges;
    return changes && typeof changes === 'object' ? changes : null;
  } catch {
    return null;
  }
}

/** Adds one build's changes to those recorded in `cacheDir` (written atomically). */
export function recordRouteChanges(cacheDir: string, build: RouteChanges): void {
  const before = readRouteChanges(cacheDir);
  let next: RouteChanges;
  if (build.complete || before?.complete) next = { complete: true };
  else {
    const rendered = new Set(before?.rendered ?? []);
    const removed = new Set(before?.removed ?? []);
    for (const file of build.removed ?? []) {
      rendered.delete(file);
      removed.add(file);
    }
    for (const file of build.rendered ?? []) {
      removed.delete(file);
      rendered.add(file);
    }
    next = { rendered: [...rendered], removed: [...removed] };
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  const file = path.join(cacheDir, ROUTE_CHANGES);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(next));
  fs.renameSync(tmp, file);
}

/** Removes the recorded changes (a release now holds them). */
export function forgetRouteChanges(cacheDir: string): void {
  fs.rmSync(path.join(cacheDir, ROUTE_CHANGES), { force: true });
}
