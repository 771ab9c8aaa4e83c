/**
 * Which migrations wrote which table, view or function, read from the migrations' own statements
 * (create, alter and drop; indexes, policies and triggers on a table; grants and comments), so
 * `supabase/schema.sql` can say where to look for an entity's history. Function bodies and string
 * literals are left out of the match: a query inside a function is not a change to the tables it
 * reads. Statements that name no object (`grant … on all tables in schema public`) count for none.
 */

/** The migration's top-level statements, lower-cased, with comments, strings and bodies blanked. */
function topLevelStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = /^\$(\w*)\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end;
    } else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      current += ' ';
    } else if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      i = end < 0 ? sql.length : end + dollar[0].length;
      current += ' $body$ ';
    } else if (rest[0] === "'" || rest[0] === '"') {
      // '' and "" inside a literal or identifier close and reopen it, which this loop does anyway.
      const end = sql.indexOf(rest[0], i + 1);
      const stop = end < 0 ? sql.length : end + 1;
      current += rest[0] === '"' ? sql.slice(i, stop) : "''";
      i = stop;
    } else if (rest[0] === ';') {
      statements.push(current);
      current = '';
      i++;
    } else {
      current += rest[0];
      i++;
    }
  }
  statements.push(current);
  return statements.map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase()).filter(Boolean);
}

const NAME = String.raw`((?:"[^"]+"|\w+)(?:\.(?:"[^"]+"|\w+))?)`;

/** `public.x`, `x`, `"x"` → `public.x`; unqualified names are in public (the migrations' path). */
function qualify(name: string): string {
  const parts = name.split('.').map((p) => p.replace(/^"|"$/g, ''));
  return parts.length === 1 ? `public.${parts[0]}` : `${parts[0]}.${parts[1]}`;
}

const TABLE_STATEMENTS = [
  new RegExp(`^(?:create|alter|drop) (?:unlogged )?table (?:if (?:not )?exists )?(?:only )?${NAME}`),
  new RegExp(`^(?:create|alter|drop) (?:materialized )?view (?:if (?:not )?exists )?${NAME}`),
  new RegExp(`^create or replace (?:materialized )?view ${NAME}`),
  new RegExp(`^create (?:unique )?index (?:concurrently )?(?:if not exists )?(?:\\S+ )?on (?:only )?${NAME}`),
  new RegExp(`^(?:create|alter|drop) policy (?:if exists )?(?:"[^"]+"|\\w+) on ${NAME}`),
  new RegExp(`^create (?:or replace )?(?:constraint )?trigger \\S+ .*? on ${NAME}`),
  new RegExp(`^drop trigger (?:if exists )?\\S+ on ${NAME}`),
  new RegExp(`^comment on (?:table|view|materialized view) ${NAME}`),
];

const FUNCTION_STATEMENTS = [
  new RegExp(`^create (?:or replace )?(?:function|procedure) ${NAME}\\s*\\(`),
  new RegExp(`^(?:alter|drop) (?:function|procedure) (?:if exists )?${NAME}`),
  new RegExp(`^comment on (?:function|procedure) ${NAME}`),
];

/** The tables, views and functions one statement writes, as `schema.name`. */
function targets(statement: string): string[] {
  for (const re of [...TABLE_STATEMENTS, ...FUNCTION_STATEMENTS]) {
    const m = re.exec(statement);
    if (m) return [qualify(m[1]!)];
  }
  const column = new RegExp(`^comment on column ${NAME}\\.`).exec(statement);
  if (column) return [qualify(column[1]!)];
  const grant = /^(?:grant|revoke) .*? on (table |function |procedure |routine )?(.+?) (?:to|from) /.exec(statement);
  if (grant && !/^(?:all |schema |sequence |type |database )/.test(grant[2]!)) {
    let list = grant[2]!;
    while (/\([^()]*\)/.test(list)) list = list.replace(/\([^()]*\)/g, '');
    return list.split(',').map((n) => qualify(n.trim()));
  }
  return [];
}

/**
 * `schema.name` → the migration files that wrote it, in the order they run (one entry per file).
 * `migrations` are `[file name, sql]` pairs in file-name order.
 */
export function migrationsByEntity(migrations: [string, string][]): Map<string, string[]> {
  const byEntity = new Map<string, string[]>();
  for (const [file, sql] of migrations) {
    for (const statement of topLevelStatements(sql)) {
      for (const target of targets(statement)) {
        const files = byEntity.get(target) ?? [];
        if (files.at(-1) !== file) files.push(file);
        byEntity.set(target, files);
      }
    }
  }
  return byEntity;
}
