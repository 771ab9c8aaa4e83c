/**
 * auth.users and auth.identities: the SQL behind every auth route, and the User JSON GoTrue
 * returns (internal/models/user.go). Rows come back as text (see db/engine.ts), so timestamps are
 * formatted in SQL as RFC 3339 UTC with a `Z` and JSON columns are selected as text.
 *
 * Passwords only ever travel as bound parameters into pgcrypto's crypt(): they are hashed and
 * compared inside Postgres and never logged or stored in clear.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/engine.ts';

type Json = Record<string, unknown>;

/** `timestamptz` → `2024-01-01T12:00:00.123456Z` (or null), as Go's time marshalling shows it. */
const rfc3339 = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const IDENTITIES_SQL = `coalesce((
  select json_agg(json_build_object(
    'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
    'provider', i.provider, 'last_sign_in_at', ${rfc3339('i.last_sign_in_at')},
    'created_at', ${rfc3339('i.created_at')}, 'updated_at', ${rfc3339('i.updated_at')}, 'email', i.email
  ) order by i.created_at)
  from auth.identities i where i.user_id = u.id), '[]')::text`;

const USER_SELECT = `select u.id::text as id, u.aud, u.role, u.email, u.phone,
  ${rfc3339('u.email_confirmed_at')} as email_confirmed_at, ${rfc3339('u.phone_confirmed_at')} as phone_confirmed_at,
  ${rfc3339('u.confirmed_at')} as confirmed_at, ${rfc3339('u.confirmation_sent_at')} as confirmation_sent_at,
  ${rfc3339('u.recovery_sent_at')} as recovery_sent_at, u.email_change,
  ${rfc3339('u.email_change_sent_at')} as email_change_sent_at, ${rfc3339('u.last_sign_in_at')} as last_sign_in_at,
  ${rfc3339('u.invited_at')} as invited_at, ${rfc3339('u.banned_until')} as banned_until,
  ${rfc3339('u.created_at')} as created_at, ${rfc3339('u.updated_at')} as updated_at,
  coalesce(u.raw_app_meta_data, '{}')::text as app_metadata, coalesce(u.raw_user_meta_data, '{}')::text as user_metadata,
  ${IDENTITIES_SQL} as identities, u.is_anonymous::text as is_anonymous,
  (u.banned_until is not null and u.banned_until > now())::text as banned
  from auth.users u`;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  invited_at: string | null;
  banned_until: string | null;
  created_at: string;
  updated_at: string;
  app_metadata: string;
  user_metadata: string;
  identities: string;
  is_anonymous: string;
  banned: string;
}

/** The User object of GoTrue's JSON: optional timestamps are omitted when null (`omitempty`). */
export function userJson(row: UserRow): Json {
  const optional = (value: string | null | undefined) => (value ? value : undefined);
  const identities = (JSON.parse(row.identities) as Json[]).map((i) =>
    Object.fromEntries(Object.entries(i).filter(([, v]) => v !== null)),
  );
  return {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
    email_confirmed_at: optional(row.email_confirmed_at),
    phone: row.phone ?? '',
    phone_confirmed_at: optional(row.phone_confirmed_at),
    confirmation_sent_at: optional(row.confirmation_sent_at),
    confirmed_at: optional(row.confirmed_at),
    recovery_sent_at: optional(row.recovery_sent_at),
    new_email: optional(row.email_change),
    email_change_sent_at: optional(row.email_change_sent_at),
    invited_at: optional(row.invited_at),
    last_sign_in_at: optional(row.last_sign_in_at),
    app_metadata: JSON.parse(row.app_metadata) as Json,
    user_metadata: JSON.parse(row.user_metadata) as Json,
    identities,
    created_at: row.created_at,
    updated_at: row.updated_at,
    banned_until: optional(row.banned_until),
    is_anonymous: row.is_anonymous === 'true',
  };
}

export async function findUserById(db: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const lock = forUpdate ? ' for update of u' : '';
  return (await db.query<UserRow>(`${USER_SELECT} where u.id = $1${lock}`, [id])).rows[0];
}

export async function findUserByEmail(db: Queryable, email: string, forUpdate = false): Promise<UserRow | undefined> {
  const lock = forUpdate ? ' for update of u' : '';
  const sql = `${USER_SELECT} where lower(u.email) = lower($1) and u.is_sso_user = false${lock}`;
  return (await db.query<UserRow>(sql, [email])).rows[0];
}

/** The user with a pending change to `email`. */
export async function findUserByEmailChange(db: Queryable, email: string): Promise<UserRow | undefined> {
  const sql = `${USER_SELECT} where lower(u.email_change) = lower($1) and u.is_sso_user = false for update of u`;
  return (await db.query<UserRow>(sql, [email])).rows[0];
}

/** Finds the user whose token column holds `tokenHash`, if it was sent less than `maxAge` s ago. */
export async function findUserByToken(
  db: Queryable,
  column: 'confirmation_token' | 'recovery_token' | 'email_change_token_new',
  sentColumn: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at',
  tokenHash: string,
  maxAge: number,
): Promise<UserRow | undefined> {
  if (!tokenHash) return undefined;
  const sql = `${USER_SELECT} where u.${column} = $1 and u.${sentColumn} > now() - make_interval(secs => $2) for update of u`;
  return (await db.query<UserRow>(sql, [tokenHash, maxAge])).rows[0];
}

