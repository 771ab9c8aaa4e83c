/**
 * Turns two `pg_dump --schema-only` outputs, one of the local server's bootstrap alone (what every
 * Supabase project has) and one after every migration, into `supabase/schema.sql`: only what the
 * migrations add, grouped by entity (a table with its constraints, indexes, comments, policies,
 * triggers and grants; a function with its comment and grants), each entity under a header naming
 * the migrations that wrote it. pg_dump orders objects by type (all tables, then all indexes …),
 * so one table's story is spread over the whole file; grouped, a new policy shows up in a diff
 * next to the table it guards. Pure string work, so the output depends on the dumps alone.
 */

interface DumpItem {
  /** pg_dump's TOC tag, e.g. `articles_meta Anyone reads articles`, `TABLE articles_meta`. */
  name: string;
  /** pg_dump's object type: TABLE, INDEX, POLICY, ACL, FUNCTION … */
  type: string;
  /** `-` for objects outside any schema (schemas, extensions). */
  schema: string;
  body: string;
}

/** The order of object types inside an entity; anything else comes last. */
const KIND_ORDER = [
  'SCHEMA',
  'EXTENSION',
  'TYPE',
  'DOMAIN',
  'TABLE',
  'VIEW',
  'MATERIALIZED VIEW',
  'FUNCTION',
  'PROCEDURE',
  'AGGREGATE',
  'SEQUENCE',
  'SEQUENCE OWNED BY',
  'DEFAULT',
  'CONSTRAINT',
  'FK CONSTRAINT',
  'INDEX',
  'COMMENT',
  'ROW SECURITY',
  'POLICY',
  'TRIGGER',
  'RULE',
  'ACL',
  'DEFAULT ACL',
];

const HEADER = /^-- Name: (.*); Type: (.*); Schema: (.*); Owner: .*$/;

/** Splits a plain-format pg_dump into its objects, dropping the session settings around them. */
function parseDump(dump: string): DumpItem[] {
  const items: DumpItem[] = [];
  const lines = dump.split('\n');
  let current: (DumpItem & { lines: string[] }) | undefined;
  const close = () => {
    if (current) items.push({ ...current, body: current.lines.join('\n').trim() });
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const header = HEADER.exec(line);
    if (header && lines[i - 1] === '--' && lines[i + 1] === '--') {
      if (current) current.lines.pop(); // the `--` that opens this header
      close();
      current = { name: header[1]!, type: header[2]!, schema: header[3]!, body: '', lines: [] };
      i++;
      continue;
    }
    // Session settings pg_dump puts between objects (`SET default_tablespace = '';`), and the
    // \restrict <random key> … \unrestrict <key> of pg_dump 15.14+ around the whole script.
    if (!current || /^SET \w+ = .*;$|^\\(un)?restrict |^-- PostgreSQL database dump complete$/.test(line)) continue;
    current.lines.push(line);
  }
  close();
  return items;
}

/** Identity for the baseline comparison; a grant list compares as a set (its order follows history). */
const key = (item: DumpItem) =>
  [item.type, item.schema, item.name, item.type === 'ACL' ? item.body.split('\n').sort().join('\n') : item.body].join(
    '\u0000',
  );

type EntityKind = 'schema' | 'type' | 'table' | 'view' | 'function';

interface Entity {
  kind: EntityKind;
  schema: string;
  name: string;
  items: DumpItem[];
}

/** `public.f(uuid)` or `"Name"` → the bare name. */
const bare = (name: string) => name.replace(/\(.*$/s, '').replace(/^"|"$/g, '');

/** Which entity an object belongs to: its table, its function, its schema. */
function entityOf(
  item: DumpItem,
  sequenceTables: Map<string, string>,
): { kind: EntityKind; schema: string; name: string } {
  const { type, schema, name, body } = item;
  const first = name.split(' ')[0]!;
  switch (type) {
    case 'SCHEMA':
      return { kind: 'schema', schema: name, name };
    case 'EXTENSION':
    case 'DEFAULT ACL':
      return { kind: 'schema', schema: schema === '-' ? '' : schema, name: schema === '-' ? '' : schema };
    case 'TYPE':
    case 'DOMAIN':
      return { kind: 'type', schema, name };
    case 'TABLE':
    case 'ROW SECURITY':
      return { kind: 'table', schema, name };
    case 'VIEW':
    case 'MATERIALIZED VIEW':
      return { kind: 'view', schema, name };
    case 'FUNCTION':
    case 'PROCEDURE':
    case 'AGGREGATE':
      return { kind: 'function', schema, name: bare(name) };
    case 'DEFAULT':
    case 'CONSTRAINT':
    case 'FK CONSTRAINT':
    case 'TRIGGER':
    case 'POLICY':
    case 'RULE':
      return { kind: 'table', schema, name: first };
    case 'INDEX': {
      const on = /\bON (?:ONLY )?([\w"]+)\.([\w"]+)/.exec(body);
      return { kind: 'table', schema, name: on ? bare(on[2]!) : name };
    }
    case 'SEQUENCE':
    case 'SEQUENCE OWNED BY': {
      const identity = /^ALTER TABLE (?:ONLY )?[\w"]+\.([\w"]+) ALTER COLUMN/.exec(body);
      const owner = identity ? bare(identity[1]!) : sequenceTables.get(`${schema}.${name}`);
      return owner ? { kind: 'table', schema, name: owner } : { kind: 'table', schema, name };
    }
    case 'COMMENT':
    case 'ACL': {
      const [, what = '', rest = ''] = /^(MATERIALIZED VIEW|[A-Z]+) (.*)$/.exec(name) ?? [];
      if (what === 'SCHEMA') return { kind: 'schema', schema: bare(rest), name: bare(rest) };
      if (what === 'EXTENSION') return { kind: 'schema', schema: '', name: '' };
      if (what === 'FUNCTION' || what === 'PROCEDURE' || what === 'AGGREGATE')
        return { kind: 'function', schema, name: bare(rest) };
      if (what === 'VIEW' || what === 'MATERIALIZED VIEW') return { kind: 'view', schema, name: bare(rest) };
      if (what === 'TYPE' || what === 'DOMAIN') return { kind: 'type', schema, name: bare(rest) };
      if (what === 'COLUMN') return { kind: 'table', schema, name: bare(rest.split('.')[0]!) };
      if (what === 'POLICY' || what === 'TRIGGER' || what === 'CONSTRAINT' || what === 'RULE')
        return { kind: 'table', schema, name: bare(rest.split(' ON ').pop()!) };
      return { kind: 'table', schema, name: bare(rest) };
    }
    default:
      return { kind: 'table', schema, name: first };
  }
}

