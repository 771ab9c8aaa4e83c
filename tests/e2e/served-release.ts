/**
 * The built site as the static host serves it, pinned for one test file. Other files publish while
 * it runs: every publish rebuilds the work folder (E2E.outDir) in place, so a file that reads it
 * can see a build half written; a served release (E2E.releasesDir) does not change while it may be
 * served, but the oldest is recycled into the next one (renamed, its changed files replaced whole)
 * as new ones go live. A pin hard-links the live release's files into a folder of the test's own,
 * which no publish touches.
 *
 * Article and later listing pages are stored as `x.html` in a release (servedPath in
 * scripts/lib/release/snapshot.ts), where a plain build has `x/index.html`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../../supabase/local/config.ts';
import { E2E } from './env.ts';

export interface Pin {
  dir: string;
  remove(): void;
}

function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) linkTree(source, path.join(to, entry.name));
    else fs.linkSync(source, path.join(to, entry.name));
  }
}

/** Pins the release live now. */
export function pinRelease(): Pin {
  const id = fs.readlinkSync(path.join(E2E.releasesDir, 'current'));
  const dir = path.join(path.dirname(E2E.releasesDir), `e2e-pinned-${process.pid}-${randomBytes(3).toString('hex')}`);
  linkTree(path.join(E2E.releasesDir, id), dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A built article page, in a release's layout or a plain build's. */
export function articleFile(dir: string, segment: string): string {
  const plain = path.join(dir, 'article', segment, 'index.html');
  return fs.existsSync(plain) ? plain : path.join(dir, 'article', `${segment}.html`);
}

const admin = createClient(E2E.apiUrl, loadConfig().serviceRoleKey, { auth: { persistSession: false } });

async function unbuiltChanges(): Promise<number> {
  const { data, error } = await admin.rpc('publish_pending').single<{ changes: number }>();
  if (error) throw new Error(error.message);
  return data.changes;
}

/**
 * Pins the live release together with the data it was built from, as `read` returns it. Polls
 * (the caller's timeout is the limit) for a moment when, after a read, the publish outbox holds
 * no unbuilt change (so everything that read saw is in the live build), and a second read after
 * the pin answers the same (nothing changed meanwhile).
 */
export async function pinReleaseWithData<T>(read: () => Promise<T>): Promise<Pin & { data: T }> {
  for (;;) {
    const before = await read();
    if ((await unbuiltChanges()) === 0) {
      const pin = pinRelease();
      if (JSON.stringify(await read()) === JSON.stringify(before)) return { ...pin, data: before };
      pin.remove();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
