/**
 * The SQL behind Storage: rows of storage.buckets and storage.objects, read and written through
 * whatever transaction the caller opened (so RLS applies as that caller's role). Rows travel as
 * jsonb text, which keeps booleans, numbers, arrays and timestamps identical on both engines.
 */
import type { Queryable } from '../db/engine.ts';

export interface Bucket {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObject {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
}

const OBJECT_JSON = `(to_jsonb(o) - 'path_tokens')::text`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Storage keeps a non-uuid `sub` only in owner_id. */
function ownerUuid(owner: string | undefined): string | null {
  return owner && UUID.test(owner) ? owner : null;
}

async function one<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  const { rows } = await tx.query<{ j: string }>(sql, params);
  return rows[0] ? (JSON.parse(rows[0].j) as T) : undefined;
}

async function many<T>(tx: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  const { rows } = await tx.query<{ j: string }>(sql, params);
  return rows.map((r) => JSON.parse(r.j) as T);
}

// ------------------------------------------------------------------ buckets

export function findBucket(tx: Queryable, id: string, forUpdate = false): Promise<Bucket | undefined> {
  return one<Bucket>(
    tx,
    `select to_jsonb(b)::text as j from storage.buckets b where id = $1 ${forUpdate ? 'for update' : ''}`,
    [id],
  );
}

export interface BucketListOptions {
  limit?: number | undefined;
  offset?: number | undefined;
  sortColumn?: string | undefined;
  sortOrder?: string | undefined;
  search?: string | undefined;
}

const BUCKET_SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