const SCHEMA_ORDER = ['', 'public', 'private'];
const KIND_RANK: Record<EntityKind, number> = { schema: 0, type: 1, table: 2, view: 3, function: 4 };

function compareEntities(a: Entity, b: Entity): number {
  // Schemas and extensions first, then public, private and the platform schemas we add to.
  if ((a.kind === 'schema') !== (b.kind === 'schema')) return a.kind === 'schema' ? -1 : 1;
  const rank = (s: string) => (SCHEMA_ORDER.includes(s) ? SCHEMA_ORDER.indexOf(s) : SCHEMA_ORDER.length);
  return (
    rank(a.schema) - rank(b.schema) ||
    a.schema.localeCompare(b.schema, 'en') ||
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    a.name.localeCompare(b.name, 'en')
  );
}

const kindRank = (type: string) => (KIND_ORDER.includes(type) ? KIND_ORDER.indexOf(type) : KIND_ORDER.length);

function renderEntity(entity: Entity, migrations: string[] | undefined): string {
  const title =
    entity.kind === 'schema'
      ? entity.name
        ? `Schema ${entity.name}`
        : 'Extensions and default privileges'
      : `${entity.kind[0]!.toUpperCase()}${entity.kind.slice(1)} ${entity.schema}.${entity.name}`;
  const rule = '-- ' + '-'.repeat(97);
  const head = [rule, `-- ${title}`];
  if (migrations?.length) head.push(...wrap(`Migrations: ${migrations.join(', ')}`, 96).map((l) => `-- ${l}`));
  head.push(rule);
  const items = entity.items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => kindRank(a.item.type) - kindRank(b.item.type) || a.i - b.i)
    .map(({ item }) => item);
  let out = head.join('\n') + '\n';
  items.forEach((item, i) => {
    const previous = items[i - 1];
    // One-line statements of a kind (grants, comments, indexes) stay together; anything longer
    // gets a blank line around it.
    const together =
      previous && previous.type === item.type && !previous.body.includes('\n') && !item.body.includes('\n');
    out += (i === 0 || together ? '' : '\n') + item.body + '\n';
  });
  return out;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line + ' ');
      line = '  ' + word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.map((l) => l.trimEnd());
}

/**
 * The schema the migrations add: every object of `full` that `baseline` does not have exactly,
 * grouped by entity and rendered with `header` on top. `touchedBy` maps `schema.name` of a table,
 * view or function to the migrations that wrote it (see `migrationsByEntity`).
 */
export function renderSchema(baseline: string, full: string, header: string, touchedBy: Map<string, string[]>): string {
  const platform = new Set(parseDump(baseline).map(key));
  const added = parseDump(full).filter(
    (item) => !platform.has(key(item)) && !(item.type === 'COMMENT' && item.name.startsWith('EXTENSION ')),
  );
  const sequenceTables = new Map<string, string>();
  for (const item of added) {
    const owned = /OWNED BY [\w"]+\.([\w"]+)\./.exec(item.body);
    if (item.type === 'SEQUENCE OWNED BY' && owned) sequenceTables.set(`${item.schema}.${item.name}`, bare(owned[1]!));
  }
  const entities = new Map<string, Entity>();
  for (const item of added) {
    const { kind, schema, name } = entityOf(item, sequenceTables);
    const id = `${kind === 'schema' || kind === 'function' ? kind : 'relation'}:${schema}.${name}`;
    const entity = entities.get(id) ?? { kind, schema, name, items: [] };
    // A table's view-typed objects (comments, grants) arrive as 'table': let the first real
    // definition decide what the entity is.
    if (kind !== 'table' && entity.kind === 'table') entity.kind = kind;
    entity.items.push(item);
    entities.set(id, entity);
  }
  const sorted = [...entities.values()].sort(compareEntities);
  const contents = sorted
    .filter((e) => e.kind !== 'schema')
    .reduce<Map<string, string[]>>((groups, e) => {
      const label = `${e.schema} ${e.kind}s:`;
      groups.set(label, [...(groups.get(label) ?? []), e.name]);
      return groups;
    }, new Map());
  const toc = [...contents].flatMap(([label, names]) => wrap(`${label} ${names.join(', ')}`, 96).map((l) => `-- ${l}`));
  const body = sorted.map((e) => renderEntity(e, touchedBy.get(`${e.schema}.${e.name}`)));
  return [header.trimEnd(), '--', '-- Contents', ...toc, '', body.join('\n')].join('\n');
}
