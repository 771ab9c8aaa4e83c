/**
 * INSERT / UPSERT / UPDATE / DELETE and RPC calls, PostgREST style: the payload goes to Postgres
 * as one JSON parameter and is unpacked there (json_populate_recordset, json_to_record), so the
 * column types and defaults are Postgres' own.
 */
import { RestError } from './errors.ts';
import type { SelectItem } from './parse.ts';
import { buildLevel, type BuildContext, type Source } from './build-read.ts';
import type { DbFunction, Relation } from './schema-cache.ts';
import { ident, qualified } from './sql.ts';

export interface WriteStatement {
  sql: string;
  values: unknown[];
  /** true: returns one row {n, body}; false: a plain statement whose rowCount is the answer. */
  returnsBody: boolean;
  /** The row also has `inserted`: how many rows an upsert inserted (the rest were updated). */
  countsInserted?: boolean;
}

/**
 * Wraps a data-modifying statement in a CTE and renders its RETURNING rows with the select
 * tree (embeds included), or only counts them for `return=minimal`.
 */
function representation(
  ctx: BuildContext,
  relation: Relation,
  dml: string,
  select: SelectItem[],
  want: boolean,
  countInserted = false,
): WriteStatement {
  const alias = relation.name;
  if (countInserted) {
    // Upserts: `xmax = 0` marks the rows this statement inserted (not updated), so the answer
    // can be 201 or 200 like PostgREST 12.
    const raw = `with pgrst_raw as (${dml} returning ${ident(alias)} as pgrst_row, (${ident(alias)}.xmax = 0) as pgrst_inserted)`;
    const inserted = `(select count(*) from pgrst_raw where pgrst_inserted)::text as inserted`;
    if (!want) {
      return {
        sql: `${raw} select count(*)::text as n, '[]'::text as body, ${inserted} from pgrst_raw`,
        values: ctx.params.values,
        returnsBody: true,
        countsInserted: true,
      };
    }
    const source: Source = { from: `pgrst_source as ${ident(alias)}`, alias, relation };
    const level = buildLevel(ctx, source, select, '');
    const sql = `${raw}, pgrst_source as (select (pgrst_row).* from pgrst_raw)
    select count(*)::text as n, coalesce(json_agg(pgrst_rows), '[]')::text as body, ${inserted}
      from (select ${level.projection || 'null as "pgrst_empty"'} from ${source.from} ${level.joins}) as pgrst_rows`;
    return { sql, values: ctx.params.values, returnsBody: true, countsInserted: true };
  }
  if (!want) return { sql: dml, values: ctx.params.values, returnsBody: false };
  const source: Source = { from: `pgrst_source as ${ident(alias)}`, alias, relation };
  const level = buildLevel(ctx, source, select, '');
  const sql = `with pgrst_source as (${dml} returning ${ident(alias)}.*)
    select count(*)::text as n, coalesce(json_agg(pgrst_rows), '[]')::text as body
      from (select ${level.projection || 'null as "pgrst_empty"'} from ${source.from} ${level.joins}) as pgrst_rows`;
  return { sql, values: ctx.params.values, returnsBody: true };
}

export interface InsertOptions {
  columns: string[];
  onConflict?: string[];
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  select: SelectItem[];
  returnRepresentation: boolean;
}

export function buildInsert(
  ctx: BuildContext,
  relation: Relation,
  rows: object[],
  opts: InsertOptions,
): WriteStatement {
  const target = qualified(relation.schema, relation.name);
  const alias = ident(relation.name);
  const cols = opts.columns.map(ident).join(', ');
  const payload = ctx.params.add(JSON.stringify(rows));
  let dml = opts.columns.length
    ? `insert into ${target} as ${alias} (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${payload}::json)`
    : `insert into ${target} as ${alias} select from json_array_elements(${payload}::json)`;
  if (opts.resolution) {
    const conflict = opts.onConflict ?? relation.pk;
    if (conflict.length === 0) {
      throw new RestError(400, 'PGRST103', 'An upsert needs a primary key or on_conflict columns');
    }
    const target = `(${conflict.map(ident).join(', ')})`;
    if (opts.resolution === 'ignore-duplicates') dml += ` on conflict ${target} do nothing`;
    else {
      const updates = opts.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
      dml += updates.length
        ? ` on conflict ${target} do update set ${updates.join(', ')}`
        : ` on conflict ${target} do nothing`;
    }
  }
  return representation(
    ctx,
    relation,
    dml,
    opts.select,
    opts.returnRepresentation,
    opts.resolution === 'merge-duplicates',
  );
}

