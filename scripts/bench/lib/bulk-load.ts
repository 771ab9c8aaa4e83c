/**
 * Loads many rows into tables with their secondary indexes dropped and made again from their own
 * definitions after: one sorted build per index instead of every row added to each one by one.
 * For the fixtures of the plan tests and the benchmarks (scripts/bench/lib/insights-rows.ts,
 * tests/integration/query-plans.test.ts); the indexes come back as they were, so the plans read
 * after are the ones a database loaded row by row would give.
 */
import type { Queryable } from '../../../supabase/local/db/engine.ts';

/** Runs `load` with the non-unique, non-primary indexes of `tables` (`schema.table`) dropped. */
export async function withSecondaryIndexesDropped(
  db: Queryable,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_namespace n on n.oid = c.relnamespace
      where i.indrelid = any($1::regclass[]) and not i.indisprimary and not i.indisunique
      order by 1`,
    [`{${tables.join(',')}}`],
  );
  if (indexes.length === 0) throw new Error(`no secondary indexes on ${tables.join(', ')}`);
  for (const { name } of indexes) await db.exec(`drop index ${name}`);
  await load();
  for (const { definition } of indexes) await db.exec(definition);
}
