/**
 * The `Prefer` request header and the `Preference-Applied` answer (PostgREST "Prefer Header").
 */

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
}

/** `Prefer: return=representation, count=exact` → object; the first value of each kind wins. */
export function parsePrefer(header: string | undefined): Prefer {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s?.trim());
    if (k && v && !(k in out)) out[k] = v;
  }
  const pick = <T extends string>(k: string, allowed: readonly T[]): T | undefined =>
    allowed.includes(out[k] as T) ? (out[k] as T) : undefined;
  const prefer: Prefer = {};
  const ret = pick('return', ['minimal', 'representation', 'headers-only'] as const);
  const count = pick('count', ['exact', 'planned', 'estimated'] as const);
  const resolution = pick('resolution', ['merge-duplicates', 'ignore-duplicates'] as const);
  const missing = pick('missing', ['default', 'null'] as const);
  if (ret) prefer.return = ret;
  if (count) prefer.count = count;
  if (resolution) prefer.resolution = resolution;
  if (missing) prefer.missing = missing;
  return prefer;
}

export function appliedPreferences(p: Prefer, isWrite: boolean): string {
  const parts: string[] = [];
  if (p.resolution) parts.push(`resolution=${p.resolution}`);
  if (p.missing) parts.push(`missing=${p.missing}`);
  if (isWrite && p.return) parts.push(`return=${p.return}`);
  if (p.count) parts.push(`count=${p.count}`);
  return parts.join(', ');
}
