/**
 * sw.js without Workbox's bundling on every build. Workbox makes sw.js from a template holding
 * the options and the precache list, bundled with its runtime by Rollup, Babel and Terser:
 * ~1.5 s of one core at the end of every build that makes a new sw.js (every full build after a
 * code change: the assets' names change), while the second core waits.
 *
 * The bundling only carries the precache list through, as an array of `{url, revision}`. So
 * the bundle is made once with a placeholder list, kept by its input (the template with the
 * placeholder, the bundling options and Workbox's version) in `node_modules/.cache/sw-bundle/`,
 * and each build writes it with its own list printed in the placeholder's place as Terser prints
 * an array. The code around the list is Workbox's output for that template; only the names
 * Terser picks for variables can differ from a bundle of the real list, since Terser picks
 * them by how often each character occurs in the whole file, strings included. The same
 * inputs always give the same file. Anything else (a list entry with more than a url and a
 * revision, a string Terser might print otherwise, a bundle that is not one file, the
 * placeholder not found once) goes to Workbox's own bundling.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './paths.ts';

interface BundleArgs {
  babelPresetEnvTargets: string[];
  inlineWorkboxRuntime: boolean;
  mode: string;
  sourcemap: boolean;
  swDest: string;
  unbundledCode: string;
}
type Bundle = (args: BundleArgs) => Promise<{ name: string; contents: string | Uint8Array }[]>;
interface ManifestEntry {
  url: string;
  revision: string | null;
}

/** workbox-build as @vite-pwa/astro finds it (through vite-plugin-pwa), should there be two. */
function workboxBuild(): string {
  let from = import.meta.url;
  for (const specifier of ['@vite-pwa/astro', 'vite-plugin-pwa', 'workbox-build/package.json']) {
    from = pathToFileURL(createRequire(from).resolve(specifier)).href;
  }
  return path.dirname(fileURLToPath(from));
}
const require = createRequire(import.meta.url);
/**
 * The module whose `bundle` workbox-build's generateSW calls (looked up at each call), loaded
 * when a build makes sw.js: it loads Rollup, Babel and Terser.
 */
const bundler = () => require(path.join(workboxBuild(), 'build/lib/bundle.js')) as { bundle: Bundle };
const workboxVersion = () => (require(path.join(workboxBuild(), 'package.json')) as { version: string }).version;

const SW_BUNDLE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'sw-bundle');

const PLACEHOLDER_URL = 'precache-list-placeholder';
/** How Workbox's template writes the list (templates/sw-template.js). */
const listText = (entries: ManifestEntry[]) => JSON.stringify(entries, null, 2);
/** How Terser prints the placeholder list in the bundle. */
const PLACEHOLDER_PRINTED = `[{url:"${PLACEHOLDER_URL}",revision:null}]`;
/** Characters Terser prints in a string literal as JSON does (paths and hex revisions are). */
const PLAIN = /^[\w\-./~:@!$&'()*+,;=%?#[\]]*$/;

/** The list as Terser prints it, or undefined when it might print it otherwise. */
export function printedList(entries: ManifestEntry[]): string | undefined {
  const parts: string[] = [];
  for (const entry of entries) {
    const keys = Object.keys(entry);
    if (keys.length !== 2 || keys[0] !== 'url' || keys[1] !== 'revision') return undefined;
    if (!PLAIN.test(entry.url) || (entry.revision !== null && !PLAIN.test(entry.revision))) return undefined;
    parts.push(
      `{url:${JSON.stringify(entry.url)},revision:${entry.revision === null ? 'null' : JSON.stringify(entry.revision)}}`,
    );
  }
  return `[${parts.join(',')}]`;
}

/** The precache list in Workbox's template output, and the code before and after it. */
function splitTemplate(code: string): { before: string; entries: ManifestEntry[]; after: string } | undefined {
  const call = code.indexOf('precacheAndRoute([');
  if (call < 0 || code.indexOf('precacheAndRoute([', call + 1) >= 0) return undefined;
  const start = call + 'precacheAndRoute('.length;
  const end = code.indexOf('\n]', start);
  if (end < 0) return undefined;
  const text = code.slice(start, end + 2);
  let entries: ManifestEntry[];
  try {
    entries = JSON.parse(text) as ManifestEntry[];
  } catch {
    return undefined;
  }
  if (!Array.isArray(entries) || entries.length === 0 || listText(entries) !== text) return undefined;
  return { before: code.slice(0, start), entries, after: code.slice(end + 2) };
}

let workboxBundle: Bundle | undefined;

/**
 * Puts the kept bundle in front of workbox-build's bundling (once per process; again after
 * `uninstallSwBundleCache`).
 */
export function installSwBundleCache(dir = SW_BUNDLE_CACHE): void {
  if (workboxBundle) return;
  const module = bundler();
  const version = workboxVersion();
  const own = module.bundle;
  workboxBundle = own;
  module.bundle = async (args) => {
    const split = args.inlineWorkboxRuntime && !args.sourcemap ? splitTemplate(args.unbundledCode) : undefined;
    const printed = split && printedList(split.entries);
    if (!split || printed === undefined) return own(args);
    const generic = `${split.before}${listText([{ url: PLACEHOLDER_URL, revision: null }])}${split.after}`;
    const { swDest: _swDest, ...rest } = args;
    const key = createHash('sha256')
      .update(JSON.stringify({ workbox: version, ...rest, unbundledCode: generic }))
      .digest('hex');
    const file = path.join(dir, `${key}.js`);
    const once = (text: string) => text.split(PLACEHOLDER_PRINTED).length === 2;
    let code: string | undefined;
    try {
      code = fs.readFileSync(file, 'utf8');
    } catch {
      // not made yet
    }
    if (code === undefined || !once(code)) {
      const files = await own({ ...args, unbundledCode: generic });
      const made = files.length === 1 ? String(files[0]!.contents) : '';
      // Not one file, or the placeholder not printed as expected once: Workbox's own bundle.
      if (!once(made)) return own(args);
      code = made;
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(tmp, code);
        fs.renameSync(tmp, file);
      } catch {
        // A read-only install: this build has its sw.js, the next makes the bundle again.
        fs.rmSync(tmp, { force: true });
      }
    }
    return [{ name: args.swDest, contents: code.replace(PLACEHOLDER_PRINTED, () => printed) }];
  };
}

/** Workbox's own bundling again (tests). */
export function uninstallSwBundleCache(): void {
  if (workboxBundle) bundler().bundle = workboxBundle;
  workboxBundle = undefined;
}