/** The token hashes of one user, for the e-mail + OTP variant of POST /verify. */
export async function userTokens(db: Queryable, id: string, maxAge: number) {
  const valid = (token: string, sent: string) =>
    `case when ${sent} > now() - make_interval(secs => $2) then nullif(${token}, '') end`;
  const sql = `select ${valid('confirmation_token', 'confirmation_sent_at')} as confirmation,
      ${valid('recovery_token', 'recovery_sent_at')} as recovery,
      ${valid('email_change_token_new', 'email_change_sent_at')} as email_change
    from auth.users where id = $1`;
  const r = await db.query<{ confirmation: string | null; recovery: string | null; email_change: string | null }>(sql, [
    id,
    maxAge,
  ]);
  return r.rows[0] ?? { confirmation: null, recovery: null, email_change: null };
}

export async function passwordMatches(db: Queryable, id: string, password: string): Promise<boolean> {
  const sql = `select (encrypted_password is not null and encrypted_password <> ''
      and encrypted_password = extensions.crypt($2, encrypted_password))::text as ok
    from auth.users where id = $1`;
  return (await db.query<{ ok: string }>(sql, [id, password])).rows[0]?.ok === 'true';
}

export async function hasPassword(db: Queryable, id: string): Promise<boolean> {
  const sql = `select (coalesce(encrypted_password, '') <> '')::text as ok from auth.users where id = $1`;
  return (await db.query<{ ok: string }>(sql, [id])).rows[0]?.ok === 'true';
}

export interface NewUser {
  email: string;
  password: string;
  userMetadata: Json;
  confirmed: boolean;
  /**
   * Sign-ups get GoTrue's standard claims (sub, email, email_verified, phone_verified) merged
   * into user_metadata; admin-created users keep the metadata given (plus email_verified once
   * confirmed), as in GoTrue. The identity always carries the claims.
   */
  standardClaims: boolean;
  id?: string;
  role?: string;
}

/**
 * Inserts the user and its e-mail identity on the caller's (superuser) transaction, so triggers
 * that app migrations put on auth.users fire exactly as under GoTrue.
 */
export async function insertUser(db: Queryable, u: NewUser, bcryptCost: number): Promise<string> {
  const id = u.id ?? randomUUID();
  const claims = { sub: id, email: u.email, email_verified: u.confirmed, phone_verified: false };
  const appMetadata = { provider: 'email', providers: ['email'] };
  const userMetadata = u.standardClaims
    ? { ...u.userMetadata, ...claims }
    : { ...u.userMetadata, ...(u.confirmed ? { email_verified: true } : {}) };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at, is_anonymous)
      values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, lower($3),
        extensions.crypt($4, extensions.gen_salt('bf', $5::int)), case when $6::boolean then now() end,
        $7::jsonb, $8::jsonb, false, now(), now(), false)`,
    [
      id,
      u.role ?? 'authenticated',
      u.email,
      u.password,
      bcryptCost,
      u.confirmed,
      JSON.stringify(appMetadata),
      JSON.stringify(userMetadata),
    ],
  );
  // GoTrue copies sign-up data into the identity too, without overriding the standard claims.
  const identityData = u.standardClaims ? { ...u.userMetadata, ...claims } : claims;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      values ($1, $2, $3::jsonb, 'email', now(), now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return id;
}

export async function setPassword(db: Queryable, id: string, password: string, bcryptCost: number): Promise<void> {
  // Like GoTrue's UpdatePassword: pending links stop working once the password changes.
  await db.query(
    `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf', $3::int)),
        confirmation_token = '', confirmation_sent_at = null, recovery_token = '', recovery_sent_at = null,
        email_change_token_new = '', email_change = '', email_change_sent_at = null, updated_at = now()
      where id = $1`,
    [id, password, bcryptCost],
  );
}

/** Merges `updates` into a metadata column; a null value deletes the key (GoTrue semantics). */
export async function mergeMetadata(
  db: Queryable,
  id: string,
  column: 'raw_user_meta_data' | 'raw_app_meta_data',
  updates: Json,
): Promise<void> {
  const set: Json = {};
  const drop: string[] = [];
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) drop.push(k);
    else set[k] = v;
  }
  await db.query(
    `update auth.users set ${column} = (coalesce(${column}, '{}') || $2::jsonb)
        - array(select jsonb_array_elements_text($3::jsonb)), updated_at = now()
      where id = $1`,
    [id, JSON.stringify(set), JSON.stringify(drop)],
  );
}

/** Marks the e-mail confirmed (signup link, recovery of an unconfirmed user, admin email_confirm). */
export async function confirmEmail(db: Queryable, id: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}', updated_at = now()
      where id = $1`,
    [id],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}', updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [id],
  );
}

/** Applies a confirmed e-mail change to the user, its metadata and its e-mail identity. */
export async function applyEmailChange(db: Queryable, id: string, email: string): Promise<void> {
  const patch = JSON.stringify({ email, email_verified: true });
  await db.query(
    `update auth.users set email = lower($2), email_change = '', email_change_token_new = '',
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $3::jsonb, updated_at = now()
      where id = $1`,
    [id, email, patch],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [id, patch],
  );
  await confirmEmail(db, id);
}

export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

/** GoTrue's e-mail check (checkmail.ValidateFormat) plus its 255-character limit. */
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function emailProblem(email: unknown): string | undefined {
  if (typeof email !== 'string' || email === '') return 'An email address is required';
  if (email.length > 255) return 'An email address is too long';
  if (!EMAIL_RE.test(email)) return 'Unable to validate email address: invalid format';
  return undefined;
}
