/**
 * PostgREST's schema cache: the tables, columns, keys, relationships and functions of the exposed
 * schemas, read from pg_catalog. Embedding and RPC argument typing depend on it; nothing about
 * permissions is cached (Postgres checks those on every request).
 */
import type { Queryable } from '../db/engine.ts';

interface Column {
  name: string;
  /** format_type(), e.g. `text`, `bigint`, `text[]`, `timestamp with time zone`. */
  type: string;
  /** Base type name (pg_type.typname), e.g. `tsvector`, `_text`. */
  typname: string;
}

export interface Relation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  pk: string[];
  /** Column sets with a unique constraint or index (the PK included). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  from: { schema: string; table: string; columns: string[] };
  to: { schema: string; table: string; columns: string[] };
}

interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** `void` functions answer 204. */
  returnsVoid: boolean;
  /** Set when the function returns rows of a table or view (embeddable like that relation). */
  returnRelation?: { schema: string; name: string };
  /** Returns a composite or table type (rows), not a scalar. */
  returnsRows: boolean;
  volatility: 'i' | 's' | 'v';
  /** A single unnamed json/jsonb parameter receives the whole request body. */
  singleJsonArg: boolean;
  /**
   * The function's own `set statement_timeout` in ms, which PostgREST (12.2+, as on hosted
   * Supabase) hoists to the whole transaction of an RPC call in place of the role's timeout.
   */
  statementTimeoutMs?: number;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

export const relKey = (schema: string, name: string): string => `${schema}.${name}`;

const RELATIONS_SQL = `
select coalesce(json_agg(r), '[]')::text as json from (
  select n.nspname as schema, c.relname as name,
         case when c.relkind in ('v', 'm') then 'view' else 'table' end as kind,
         (select coalesce(json_agg(json_build_object(
                    'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'typname', t.typname)
                  order by a.attnum), '[]')
            from pg_attribute a join pg_type t on t.oid = a.atttypid
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
         (select coalesce(json_agg(a.attname order by k.ord), '[]')
            from pg_constraint pk
            cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
            join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
           where pk.conrelid = c.oid and pk.contype = 'p') as pk,
         (select coalesce(json_agg(cols), '[]') from (
            select (select json_agg(a.attname order by a.attname)
                      from unnest(i.indkey) as k(attnum)
                      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum) as cols
              from pg_index i
             where i.indrelid = c.oid and i.indisunique and i.indpred is null and i.indexprs is null) u
          where cols is not null) as uniques
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'f')
) r`;

const FOREIGN_KEYS_SQL = `
select coalesce(json_agg(f), '[]')::text as json from (
  select con.conname as name,
         json_build_object('schema', sn.nspname, 'table', sc.relname, 'columns',
           (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum)) as "from",
         json_build_object('schema', tn.nspname, 'table', tc.relname, 'columns',
           (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum)) as "to"
    from pg_constraint con
    join pg_class sc on sc.oid = con.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
    join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
   where con.contype = 'f' and $1::text[] is not null
   -- A fixed order, so PGRST201's list of candidates is the same on every engine and every run
   -- (without it, the catalog's physical order: it differed between PGlite and PostgreSQL).
   order by sn.nspname, sc.relname, con.conname
) f`;

/**
 * Which base-table column each view column shows, from the view's rule dependencies: a view
 * column counts when it keeps the name of a base column the view reads (renamed or computed
 * columns are not followed), so foreign keys of the base tables apply to the view, as in
 * PostgREST ("embedding views").
 */
const VIEW_COLUMNS_SQL = `
select coalesce(json_agg(m), '[]')::text as json from (
  select vn.nspname as "viewSchema", v.relname as "view", tn.nspname as "tableSchema", t.relname as "table",
         json_agg(json_build_array(ta.attname, va.attname)) as columns
    from pg_class v
    join pg_namespace vn on vn.oid = v.relnamespace
    join pg_rewrite r on r.ev_class = v.oid
    join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
     and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
    join pg_class t on t.oid = d.refobjid and t.oid <> v.oid
    join pg_namespace tn on tn.oid = t.relnamespace
    join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = d.refobjsubid
    join pg_attribute va on va.attrelid = v.oid and va.attname = ta.attname and va.attnum > 0 and not va.attisdropped
   where v.relkind in ('v', 'm') and vn.nspname = any($1)
   group by vn.nspname, v.relname, tn.nspname, t.relname
) m`;

interface ViewColumns {
  viewSchema: string;
  view: string;
  tableSchema: string;
  table: string;
  /** [base column, view column] pairs. */
  columns: [string, string][];
}

type KeyEnd = ForeignKey['from'];

/**
 * The foreign keys as PostgREST sees them: those between exposed tables, plus each key again
 * with either end (or both) replaced by a view that shows all of that end's columns.
 */
