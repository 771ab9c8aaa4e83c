/**
 * Turns a parsed select tree, filters, order and paging into one SQL statement that returns the
 * response body as JSON text built by Postgres itself (json_agg), the way PostgREST does, so
 * types keep Postgres' own JSON rendering (int8 and numeric as numbers, timestamptz with offset).
 *
 * Embeds become LEFT JOIN LATERAL subqueries that aggregate the child rows: an object (or null)
 * for to-one, an array for to-many. `!inner` and `rel=not.is.null` filter parents on them.
 */
import { RestError } from './errors.ts';
import type { FieldRef, LevelOptions, OrderTerm, SelectItem } from './ast.ts';
import { fieldSql, nextAlias, type BuildContext, type Source } from './build-context.ts';
import { embedPresence, filterSql, type EmbedInfo } from './build-filter.ts';
import { resolveRelationship, type Relationship } from './relationships.ts';
import type { Relation } from './schema-cache.ts';
import { ident, qualified } from './sql.ts';

export { newContext, relationSource, type BuildContext, type Source } from './build-context.ts';

export interface LevelSql {
  projection: string;
  joins: string;
  /** WHERE conditions, without the keyword; '' when none. */
  where: string;
  orderBy: string;
  /** The WHERE tests embeds (`!inner`, `rel=is.null`): rows cannot be paged before joining. */
  whereUsesEmbeds: boolean;
  /**
   * Columns of this level the projection, embeds and order read ('all' for `*`). Paging the
   * parents first selects only these, so column-level grants are respected as in PostgREST.
   */
  columns: Set<string> | 'all';
}

/** The JSON key a selected field gets: its alias, else the last JSON key, else the column. */
function outputKey(f: FieldRef, alias?: string): string {
  if (alias) return alias;
  const last = f.path[f.path.length - 1];
  if (last && !/^-?\d+$/.test(last.key)) return last.key;
  return f.name;
}