export function buildUpdate(
  ctx: BuildContext,
  relation: Relation,
  patch: Record<string, unknown>,
  where: string,
  select: SelectItem[],
  returnRepresentation: boolean,
): WriteStatement {
  const target = qualified(relation.schema, relation.name);
  const cols = Object.keys(patch);
  const payload = ctx.params.add(JSON.stringify(patch));
  const sets = cols.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ');
  const dml = `update ${target} as ${ident(relation.name)} set ${sets}
    from (select * from json_populate_record(null::${target}, ${payload}::json)) as pgrst_body
    where ${where}`;
  return representation(ctx, relation, dml, select, returnRepresentation);
}

export function buildDelete(
  ctx: BuildContext,
  relation: Relation,
  where: string,
  select: SelectItem[],
  returnRepresentation: boolean,
): WriteStatement {
  const dml = `delete from ${qualified(relation.schema, relation.name)} as ${ident(relation.name)} where ${where}`;
  return representation(ctx, relation, dml, select, returnRepresentation);
}

/**
 * The FROM item that calls a function with named arguments unpacked from one JSON parameter:
 * `json_to_record($1) as pgrst_args("a" int) cross join lateral "s"."f"("a" := pgrst_args."a")`.
 */
export function functionCall(
  ctx: BuildContext,
  fn: DbFunction,
  args: Record<string, unknown> | unknown,
): { from: string; call: string } {
  const callee = qualified(fn.schema, fn.name);
  if (fn.singleJsonArg) {
    const p = ctx.params.add(JSON.stringify(args));
    return { from: '(select 1) as pgrst_args', call: `${callee}(${p}::${fn.args[0]!.type})` };
  }
  const given = Object.keys(args as Record<string, unknown>);
  const used = fn.args.filter((a) => given.includes(a.name));
  const p = ctx.params.add(JSON.stringify(args));
  const record = used.length ? used.map((a) => `${ident(a.name)} ${a.type}`).join(', ') : '"pgrst_none" int';
  return {
    from: `json_to_record(${p}::json) as pgrst_args(${record})`,
    call: `${callee}(${used.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`,
  };
}

/** Picks the overload whose argument names fit the given keys, or raises PGRST202. */
export function pickFunction(
  candidates: DbFunction[] | undefined,
  schema: string,
  name: string,
  keys: string[],
  jsonBody: boolean,
): DbFunction {
  const fits = (fn: DbFunction) =>
    (fn.singleJsonArg && jsonBody) ||
    (keys.every((k) => fn.args.some((a) => a.name === k)) &&
      fn.args.every((a) => a.hasDefault || keys.includes(a.name)));
  const found = (candidates ?? []).filter(fits);
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    // Prefer the overload with named arguments over a catch-all json one.
    const named = found.filter((f) => !f.singleJsonArg);
    if (named.length === 1) return named[0]!;
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${found.map((f) => `${schema}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
    );
  }
  const sorted = [...keys].sort();
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schema}.${name}${sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );
}

/** `missing=default`: one INSERT per key set, so absent keys take the column defaults. */
export function groupByKeys(
  rows: Record<string, unknown>[],
  columns: string[],
): { columns: string[]; rows: object[] }[] {
  const groups = new Map<string, { columns: string[]; rows: object[] }>();
  for (const row of rows) {
    const cols = columns.filter((c) => c in row);
    const key = cols.join('\u0000');
    if (!groups.has(key)) groups.set(key, { columns: cols, rows: [] });
    groups.get(key)!.rows.push(row);
  }
  return [...groups.values()];
}
