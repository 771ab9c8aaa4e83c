/**
 * PostgREST's URL grammar, parsed into a small AST. Nothing here touches SQL: the builder
 * (build.ts) turns the AST into parameterised SQL, quoting every identifier it emits.
 *
 * Grammar references: PostgREST docs "API > Tables and Views", "Resource Embedding" and
 * src/PostgREST/ApiRequest/QueryParams.hs; what supabase-js actually sends is summarised in
 * shared/reference/supabase-http.md §1.
 */
import { RestError } from './errors.ts';

/** `data->a->>b`: a column plus an optional JSON path. */
export interface FieldRef {
  name: string;
  path: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string }
  | { kind: 'count'; alias?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      select: SelectItem[];
    };

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  is: 'is',
  isdistinct: 'is distinct from',
  in: 'in',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
} as const;
export type Operator = keyof typeof OPERATORS;

/** Operators that accept the `(any)` / `(all)` quantifier. */
const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negated: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text search configuration, `fts(english).…`. */
  config?: string;
  /** `in` and quantified operators carry a list; `is` a keyword; others a single string. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  /** Set for `rel(col)`: order by a column of a to-one embed. */
  relation?: string;
  field: FieldRef;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything that applies at one level of the embedding tree ('' = top level). */
export interface LevelOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path, e.g. '' for the root, 'author' or 'author.company' for embeds. */
  levels: Map<string, LevelOptions>;
  onConflict?: string[];
  columns?: string[];
  /** Query parameters not consumed (RPC GET arguments). */
  rest: [string, string][];
}

const parseError = (message: string, details?: string): RestError =>
  new RestError(400, 'PGRST100', message, details ?? null);

// ------------------------------------------------------------------ small scanners

/** Splits on `sep` at depth 0, honouring (), {} and "…" (with \" escapes). */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuotes = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (inQuotes) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) {
        current += input[++i];
      } else if (ch === '"') inQuotes = false;
      continue;
    }
    if (ch === '"') inQuotes = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw parseError(`failed to parse "${input}"`, 'unbalanced parentheses');
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (inQuotes || depth !== 0) throw parseError(`failed to parse "${input}"`, 'unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

/** Removes surrounding double quotes and unescapes \" and \\. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

const IDENT = /^[^\s"(),.:!>-][^"(),:!>]*$/u;

/** A bare or double-quoted identifier as PostgREST accepts it in select, filters and order. */
function parseIdentifier(raw: string, what: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length > 2) return unquote(trimmed);
  if (!IDENT.test(trimmed) || trimmed.includes('->')) {
    throw parseError(`failed to parse ${what} (${raw})`, `unexpected "${raw}" expecting an identifier`);
  }
  return trimmed;
}

/** `col`, `"my col"`, `data->a->>b`, `data->0`. */
export function parseField(raw: string): FieldRef {
  const segments = raw.split(/(->>|->)/);
  const name = parseIdentifier(segments[0] ?? '', 'field');
  const path: FieldRef['path'] = [];
  for (let i = 1; i < segments.length; i += 2) {
    const arrow = segments[i] as '->' | '->>';
    const key = unquote(segments[i + 1] ?? '');
    if (key === '') throw parseError(`failed to parse field (${raw})`, 'empty JSON path key');
    path.push({ arrow, key });
  }
  return { name, path };
}

const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

// ------------------------------------------------------------------ select

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

// ------------------------------------------------------------------ filters

/** Parses the right-hand side of `col=…`: `[not.]op[(any|all)][(cfg)].value`. */
export function parseOperation(field: FieldRef, raw: string, inLogicTree = false): Condition {
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\((any|all)\))?(?:\(([^)]*)\))?\.(.*)$/s.exec(rest);
  if (!m) throw parseError(`failed to parse filter (${raw})`, `unexpected "${raw}" expecting an operator`);
  const opName = m[1]!;
  if (!(opName in OPERATORS)) {
    throw parseError(`failed to parse filter (${raw})`, `unknown operator "${opName}"`);
  }
  const op = opName as Operator;
  const quantifier = m[2] as 'any' | 'all' | undefined;
  const config = m[3];
  let value = m[4]!;
  if (quantifier && !QUANTIFIABLE.has(op)) {
    throw parseError(`failed to parse filter (${raw})`, `operator ${op} does not accept (${quantifier})`);
  }
  if (config !== undefined && !FTS.has(op)) {
    throw parseError(`failed to parse filter (${raw})`, `operator ${op} takes no configuration`);
  }
  if (config !== undefined && !/^[A-Za-z_][A-Za-z0-9_.]*$/.test(config)) {
    throw parseError(`failed to parse filter (${raw})`, `invalid text search configuration "${config}"`);
  }
  const base = { kind: 'condition' as const, field, negated, op };
  const extra = {
    ...(quantifier ? { quantifier } : {}),
    ...(config !== undefined ? { config } : {}),
  };
  if (op === 'in' || quantifier) {
    const open = op === 'in' ? '(' : '{';
    const close = op === 'in' ? ')' : '}';
    if (!value.startsWith(open) || !value.endsWith(close)) {
      throw parseError(`failed to parse filter (${raw})`, `expecting a list in ${open}…${close}`);
    }
    const inner = value.slice(1, -1);
    const list = inner.trim() === '' ? [] : splitTopLevel(inner).map((v) => unquote(v.trim()));
    return { ...base, ...extra, value: list };
  }
  if (op === 'is') {
    const keyword = value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(keyword)) {
      throw parseError(
        `failed to parse filter (${raw})`,
        `unexpected "${value}" expecting null, not_null, true, false or unknown`,
      );
    }
    return { ...base, value: keyword };
  }
  if (inLogicTree) value = unquote(value);
  return { ...base, ...extra, value };
}

/** `(a.eq.1,and(b.gt.2,c.lt.3))` → children of a logic node. */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, raw: string): Logic {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw parseError(`failed to parse logic tree (${raw})`, 'expecting "("');
  }
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') throw parseError(`failed to parse logic tree (${raw})`, 'empty logic tree');
  const children = splitTopLevel(inner).map((part): Filter => {
    const item = part.trim();
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) return parseLogicTree(nested[2] as 'and' | 'or', nested[1] !== undefined, nested[3]!);
    // `col.op.value`; the column ends at the first '.' that is not inside quotes.
    const dot = item.startsWith('"') ? item.indexOf('"', 1) + 1 : item.indexOf('.');
    if (dot <= 0 || item[dot] !== '.') {
      throw parseError(`failed to parse logic tree (${raw})`, `unexpected "${item}"`);
    }
    return parseOperation(parseField(item.slice(0, dot)), item.slice(dot + 1), true);
  });
  return { kind: 'logic', op, negated, children };
}

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