function orderSql(
  ctx: BuildContext,
  terms: OrderTerm[],
  alias: string,
  relation: Relation | undefined,
  embedded: Map<string, Relationship>,
): string {
  return terms
    .map((t) => {
      let expr: string;
      if (t.relation) {
        // `order=author(name)` names an embed of this level's select, by alias or relation name.
        const rel = embedded.get(t.relation);
        if (!relation || !rel) {
          throw new RestError(400, 'PGRST108', `'${t.relation}' is not an embedded resource in this request`);
        }
        if (rel.kind !== 'direct' || !rel.toOne) {
          throw new RestError(
            400,
            'PGRST118',
            `A related order on '${t.relation}' is not possible`,
            `'${relation.name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        const sub = nextAlias(ctx);
        const on = rel.on.map(([pc, cc]) => `${ident(sub)}.${ident(cc)} = ${ident(alias)}.${ident(pc)}`).join(' and ');
        expr = `(select ${fieldSql(ctx, sub, t.field)} from ${qualified(rel.target.schema, rel.target.name)} as ${ident(sub)} where ${on})`;
      } else {
        expr = fieldSql(ctx, alias, t.field);
      }
      return `${expr} ${t.direction}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    })
    .join(', ');
}

/**
 * Builds projection, joins, filters and order for one level of the tree. `path` is the level's
 * key in ctx.levels ('' for the root; 'author', 'author.company', … for embeds).
 */
export function buildLevel(ctx: BuildContext, source: Source, select: SelectItem[], path: string): LevelSql {
  const projection: string[] = [];
  const joins: string[] = [];
  const where: string[] = [];
  const embeds = new Map<string, EmbedInfo>();
  const embedded = new Map<string, Relationship>();
  const { alias, relation } = source;
  let columns: Set<string> | 'all' = new Set();
  const use = (names: string[]) => {
    if (columns !== 'all') for (const n of names) columns.add(n);
  };

  for (const item of select) {
    if (item.kind === 'star') {
      projection.push(`${ident(alias)}.*`);
      columns = 'all';
    } else if (item.kind === 'column') {
      use([item.field.name]);
      const expr = fieldSql(ctx, alias, item.field) + (item.cast ? `::${item.cast}` : '');
      projection.push(`${expr} as ${ident(outputKey(item.field, item.alias))}`);
    } else if (item.kind === 'count') {
      throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    } else {
      if (!relation) {
        throw new RestError(
          400,
          'PGRST200',
          `Could not find a relationship for '${item.relation}' in the schema cache`,
        );
      }
      const rel = resolveRelationship(ctx.cache, relation, item.relation, item.hint);
      use(rel.kind === 'direct' ? rel.on.map(([parentCol]) => parentCol) : rel.fkParent.to.columns);
      const key = item.alias ?? item.relation;
      const childPath = path ? `${path}.${key}` : key;
      const lateral = nextAlias(ctx);
      joins.push(embedJoin(ctx, rel, alias, item.select, childPath, lateral, item.relation));
      const info = { lateral, toOne: rel.toOne };
      embeds.set(key, info);
      embedded.set(key, rel);
      if (item.alias) {
        embeds.set(item.relation, info);
        embedded.set(item.relation, rel);
      }
      if (item.joinType === 'inner') {
        where.push(embedPresence(info, true));
        ctx.embedFilter.add(alias);
      }
      if (item.spread) {
        if (!rel.toOne) {
          throw new RestError(
            400,
            'PGRST119',
            `A spread operation on '${item.relation}' is not possible`,
            `'${relation.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
          );
        }
        for (const k of spreadKeys(item.select, rel.target)) {
          projection.push(`${ident(lateral)}.body->${ctx.params.add(k)}::text as ${ident(k)}`);
        }
      } else if (item.select.length > 0) {
        // An empty embed `rel()` only filters (with !inner); it renders no key.
        projection.push(`${ident(lateral)}.body as ${ident(key)}`);
      }
    }
  }

  const level = ctx.levels.get(path);
  for (const f of level?.filters ?? []) where.push(filterSql(ctx, f, alias, relation, embeds));
  for (const t of level?.order ?? []) {
    const rel = t.relation ? embedded.get(t.relation) : undefined;
    if (rel?.kind === 'direct') use(rel.on.map(([parentCol]) => parentCol));
    else if (!t.relation) use([t.field.name]);
  }
  return {
    columns,
    projection: projection.join(', '),
    joins: joins.join('\n'),
    where: where.join(' and '),
    whereUsesEmbeds: ctx.embedFilter.has(alias),
    orderBy: level?.order.length ? orderSql(ctx, level.order, alias, relation, embedded) : '',
  };
}

function spreadKeys(select: SelectItem[], target: Relation): string[] {
  const keys: string[] = [];
  for (const s of select) {
    if (s.kind === 'star') keys.push(...target.columns.keys());
    else if (s.kind === 'column') keys.push(outputKey(s.field, s.alias));
    else if (s.kind === 'embed') keys.push(s.alias ?? s.relation);
  }
  return keys;
}

function pagingSql(ctx: BuildContext, level: LevelOptions | undefined): string {
  let sql = '';
  if (level?.limit !== undefined) sql += ` limit ${ctx.params.add(level.limit)}::int8`;
  if (level?.offset !== undefined) sql += ` offset ${ctx.params.add(level.offset)}::int8`;
  return sql;
}

/** The LEFT JOIN LATERAL that renders one embed as `<lateral>.body`. */
function embedJoin(
  ctx: BuildContext,
  rel: Relationship,
  parentAlias: string,
  select: SelectItem[],
  path: string,
  lateral: string,
  relationName: string,
): string {
  const target = rel.target;
  const child = nextAlias(ctx);
  const rows = nextAlias(ctx);
  let from = `${qualified(target.schema, target.name)} as ${ident(child)}`;
  let joinCond: string;
  if (rel.kind === 'direct') {
    joinCond = rel.on
      .map(([pc, cc]) => `${ident(child)}.${ident(cc)} = ${ident(parentAlias)}.${ident(pc)}`)
      .join(' and ');
  } else {
    const j = nextAlias(ctx);
    const toTarget = rel.fkTarget.from.columns
      .map((c, i) => `${ident(j)}.${ident(c)} = ${ident(child)}.${ident(rel.fkTarget.to.columns[i]!)}`)
      .join(' and ');
    from += ` join ${qualified(rel.junction.schema, rel.junction.name)} as ${ident(j)} on ${toTarget}`;
    joinCond = rel.fkParent.from.columns
      .map((c, i) => `${ident(j)}.${ident(c)} = ${ident(parentAlias)}.${ident(rel.fkParent.to.columns[i]!)}`)
      .join(' and ');
  }
  // `rel(count)`: the legacy count embed, `[{"count": n}]`.
  if (select.length === 1 && select[0]!.kind === 'count') {
    const level = ctx.levels.get(path);
    const extra = (level?.filters ?? []).map((f) => filterSql(ctx, f, child, target, new Map())).join(' and ');
    return `left join lateral (select json_build_array(json_build_object('count', count(*))) as body from ${from} where ${joinCond}${extra ? ` and ${extra}` : ''}) as ${ident(lateral)} on true`;
  }
  const level = buildLevel(ctx, { from, alias: child, relation: target }, select, path);
  const where = [joinCond, level.where].filter(Boolean).join(' and ');
  const projection = select.length ? level.projection : '';
  const inner = `select ${projection || 'null as "pgrst_empty"'} from ${from} ${level.joins} where ${where}${level.orderBy ? ` order by ${level.orderBy}` : ''}${pagingSql(ctx, ctx.levels.get(path))}`;
  // An empty select `rel()` filters (with !inner) but renders nothing of the child.
  const render = select.length ? ident(rows) : `'{}'::json`;
  void relationName;
  return rel.toOne
    ? `left join lateral (select row_to_json(${ident(rows)}) as body from (${inner}) as ${ident(rows)}) as ${ident(lateral)} on true`
    : `left join lateral (select coalesce(json_agg(${render}), '[]') as body from (${inner}) as ${ident(rows)}) as ${ident(lateral)} on true`;
}

export interface ReadStatement {
  sql: string;
  values: unknown[];
}

export interface ReadOptions {
  count: boolean;
  limit: number;
  offset: number;
}

/**
 * SELECT for GET/HEAD (and RPC returning rows): one row with `total` (when counted), `n` (rows
 * in this page) and `body` (the JSON array).
 */
export function buildRead(ctx: BuildContext, source: Source, select: SelectItem[], opts: ReadOptions): ReadStatement {
  const level = buildLevel(ctx, source, select, '');
  const where = level.where ? ` where ${level.where}` : '';
  const order = level.orderBy ? ` order by ${level.orderBy}` : '';
  const paging = ` limit ${ctx.params.add(opts.limit)}::int8 offset ${ctx.params.add(opts.offset)}::int8`;
  const projection = level.projection || 'null as "pgrst_empty"';
  const alias = ident(source.alias);
  let page: string;
  let total: string;
  if (level.whereUsesEmbeds) {
    page = `select ${projection} from ${source.from} ${level.joins}${where}${order}${paging}`;
    total = `(select count(*) from ${source.from} ${level.joins}${where})`;
  } else {
    // Filter, sort and page the parent rows first, so embeds run only for the rows returned.
    const cols =
      level.columns === 'all' ? `${alias}.*` : [...level.columns].map((c) => `${alias}.${ident(c)}`).join(', ');
    const rows = `select ${cols || '1 as "pgrst_one"'} from ${source.from}${where}${order}${paging}`;
    page = `select ${projection} from (${rows}) as ${alias} ${level.joins}${order}`;
    total = `(select count(*) from ${source.from}${where})`;
  }
  total = opts.count ? `${total}::text` : 'null::text';
  const sql = `select ${total} as total, count(*)::text as n, coalesce(json_agg(pgrst_page), '[]')::text as body from (${page}) as pgrst_page`;
  return { sql, values: ctx.params.values };
}
