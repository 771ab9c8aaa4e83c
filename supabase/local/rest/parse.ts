/**
 * PostgREST's URL grammar, parsed into a small AST (ast.ts). Nothing here touches SQL: the
 * builders turn the AST into parameterised SQL, quoting every identifier they emit.
 *
 * Grammar references: PostgREST docs "API > Tables and Views", "Resource Embedding" and
 * src/PostgREST/ApiRequest/QueryParams.hs; what supabase-js actually sends is summarised in
 * shared/reference/supabase-http.md §1.
 */
import { RestError } from './errors.ts';
import type { LevelOptions, OrderTerm, ParsedQuery } from './ast.ts';
import { parseError, parseField, parseIdentifier, splitTopLevel } from './scan.ts';
import { parseSelect } from './parse-select.ts';
import { parseLogicTree, parseOperation } from './parse-filter.ts';

export * from './ast.ts';
export { parseField, splitTopLevel } from './scan.ts';
export { parseSelect } from './parse-select.ts';
export { parseLogicTree, parseOperation } from './parse-filter.ts';

// ------------------------------------------------------------------ order, limit

export function parseOrder(raw: string): OrderTerm[] {
  return splitTopLevel(raw).map((termRaw) => {
    const term = termRaw.trim();
    const rel = /^([^()]+)\(([^()]+)\)(.*)$/.exec(term);
    let relation: string | undefined;
    let body = term;
    if (rel) {
      relation = parseIdentifier(rel[1]!, 'order');
      body = rel[2]! + rel[3]!;
    }
    const parts = body.split('.');
    const fieldRaw = parts.shift() ?? '';
    let direction: 'asc' | 'desc' = 'asc';
    let nulls: 'first' | 'last' | undefined;
    for (const p of parts) {
      if (p === 'asc' || p === 'desc') direction = p;
      else if (p === 'nullsfirst') nulls = 'first';
      else if (p === 'nullslast') nulls = 'last';
      else
        throw parseError(
          `failed to parse order (${raw})`,
          `unexpected "${p}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return {
      field: parseField(fieldRaw),
      direction,
      ...(nulls ? { nulls } : {}),
      ...(relation ? { relation } : {}),
    };
  });
}

function parseNonNegative(raw: string, what: string): number {
  if (!/^\d+$/.test(raw)) throw parseError(`failed to parse ${what} (${raw})`, 'expecting a non-negative integer');
  return Number(raw);
}

// ------------------------------------------------------------------ whole query

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'or', 'and']);

function level(levels: Map<string, LevelOptions>, key: string): LevelOptions {
  let l = levels.get(key);
  if (!l) {
    l = { filters: [], order: [] };
    levels.set(key, l);
  }
  return l;
}

/**
 * Parses a request's query string. `rpcArgs` names the parameters to set aside as function
 * arguments (GET /rpc/fn?a=1), which would otherwise be read as filters.
 */
export function parseQuery(params: URLSearchParams, rpcArgs: Set<string> = new Set()): ParsedQuery {
  const levels = new Map<string, LevelOptions>();
  level(levels, '');
  const parsed: ParsedQuery = { select: parseSelect(params.get('select')), levels, rest: [] };
  for (const [key, value] of params) {
    if (key === 'select') continue;
    if (rpcArgs.has(key)) {
      parsed.rest.push([key, value]);
      continue;
    }
    if (key === 'on_conflict') {
      parsed.onConflict = splitTopLevel(value).map((c) => parseIdentifier(c, 'on_conflict'));
      continue;
    }
    if (key === 'columns') {
      parsed.columns = splitTopLevel(value).map((c) => parseIdentifier(c, 'columns'));
      continue;
    }
    // Split `a.b.limit` into embed path `a.b` and the last segment.
    const lastDot = key.lastIndexOf('.');
    const quoted = key.includes('"');
    const head = lastDot > 0 && !quoted ? key.slice(0, lastDot) : '';
    const tail = lastDot > 0 && !quoted ? key.slice(lastDot + 1) : key;
    if (RESERVED.has(tail) || tail === 'and' || tail === 'or') {
      const target = level(levels, head);
      if (tail === 'order') target.order.push(...parseOrder(value));
      else if (tail === 'limit') target.limit = parseNonNegative(value, 'limit');
      else if (tail === 'offset') target.offset = parseNonNegative(value, 'offset');
      else if (tail === 'or' || tail === 'and') {
        // `not.or=(…)` arrives as key `not.or`: head 'not' would be read as an embed.
        if (head === 'not' || head.endsWith('.not')) {
          const realHead = head === 'not' ? '' : head.slice(0, -4);
          level(levels, realHead).filters.push(parseLogicTree(tail, true, value));
        } else target.filters.push(parseLogicTree(tail, false, value));
      } else throw parseError(`failed to parse ${key}`);
      continue;
    }
    // A plain filter: `col=op.v`, `rel.col=op.v`, `data->>k=op.v`.
    const fieldPart = key;
    const jsonStart = fieldPart.indexOf('->');
    const base = jsonStart >= 0 ? fieldPart.slice(0, jsonStart) : fieldPart;
    const pathPart = jsonStart >= 0 ? fieldPart.slice(jsonStart) : '';
    const dot = base.startsWith('"') ? -1 : base.lastIndexOf('.');
    const embedPath = dot > 0 ? base.slice(0, dot) : '';
    const column = (dot > 0 ? base.slice(dot + 1) : base) + pathPart;
    level(levels, embedPath).filters.push(parseOperation(parseField(column), value));
  }
  return parsed;
}

/** `Range: 0-9` (items) → offset and limit, as PostgREST reads the request header. */
export function parseRangeHeader(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^(?:items=)?(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  if (m[2] === '') return { offset: from };
  const to = Number(m[2]);
  if (to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', null);
  return { offset: from, limit: to - from + 1 };
}
