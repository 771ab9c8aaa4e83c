/**
 * What the site knows about Storage URLs: which ones are public objects of the configured
 * project (and so can be transformed or downloaded as attachments), and how to ask for that.
 */
import { PUBLIC_SUPABASE_URL } from '../env.ts';

const PUBLIC_OBJECT = '/storage/v1/object/public/';

/**
 * The path after `/object/public/` ('{bucket}/{name}', still encoded) when `url` is a plain
 * public object URL of the API at `apiUrl`, else null (another host, a query, not a URL).
 */
export function publicObjectPath(url: string, apiUrl: string): string | null {
  // A responsive image asks five times in a row for the same URL (its src and four widths), and
  // a build of 10,000 articles shows the same few hundred images on its 11,000 pages: each is
  // parsed once, not once per page that shows it.
  if (last?.url === url && last.apiUrl === apiUrl) return last.path;
  let paths = parsed.get(apiUrl);
  if (!paths) parsed.set(apiUrl, (paths = new Map()));
  let path = paths.get(url);
  if (path === undefined) {
    path = parsePublicObjectPath(url, apiUrl);
    // Bounded: a process that renders many builds sees every image the site ever had.
    if (paths.size >= PARSED_LIMIT) paths.clear();
    paths.set(url, path);
  }
  last = { url, apiUrl, path };
  return path;
}

let last: { url: string; apiUrl: string; path: string | null } | undefined;
/** Answers by API URL, then URL (both strings: the answer depends on nothing else). */
const parsed = new Map<string, Map<string, string | null>>();
const PARSED_LIMIT = 20_000;

function parsePublicObjectPath(url: string, apiUrl: string): string | null {
  let parsed: URL;
  let api: URL;
  try {
    parsed = new URL(url);
    api = new URL(apiUrl);
  } catch {
    return null;
  }
  const base = api.pathname.replace(/\/+$/, '');
  if (parsed.origin !== api.origin || !parsed.pathname.startsWith(base + PUBLIC_OBJECT)) return null;
  if (parsed.search || parsed.hash) return null;
  return parsed.pathname.slice(base.length + PUBLIC_OBJECT.length) || null;
}

/**
 * A link that downloads a stored file. The `download` attribute is ignored for another origin,
 * so Storage itself is asked for an attachment (`?download` → Content-Disposition); any other URL
 * is returned as it is.
 */
export function downloadUrl(url: string, apiUrl: string = PUBLIC_SUPABASE_URL): string {
  return publicObjectPath(url, apiUrl) ? `${url}?download` : url;
}
