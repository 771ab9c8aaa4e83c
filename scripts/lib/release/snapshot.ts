/**
 * A release made from the build's working folder (scripts/lib/release/build.ts): a new folder
 * in the releases folder that hard-links every file unchanged since the previous release and
 * copies the rest, so at 10,000 articles a publish copies a handful of files, not 11,000, and no
 * release ever shares an inode with workDir. Unchanged means the signature in workDir is as
 * recorded then, or, for a file the build wrote again (the pages without a cacheKey, the bundles
 * Vite emits on every build), the same bytes: a build of the same data and code writes the same
 * bytes, so only what changed is new in the release and counted as such.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileListPath, type FileList, type Release, type ReleaseSite, type Signature } from './releases.ts';

/**
 * Where a built file goes in a release. The pages whose number grows with the content (one per
 * article, one per listing page after the first) are stored as `x.html` instead of Astro's
 * `x/index.html`, which the static host serves for `/x` alike (`try_files $uri.html` in nginx;
 * scripts/lib/static-files.ts): a folder per page made every snapshot create, and every deleted
 * release free, 11,000 folders at 10,000 articles, ~1 s per publish on this disk against ~0.1 s
 * for links in a few big folders (docs/performance-history.md). Everything else keeps its path.
 */
export function servedPath(rel: string): string {
  const m = /^((?:article\/[^/]+)|(?:(?:category|author)\/[^/]+\/\d+))\/index\.html$/.exec(
    rel.split(path.sep).join('/'),
  );
  return m ? `${m[1]}.html` : rel;
}

/** A signature's size (`ino:size:mtimeNs`, work-dir.ts). */
const sizeOf = (sig: string) => sig.split(':')[1];

/** Do two files hold the same bytes? Read only when their signatures give the same size. */
function sameBytes(sigA: string, sigB: string, a: string, b: string): boolean {
  return sizeOf(sigA) === sizeOf(sigB) && fs.readFileSync(a).equals(fs.readFileSync(b));
}

function newReleaseId(): string {
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

/** workDir → a new release folder: hard links for files unchanged since the current release. */
export async function snapshot(
  site: ReleaseSite,
  files: Map<string, Signature>,
  previous: Release | undefined,
  previousFiles: FileList,
): Promise<{ release: Release; copied: number }> {
  const id = newReleaseId();
  const release = { id, dir: path.join(site.releasesDir, id) };
  let copied = 0;
  try {
    // Synchronous, like the prune: ~11,000 folders and links at 10,000 articles take a few
    // hundred ms this way and seconds through the thread pool, all on the path from a publish
    // to the page being live. The static host runs on its own thread, so it is not held up.
    // Sorted, a folder comes after its parent, so each mkdir needs no recursive lookup.
    fs.mkdirSync(release.dir, { recursive: true });
    const served = new Map([...files.keys()].map((rel) => [rel, servedPath(rel)]));
    const dirs = [...new Set([...served.values()].map((rel) => path.dirname(rel)))].filter((d) => d !== '.').sort();
    for (const dir of dirs) fs.mkdirSync(path.join(release.dir, dir), { recursive: true });
    for (const [rel, sig] of files) {
      const target = path.join(release.dir, served.get(rel)!);
      const before = previousFiles[rel];
      if (previous && before !== undefined) {
        const source = path.join(previous.dir, served.get(rel)!);
        try {
          if (before === sig || sameBytes(before, sig, source, path.join(site.workDir, rel))) {
            fs.linkSync(source, target);
            continue;
          }
        } catch {
          // Gone from the previous release, or another device: copy instead.
        }
      }
      fs.copyFileSync(path.join(site.workDir, rel), target);
      copied++;
    }
    await fs.promises.writeFile(fileListPath(site.releasesDir, id), JSON.stringify(Object.fromEntries(files)));
  } catch (e) {
    await fs.promises.rm(release.dir, { recursive: true, force: true });
    throw e;
  }
  return { release, copied };
}
