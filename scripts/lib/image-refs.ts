/**
 * Which page names which build renditions (the `build` image mode, scripts/lib/image-renditions.ts),
 * kept in the build's cache folder beside the route manifest. The build step updates the pages it
 * rendered; a release (scripts/lib/release/work-dir.ts) keeps the renditions a remaining page names and
 * prunes the rest. Apart from the renderer, so releases do not load sharp.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The rendition cache's folder in the build's cache folder (kept when a failed build clears it). */
export const RENDITION_CACHE = 'image-renditions';
/** The refs file in the build's cache folder. */
export const IMAGE_REFS = 'image-refs.json';

export interface ImageRefs {
  version: 1;
  /** Output file (relative to outDir, with `/`) → renditions it names (`_img/<key>-<w>.webp`). */
  pages: Record<string, string[]>;
}

export function readImageRefs(cacheDir: string): ImageRefs {
  try {
    const refs = JSON.parse(fs.readFileSync(path.join(cacheDir, IMAGE_REFS), 'utf8')) as ImageRefs;
    if (refs?.version === 1 && refs.pages && typeof refs.pages === 'object') return refs;
  } catch {
    // none yet, or unreadable: no page names a rendition
  }
  return { version: 1, pages: {} };
}

export function writeImageRefs(cacheDir: string, refs: ImageRefs): void {
  writeAtomic(path.join(cacheDir, IMAGE_REFS), JSON.stringify(refs));
}

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export function writeAtomic(file: string, data: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    fs.writeFileSync(tmp, data);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * writeAtomic for text made a part at a time: each part is written as it comes, and the event
 * loop turns while it is, so a large file never holds the process up in one piece.
 */
export async function writeAtomicParts(file: string, parts: Iterable<string>): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  const out = await fs.promises.open(tmp, 'w');
  try {
    for (const part of parts) await out.write(part);
    await out.close();
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await out.close().catch(() => {});
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
}

/**
 * The renditions that the pages in `kept` (output files relative to outDir) name; drops the
 * entries of every other page from `refs` and says whether it did.
 */
export function keptRenditions(
  refs: ImageRefs,
  kept: (page: string) => boolean,
): { names: Set<string>; changed: boolean } {
  const names = new Set<string>();
  let changed = false;
  for (const [page, renditions] of Object.entries(refs.pages)) {
    if (!kept(page)) {
      delete refs.pages[page];
      changed = true;
      continue;
    }
    for (const r of renditions) names.add(r);
  }
  return { names, changed };
}
