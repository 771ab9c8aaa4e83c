/**
 * Filters to SQL: every value becomes a bind parameter; embeds are tested through their lateral
 * join (`rel=is.null`, `!inner`).
 */
import { RestError } from './errors.ts';
import { OPERATORS, type Condition, type Filter } from './ast.ts';
import type { Relation } from './schema-cache.ts';
import { arrayLiteral, ident } from './sql.ts';
import { fieldSql, type BuildContext } from './build-context.ts';

const FTS_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

function conditionSql(ctx: BuildContext, c: Condition, alias: string, relation: Relation | undefined): string {
  const col = fieldSql(ctx, alias, c.field);
  const p = (v: unknown) => ctx.params.add(v);
  const likePattern = (v: string) => (c.op === 'like' || c.op === 'ilike' ? v.replace(/\*/g, '%') : v);
  let sql: string;
  if (c.op === 'is') {
    const kw = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[
      c.value as string
    ];
    sql = `${col} is ${kw}`;
  } else if (c.op === 'in') {
    sql = `${col} = any(${p(arrayLiteral(c.value as string[]))})`;
  } else if (c.quantifier) {
    const op = OPERATORS[c.op];
    sql = `${col} ${op} ${c.quantifier}(${p(arrayLiteral((c.value as string[]).map(likePattern)))})`;
  } else if (c.op in FTS_FUNCTIONS) {
    const fn = FTS_FUNCTIONS[c.op as keyof typeof FTS_FUNCTIONS];
    const cfg = c.config !== undefined ? `${p(c.config)}::regconfig, ` : '';
    const isVector = c.field.path.length === 0 && relation?.columns.get(c.field.name)?.typname === 'tsvector';
    const lhs = isVector ? col : `to_tsvector(${cfg}${col})`;
    sql = `${lhs} @@ ${fn}(${cfg}${p(c.value)}::text)`;
  } else {
    sql = `${col} ${OPERATORS[c.op]} ${p(likePattern(c.value as string))}`;
  }
  return c.negated ? `not (${sql})` : sql;
}

export function filterSql(
  ctx: BuildContext,
  f: Filter,
  alias: string,
  relation: Relation | undefined,
  embeds: Map<string, EmbedInfo>,
): string {
  if (f.kind === 'logic') {
    const inner = f.children.map((ch) => filterSql(ctx, ch, alias, relation, embeds)).join(` ${f.op} `);
    return f.negated ? `not (${inner})` : `(${inner})`;
  }
  // `rel=is.null` / `rel=not.is.null` test the embed itself.
  const embed = f.field.path.length === 0 ? embeds.get(f.field.name) : undefined;
  if (embed && (!relation || !relation.columns.has(f.field.name))) {
    if (f.op !== 'is' || (f.value !== 'null' && f.value !== 'not_null')) {
      throw new RestError(400, 'PGRST120', `Only is null or not is null filters are allowed on embedded resources`);
    }
    const wantNull = (f.value === 'null') !== f.negated;
    ctx.embedFilter.add(alias);
    return embedPresence(embed, !wantNull);
  }
  return conditionSql(ctx, f, alias, relation);
}

export interface EmbedInfo {
  lateral: string;
  toOne: boolean;
}

export const embedPresence = (e: EmbedInfo, present: boolean): string =>
  e.toOne
    ? `${ident(e.lateral)}.body is ${present ? 'not ' : ''}null`
    : `json_array_length(${ident(e.lateral)}.body) ${present ? '> 0' : '= 0'}`;
