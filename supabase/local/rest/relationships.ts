/**
 * Finds how an embedded resource joins its parent, the way PostgREST infers relationships from
 * foreign keys: many-to-one, one-to-many (one-to-one when the referencing columns are unique)
 * and many-to-many through a junction table whose two foreign keys are part of its primary key.
 */
import { RestError } from './errors.ts';
import { relKey, type ForeignKey, type Relation, type SchemaCache } from './schema-cache.ts';

export type Relationship =
  | {
      kind: 'direct';
      /** true: the parent holds the foreign key (many-to-one); false: the child does. */
      parentHoldsKey: boolean;
      toOne: boolean;
      fk: ForeignKey;
      target: Relation;
      /** Pairs of (parent column, child column) to equate. */
      on: [string, string][];
    }
  | {
      kind: 'junction';
      toOne: false;
      junction: Relation;
      fkParent: ForeignKey;
      fkTarget: ForeignKey;
      target: Relation;
    };

const sameSet = (a: string[], b: string[]): boolean =>
  a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);

const isUnique = (rel: Relation, cols: string[]): boolean => rel.uniques.some((u) => sameSet(u, cols));

function describe(r: Relationship, parent: Relation): Record<string, string> {
  if (r.kind === 'junction') {
    return {
      cardinality: 'many-to-many',
      embedding: `${parent.name} with ${r.target.name}`,
      relationship: `${r.fkParent.name} using ${r.junction.schema}.${r.junction.name}(${r.fkParent.from.columns.join(', ')}) and ${r.fkTarget.name}`,
    };
  }
  const card = r.parentHoldsKey
    ? r.toOne && isUnique(parent, r.fk.from.columns)
      ? 'one-to-one'
      : 'many-to-one'
    : r.toOne
      ? 'one-to-one'
      : 'one-to-many';
  return {
    cardinality: card,
    embedding: `${parent.name} with ${r.target.name}`,
    relationship: `${r.fk.name} using ${r.fk.from.table}(${r.fk.from.columns.join(', ')}) and ${r.fk.to.table}(${r.fk.to.columns.join(', ')})`,
  };
}

/** All relationships between `parent` and the relation named `targetName`. */
function candidates(cache: SchemaCache, parent: Relation, targetName: string): Relationship[] {
  const target = cache.relations.get(relKey(parent.schema, targetName));
  if (!target) return [];
  const out: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    const fromParent = fk.from.schema === parent.schema && fk.from.table === parent.name;
    const toTarget = fk.to.schema === target.schema && fk.to.table === target.name;
    const fromTarget = fk.from.schema === target.schema && fk.from.table === target.name;
    const toParent = fk.to.schema === parent.schema && fk.to.table === parent.name;
    if (fromParent && toTarget) {
      out.push({
        kind: 'direct',
        parentHoldsKey: true,
        toOne: true,
        fk,
        target,
        on: fk.from.columns.map((c, i) => [c, fk.to.columns[i]!]),
      });
    }
    if (fromTarget && toParent) {
      out.push({
        kind: 'direct',
        parentHoldsKey: false,
        toOne: isUnique(target, fk.from.columns),
        fk,
        target,
        on: fk.to.columns.map((c, i) => [c, fk.from.columns[i]!]),
      });
    }
  }
  // Many-to-many: a third relation with one key to the parent and one to the target, both
  // made of primary-key columns of the junction.
  for (const junction of cache.relations.values()) {
    if (junction === parent || junction === target || junction.pk.length === 0) continue;
    const keys = cache.foreignKeys.filter(
      (fk) => fk.from.schema === junction.schema && fk.from.table === junction.name,
    );
    for (const a of keys) {
      if (!(a.to.schema === parent.schema && a.to.table === parent.name)) continue;
      for (const b of keys) {
        if (a === b || !(b.to.schema === target.schema && b.to.table === target.name)) continue;
        const inPk = (fk: ForeignKey) => fk.from.columns.every((c) => junction.pk.includes(c));
        if (inPk(a) && inPk(b))
          out.push({ kind: 'junction', toOne: false, junction, fkParent: a, fkTarget: b, target });
      }
    }
  }
  return out;
}

function byKeyName(cache: SchemaCache, parent: Relation, name: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.from.schema !== parent.schema || fk.from.table !== parent.name) continue;
    const byColumn = fk.from.columns.length === 1 && fk.from.columns[0] === name;
    if (!byColumn && fk.name !== name) continue;
    const target = cache.relations.get(relKey(fk.to.schema, fk.to.table));
    // Like PostgREST, a key named as the target never leads to a view (that would double every
    // key of a table some view shows).
    if (!target || target.kind === 'view') continue;
    out.push({
      kind: 'direct',
      parentHoldsKey: true,
      toOne: true,
      fk,
      target,
      on: fk.from.columns.map((c, i) => [c, fk.to.columns[i]!]),
    });
  }
  return out;
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.kind === 'junction') {
    return r.junction.name === hint || r.fkParent.name === hint || r.fkTarget.name === hint;
  }
  if (r.fk.name === hint) return true;
  // A column hint names a column of the key, on either side: `clients!client_id` or `clients!id`.
  return r.on.length === 1 && (r.on[0]![0] === hint || r.on[0]![1] === hint);
}

/**
 * Resolves `target!hint` from `parent`, with PostgREST's errors: PGRST200 when nothing joins
 * them, PGRST201 (300 Multiple Choices) when more than one relationship fits.
 */
export function resolveRelationship(
  cache: SchemaCache,
  parent: Relation,
  targetName: string,
  hint?: string,
): Relationship {
  let found: Relationship[];
  const target = cache.relations.get(relKey(parent.schema, targetName));
  if (target === parent) {
    // A self reference has one key and two relationships; PostgREST's convention: the table's
    // own name is the one-to-many side (children), optionally hinted by the key column only
    // (`categories!parent_id`); the key column as the target is the parent (`parent_id(*)`).
    found = candidates(cache, parent, targetName).filter(
      (r) =>
        r.kind === 'direct' && !r.parentHoldsKey && (hint === undefined || (r.on.length === 1 && r.on[0]![1] === hint)),
    );
  } else {
    found = candidates(cache, parent, targetName);
    // `select=author_id(*)` or `select=fk_name(*)`: a foreign-key column or constraint of the
    // parent named as the target embeds its referenced row (many-to-one), as PostgREST does.
    if (found.length === 0 && !target) found = byKeyName(cache, parent, targetName);
    if (hint !== undefined) found = found.filter((r) => matchesHint(r, hint));
  }
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${targetName}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${targetName}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
      null,
    );
  }
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${targetName}'`,
    found.map((r) => describe(r, parent)),
    `Try changing '${targetName}' to one of the following: ${found
      .map((r) => `'${targetName}!${r.kind === 'junction' ? r.junction.name : r.fk.name}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
