/**
 * Data saver (issue 27): when the browser asks for less data (`navigator.connection.saveData`, or
 * the `Save-Data: on` request header where the host varies on it) or the reader turns on 'Data
 * saver' in the footer, pages use the system faces (no web-font request), images come from their
 * ≤ 480 px rendition, and nothing loads in the background (the offline worker's precache).
 * docs/design.md, "Data saver".
 */

/** Set on <html> before the first paint; tokens.css switches the families on it. */
export const DATA_SAVER_CLASS = 'data-saver';
/** The reader's choice in local storage: 'on' or 'off'; absent, the browser's wish decides. */
export const DATA_SAVER_KEY = 'data-saver';
/**
 * The same choice as a cookie (`data-saver=on|off`, a year, the site's path), for a host that
 * varies on it as on `Save-Data`: the page then arrives with small images already, before the
 * preload scanner could fetch large ones.
 */
export const DATA_SAVER_COOKIE = 'data-saver';
/** The widest rendition a page asks for in data saver (the renditions are 400, 800, 1200, 1600). */
export const DATA_SAVER_MAX_WIDTH = 480;

/**
 * The candidates of a `srcset` with width descriptors no wider than `max`, and the widest of them
 * as `src`; null when there is none (an image without renditions is left as it is). Self-contained:
 * the head script carries its source.
 */
export function narrowSrcset(srcset: string, max: number): { src: string; srcset: string } | null {
  const kept = srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/))
    .filter((parts) => /^\d+w$/.test(parts[1] ?? '') && parseInt(parts[1] ?? '', 10) <= max)
    .sort((a, b) => parseInt(b[1] ?? '', 10) - parseInt(a[1] ?? '', 10));
  if (!kept.length || !kept[0]?.[0]) return null;
  return { src: kept[0][0], srcset: kept.map((parts) => parts.join(' ')).join(', ') };
}

/**
 * Is data saver on? The reader's stored choice wins; without one, the browser's wish (the
 * connection's saveData, or the class a host that saw `Save-Data: on` already put on <html>).
 */
export function dataSaverWanted(stored: string | null, browserAsks: boolean): boolean {
  return stored === 'on' || stored === 'off' ? stored === 'on' : browserAsks;
}

/**
 * Should a host that varies on them serve the data-saver page? The reader's cookie wins, both
 * ways; without one, `Save-Data: on`.
 */
export function hostServesDataSaver(saveData: string | undefined, cookie: string | undefined): boolean {
  const stored = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`).exec(cookie ?? '')?.[1] ?? null;
  return dataSaverWanted(stored, saveData?.trim().toLowerCase() === 'on');
}

/**
 * The head script (serialised into every public page, run before the first paint): decides data
 * saver, sets the class, and while the page parses narrows every image's srcset to the renditions
 * ≤ `max` px, so images inserted later (islands) are narrowed too. Self-contained: its helpers
 * come in as arguments.
 */
function startDataSaver(
  key: string,
  cls: string,
  max: number,
  wanted: typeof dataSaverWanted,
  narrow: typeof narrowSrcset,
): void {
  const root = document.documentElement;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key);
  } catch {
    // storage blocked: the browser's wish decides
  }
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const on = wanted(stored, Boolean(connection?.saveData) || root.classList.contains(cls));
  root.classList.toggle(cls, on);
  if (!on) return;
  const fit = (img: HTMLImageElement) => {
    const narrowed = narrow(img.getAttribute('srcset') ?? '', max);
    if (!narrowed) return;
    img.setAttribute('srcset', narrowed.srcset);
    img.setAttribute('src', narrowed.src);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLImageElement && node.hasAttribute('srcset')) fit(node);
        else if (node instanceof Element) node.querySelectorAll<HTMLImageElement>('img[srcset]').forEach(fit);
      }
    }
  }).observe(root, { childList: true, subtree: true });
}

/** The head script's source: `startDataSaver` called with the constants and its helpers. */
export function dataSaverScript(): string {
  // The same text on every page: made once (three functions' sources), not 11,000 times.
  if (script === undefined) {
    const args = [JSON.stringify(DATA_SAVER_KEY), JSON.stringify(DATA_SAVER_CLASS), DATA_SAVER_MAX_WIDTH];
    script = `(${startDataSaver.toString()})(${args.join(',')},${dataSaverWanted.toString()},${narrowSrcset.toString()});`;
  }
  return script;
}

let script: string | undefined;

/**
 * What a host that varies on `Save-Data: on` serves (scripts/lib/static-server.ts): the page with
 * the class already on <html> and every srcset narrowed, so even the images the browser's
 * preload scanner fetches before any script runs are the small ones.
 */
export function saveDataHtml(html: string, max = DATA_SAVER_MAX_WIDTH): string {
  const withClass = html.replace(/<html\b([^>]*)>/i, (tag, attrs: string) => {
    if (/\sclass="/.test(attrs)) return tag.replace(/\sclass="/, ` class="${DATA_SAVER_CLASS} `);
    return `<html${attrs} class="${DATA_SAVER_CLASS}">`;
  });
  return withClass.replace(/<img\b[^>]*>/gi, (img) => {
    const srcset = /\ssrcset="([^"]*)"/.exec(img)?.[1];
    const narrowed = srcset ? narrowSrcset(srcset.replace(/&amp;/g, '&'), max) : null;
    if (!narrowed) return img;
    const attr = (value: string) => value.replace(/&/g, '&amp;');
    return img
      .replace(/\ssrcset="[^"]*"/, ` srcset="${attr(narrowed.srcset)}"`)
      .replace(/\ssrc="[^"]*"/, ` src="${attr(narrowed.src)}"`);
  });
}
