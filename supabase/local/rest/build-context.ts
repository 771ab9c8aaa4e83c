/**
 * What the SQL builders share: the statement's parameters, the parsed levels, unique aliases,
 * and the FROM source a level reads.
 */
import type { FieldRef, LevelOptions } from './ast.ts';
import { relKey, type Relation, type SchemaCache } from './schema-cache.ts';
import { Params, ident, qualified } from './sql.ts';

export interface BuildContext {
  cache: SchemaCache;
  params: Params;
  levels: Map<string, LevelOptions>;
  /** Counter for unique aliases within one statement. */
  seq: { n: number };
  /** Aliases of levels whose WHERE tests an embed. */
  embedFilter: Set<string>;
}

/** What a FROM clause reads: a table, a view, or a function call, under one alias. */
export interface Source {
  /** SQL of the FROM item(s), ending with the alias, e.g. `"public"."t" as "t"`. */
  from: string;
  alias: string;
  /** Known for tables, views and functions returning a table's rows; enables embeds. */
  relation: Relation | undefined;
}

export const nextAlias = (ctx: BuildContext): string => `pgrst_${++ctx.seq.n}`;

/** `"alias"."col"->$1::text->>(0)`. */
export function fieldSql(ctx: BuildContext, alias: string, f: FieldRef): string {
  let sql = `${ident(alias)}.${ident(f.name)}`;
  for (const step of f.path) {
    const key = /^-?\d+$/.test(step.key) ? `(${Number(step.key)})` : `${ctx.params.add(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

export function newContext(cache: SchemaCache, levels: Map<string, LevelOptions>, params = new Params()): BuildContext {
  return { cache, params, levels, seq: { n: 0 }, embedFilter: new Set() };
}

export function relationSource(cache: SchemaCache, schema: string, name: string, alias = name): Source {
  const relation = cache.relations.get(relKey(schema, name));
  return { from: `${qualified(schema, name)} as ${ident(alias)}`, alias, relation };
}
