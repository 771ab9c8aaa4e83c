/**
 * Filters: `col=[not.]op[(any|all)][(cfg)].value` and the `or=(…)` / `and=(…)` logic trees.
 */
import { OPERATORS, type Condition, type FieldRef, type Filter, type Logic, type Operator } from './ast.ts';
import { parseError, parseField, splitTopLevel, unquote } from './scan.ts';

/** Operators that accept the `(any)` / `(all)` quantifier. */
const QUANTIFIABLE = new Set<Operator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);

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
