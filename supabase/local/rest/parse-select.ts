/**
 * The `select` parameter: columns, aliases, casts, JSON paths and embedded resources.
 */
import { RestError } from './errors.ts';
import type { SelectItem } from './ast.ts';
import { parseError, parseField, parseIdentifier, splitTopLevel, unquote } from './scan.ts';

/** Casts allowed in select (a type name, optionally an array): inlined, so strictly checked. */
const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

export function parseSelect(raw: string | null): SelectItem[] {
  if (raw === null || raw.trim() === '') return [{ kind: 'star' }];
  // supabase-js strips whitespace outside quotes; do the same for hand-written URLs.
  const items = splitTopLevel(raw).map((s) => s.trim());
  return items.map(parseSelectItem);
}

function splitAlias(item: string): { alias?: string; body: string } {
  // An alias is `name:` not followed by another ':' (that would be a cast).
  const m = /^("(?:[^"\\]|\\.)+"|[^:("]+):(?!:)(.*)$/s.exec(item);
  if (!m) return { body: item };
  return { alias: unquote(m[1]!.trim()), body: m[2]!.trim() };
}

function parseSelectItem(item: string): SelectItem {
  if (item === '') throw parseError('failed to parse select parameter ()', 'empty select item');
  if (item === '*') return { kind: 'star' };
  const spread = item.startsWith('...');
  const { alias, body } = splitAlias(spread ? item.slice(3) : item);
  // Aggregates (`count()`, `amount.sum()`): hosted Supabase keeps them disabled.
  if (/^(count\(\s*\)|[^()]+\.(sum|avg|min|max|count)\(\s*\))(::.*)?$/.test(body)) {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed', null);
  }
  const paren = body.indexOf('(');
  if (paren > 0 && body.endsWith(')')) {
    const head = body.slice(0, paren);
    const inner = body.slice(paren + 1, -1);
    const [relationRaw, ...modifiers] = head.split('!');
    const relation = parseIdentifier(relationRaw ?? '', 'select');
    let hint: string | undefined;
    let joinType: 'inner' | 'left' | undefined;
    for (const mod of modifiers) {
      if (mod === 'inner' || mod === 'left') joinType = mod;
      else if (hint === undefined && mod !== '') hint = unquote(mod);
      else throw parseError(`failed to parse select parameter (${item})`, `unexpected "!${mod}"`);
    }
    const trimmed = inner.trim();
    let select: SelectItem[];
    if (trimmed === 'count') select = [{ kind: 'count' }];
    else if (trimmed === '') select = [];
    else select = splitTopLevel(trimmed).map((s) => parseSelectItem(s.trim()));
    return {
      kind: 'embed',
      relation,
      spread,
      select,
      ...(alias !== undefined ? { alias } : {}),
      ...(hint !== undefined ? { hint } : {}),
      ...(joinType !== undefined ? { joinType } : {}),
    };
  }
  if (spread) throw parseError(`failed to parse select parameter (${item})`, 'spread needs an embedded resource');
  const castAt = body.indexOf('::');
  const fieldRaw = castAt >= 0 ? body.slice(0, castAt) : body;
  const cast = castAt >= 0 ? body.slice(castAt + 2).trim() : undefined;
  if (cast !== undefined && !CAST.test(cast)) {
    throw parseError(`failed to parse select parameter (${item})`, `invalid cast "${cast}"`);
  }
  return {
    kind: 'column',
    field: parseField(fieldRaw),
    ...(alias !== undefined ? { alias } : {}),
    ...(cast !== undefined ? { cast } : {}),
  };
}