export function listBuckets(tx: Queryable, opts: BucketListOptions): Promise<Bucket[]> {
  const params: unknown[] = [];
  let where = '';
  if (opts.search) {
    params.push(`%${opts.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    where = `where name ilike $${params.length}`;
  }
  const column = opts.sortColumn && BUCKET_SORT_COLUMNS.has(opts.sortColumn) ? opts.sortColumn : undefined;
  const order = column ? `order by ${column} ${opts.sortOrder?.toLowerCase() === 'desc' ? 'desc' : 'asc'}` : '';
  let page = '';
  if (opts.limit !== undefined) page += ` limit ${Math.max(0, Math.floor(opts.limit))}`;
  if (opts.offset !== undefined) page += ` offset ${Math.max(0, Math.floor(opts.offset))}`;
  return many<Bucket>(
    tx,
    `select (to_jsonb(b) - 'owner_id' || jsonb_build_object('type', 'STANDARD'))::text as j
       from storage.buckets b ${where} ${order} ${page}`,
    params,
  );
}

export interface BucketFields {
  public?: boolean | undefined;
  file_size_limit?: number | null | undefined;
  allowed_mime_types?: string[] | null | undefined;
}

export async function insertBucket(
  tx: Queryable,
  id: string,
  name: string,
  owner: string | undefined,
  fields: BucketFields,
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $2, $3, $4, coalesce($5::boolean, false), $6::bigint, $7::text[])
     on conflict do nothing
     returning id`,
    [
      id,
      name,
      ownerUuid(owner),
      owner ?? null,
      fields.public ?? null,
      fields.file_size_limit ?? null,
      fields.allowed_mime_types ?? null,
    ],
  );
  return rows.length > 0;
}

/** Updates only the fields given (undefined = unchanged, null = cleared); false when no row matched. */
export async function updateBucket(tx: Queryable, id: string, fields: BucketFields): Promise<boolean> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  const add = (column: string, cast: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}::${cast}`);
  };
  if (fields.public !== undefined) add('public', 'boolean', fields.public);
  if (fields.file_size_limit !== undefined) add('file_size_limit', 'bigint', fields.file_size_limit);
  if (fields.allowed_mime_types !== undefined) add('allowed_mime_types', 'text[]', fields.allowed_mime_types);
  const { rows } = await tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, params);
  return rows.length > 0;
}

export async function deleteBucket(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
  return rows.length > 0;
}

export async function bucketHasObjects(tx: Queryable, id: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
  return rows.length > 0;
}

// ------------------------------------------------------------------ objects

export function findObject(
  tx: Queryable,
  bucket: string,
  name: string,
  forUpdate = false,
): Promise<StoredObject | undefined> {
  return one<StoredObject>(
    tx,
    `select ${OBJECT_JSON} as j from storage.objects o where bucket_id = $1 and name = $2 ${forUpdate ? 'for update' : ''}`,
    [bucket, name],
  );
}

/** The subset of `names` the transaction's role can see. */
export async function visibleNames(tx: Queryable, bucket: string, names: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>(
    'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
    [bucket, names],
  );
  return new Set(rows.map((r) => r.name));
}

export interface ObjectWrite {
  bucket: string;
  name: string;
  owner: string | undefined;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * Inserts the row, or with `upsert` replaces an existing one (which needs SELECT and UPDATE
 * policies too). Without upsert an existing key yields undefined (Storage's 409).
 */
export function writeObject(tx: Queryable, w: ObjectWrite, upsert: boolean): Promise<StoredObject | undefined> {
  const conflict = upsert
    ? `do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
         user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now(),
         last_accessed_at = now()`
    : 'do nothing';
  return one<StoredObject>(
    tx,
    `insert into storage.objects as o (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)
     on conflict (bucket_id, name) ${conflict}
     returning ${OBJECT_JSON} as j`,
    [
      w.bucket,
      w.name,
      ownerUuid(w.owner),
      w.owner ?? null,
      w.version,
      JSON.stringify(w.metadata),
      w.userMetadata === undefined ? null : JSON.stringify(w.userMetadata),
    ],
  );
}

export function deleteObjects(tx: Queryable, bucket: string, names: string[]): Promise<StoredObject[]> {
  return many<StoredObject>(
    tx,
    `delete from storage.objects o where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_JSON} as j`,
    [bucket, names],
  );
}

/** Renames a row (the caller's UPDATE policy applies to old and new name); undefined if not visible. */
export function moveObject(
  tx: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string },
  owner: string | undefined,
  version: string,
): Promise<StoredObject | undefined> {
  return one<StoredObject>(
    tx,
    `update storage.objects o
        set bucket_id = $3, name = $4, owner = $5, owner_id = $6, version = $7, updated_at = now()
      where bucket_id = $1 and name = $2
      returning ${OBJECT_JSON} as j`,
    [from.bucket, from.name, to.bucket, to.name, ownerUuid(owner), owner ?? null, version],
  );
}

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: string;
  sortOrder: string;
}

const LIST_SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at']);

/**
 * storage.search: the folders and files one level below `prefix` whose name starts with
 * prefix+search (case-insensitively), names relative to the prefix. Folders have null id,
 * timestamps and metadata. Sorting by name interleaves both; other columns list folders first.
 */
export function listObjects(tx: Queryable, bucket: string, opts: ListOptions): Promise<unknown[]> {
  const column = LIST_SORT_COLUMNS.has(opts.sortColumn.toLowerCase()) ? opts.sortColumn.toLowerCase() : 'name';
  const dir = opts.sortOrder.toLowerCase() === 'desc' ? 'desc' : 'asc';
  const order =
    column === 'name'
      ? `lower(name) collate "C" ${dir}, name collate "C" ${dir}`
      : `is_folder desc, case when is_folder then lower(name) end collate "C" ${dir}, ${column} ${dir}, name collate "C"`;
  return many(
    tx,
    `with matched as (
       select o.*, substr(o.name, char_length($3::text) + 1) as rest
         from storage.objects o
        where o.bucket_id = $1 and starts_with(lower(o.name), lower($2))
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata,
              true as is_folder
         from matched where strpos(rest, '/') > 0
        group by split_part(rest, '/', 1)
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata, false
         from matched where strpos(rest, '/') = 0
     )
     select jsonb_build_object('name', name, 'id', id, 'updated_at', updated_at, 'created_at', created_at,
                               'last_accessed_at', last_accessed_at, 'metadata', metadata)::text as j
       from entries
      order by ${order}
      limit $4 offset $5`,
    [bucket, opts.prefix + opts.search, opts.prefix, opts.limit, opts.offset],
  );
}