function withViews(relations: Map<string, Relation>, keys: ForeignKey[], views: ViewColumns[]): ForeignKey[] {
  // A view column fed by two base tables is ambiguous: it takes part in no relationship.
  const owners = new Map<string, number>();
  for (const v of views)
    for (const [, vc] of v.columns)
      owners.set(`${v.viewSchema}.${v.view}.${vc}`, (owners.get(`${v.viewSchema}.${v.view}.${vc}`) ?? 0) + 1);
  const ends = (end: KeyEnd): KeyEnd[] => {
    const out: KeyEnd[] = relations.has(relKey(end.schema, end.table)) ? [end] : [];
    for (const v of views) {
      if (v.tableSchema !== end.schema || v.table !== end.table) continue;
      const map = new Map(v.columns.filter(([, vc]) => owners.get(`${v.viewSchema}.${v.view}.${vc}`) === 1));
      const cols = end.columns.map((c) => map.get(c));
      if (cols.every((c): c is string => c !== undefined))
        out.push({ schema: v.viewSchema, table: v.view, columns: cols });
    }
    return out;
  };
  const out: ForeignKey[] = [];
  for (const fk of keys)
    for (const from of ends(fk.from)) for (const to of ends(fk.to)) out.push({ name: fk.name, from, to });
  // Views take the unique column sets of their base table, for one-to-one detection.
  for (const v of views) {
    const view = relations.get(relKey(v.viewSchema, v.view));
    const base = relations.get(relKey(v.tableSchema, v.table));
    if (!view || !base) continue;
    const map = new Map(v.columns);
    for (const u of base.uniques) {
      const cols = u.map((c) => map.get(c));
      if (cols.every((c): c is string => c !== undefined)) view.uniques.push([...cols].sort());
    }
  }
  return out;
}

const FUNCTIONS_SQL = `
select coalesce(json_agg(f), '[]')::text as json from (
  select n.nspname as schema, p.proname as name,
         coalesce((select json_agg(json_build_object(
                     'name', coalesce(p.proargnames[i], ''),
                     'type', format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), null),
                     'hasDefault', i > p.pronargs - p.pronargdefaults,
                     'mode', coalesce(p.proargmodes[i], 'i')) order by i)
                   from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) as i), '[]') as args,
         format_type(p.prorettype, null) as "returnType",
         p.proretset as "returnsSet",
         p.prorettype = 'void'::regtype as "returnsVoid",
         (t.typtype = 'c' or p.prorettype = 'record'::regtype) as "returnsRows",
         case when t.typtype = 'c' and rc.relkind in ('r', 'p', 'v', 'm', 'f')
              then json_build_object('schema', rn.nspname, 'name', rc.relname) end as "returnRelation",
         p.provolatile as volatility,
         (select substr(c, length('statement_timeout=') + 1) from unnest(p.proconfig) as c
           where c like 'statement_timeout=%') as "statementTimeout"
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    left join pg_class rc on rc.oid = t.typrelid
    left join pg_namespace rn on rn.oid = rc.relnamespace
   where n.nspname = any($1) and p.prokind = 'f'
) f`;

interface RawRelation {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Column[];
  pk: string[];
  uniques: string[][];
}

interface RawFunction extends Omit<DbFunction, 'args' | 'singleJsonArg' | 'returnRelation' | 'statementTimeoutMs'> {
  args: (FunctionArg & { mode: string })[];
  returnRelation: { schema: string; name: string } | null;
  statementTimeout: string | null;
}

const TIME_UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A time setting as Postgres stores it in `proconfig` (`300ms`, `4s`, `1min`, or a bare number
 * of milliseconds), in ms; undefined when it is not one.
 */
export function parseTimeSettingMs(value: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(value);
  return m ? Number(m[1]) * TIME_UNITS_MS[m[2] ?? 'ms']! : undefined;
}

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const schemaArray = `{${schemas.map((s) => `"${s.replace(/"/g, '')}"`).join(',')}}`;
  const one = async <T>(sql: string): Promise<T> =>
    JSON.parse((await db.query<{ json: string }>(sql, [schemaArray])).rows[0]!.json) as T;
  const [rawRelations, allKeys, rawFunctions, viewColumns] = await Promise.all([
    one<RawRelation[]>(RELATIONS_SQL),
    one<ForeignKey[]>(FOREIGN_KEYS_SQL),
    one<RawFunction[]>(FUNCTIONS_SQL),
    one<ViewColumns[]>(VIEW_COLUMNS_SQL),
  ]);
  const relations = new Map<string, Relation>();
  for (const r of rawRelations) {
    relations.set(relKey(r.schema, r.name), {
      ...r,
      columns: new Map(r.columns.map((c) => [c.name, c])),
      uniques: r.pk.length ? [[...r.pk].sort(), ...r.uniques] : r.uniques,
    });
  }
  const foreignKeys = withViews(relations, allKeys, viewColumns);
  const functions = new Map<string, DbFunction[]>();
  for (const f of rawFunctions) {
    // Only IN / INOUT / VARIADIC parameters are arguments; OUT and TABLE columns are results.
    const args = f.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const { returnRelation, statementTimeout, ...rest } = f;
    const statementTimeoutMs = statementTimeout === null ? undefined : parseTimeSettingMs(statementTimeout);
    const fn: DbFunction = {
      ...rest,
      args: args.map(({ name, type, hasDefault }) => ({ name, type, hasDefault })),
      singleJsonArg: args.length === 1 && args[0]!.name === '' && /^jsonb?$/.test(args[0]!.type),
      ...(returnRelation ? { returnRelation } : {}),
      ...(statementTimeoutMs !== undefined ? { statementTimeoutMs } : {}),
    };
    // OUT params or RETURNS TABLE make a record of rows.
    if (f.args.some((a) => a.mode === 'o' || a.mode === 't')) fn.returnsRows = true;
    const key = relKey(f.schema, f.name);
    functions.set(key, [...(functions.get(key) ?? []), fn]);
  }
  return { relations, foreignKeys, functions };
}
