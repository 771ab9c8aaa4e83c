/**
 * The admin user API for the service role (supabase-js `auth.admin.*`), after supabase/auth
 * internal/api/admin.go: list, create, get, update and delete users.
 */
import { randomBytes } from 'node:crypto';
import { isPgError, type Queryable } from '../db/engine.ts';
import { type AuthRequest, type Body, bool, obj, readJsonBody, str } from './body.ts';
import { AuthError, sendAuthJson, validationFailed, weakPassword } from './errors.ts';
import { requireAdmin } from './guard.ts';
import { logout } from './sessions.ts';
import { databaseError } from './signup.ts';
import {
  confirmEmail,
  emailProblem,
  findUserByEmail,
  findUserById,
  insertUser,
  isUuid,
  mergeMetadata,
  setPassword,
  userJson,
  type UserRow,
} from './users.ts';

const emailExists = () =>
  new AuthError(422, 'email_exists', 'A user with this email address has already been registered');

/** Go's time.ParseDuration subset GoTrue's ban_duration takes ("24h", "1h30m", "none"), in ms. */
function banDuration(value: string): number {
  if (value === 'none') return 0;
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1e3, m: 60e3, h: 3600e3 };
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g;
  if (!/^((\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h))+$/.test(value)) {
    throw validationFailed(`invalid format for ban duration: time: invalid duration "${value}"`);
  }
  let ms = 0;
  for (const [, n, unit] of value.matchAll(re)) ms += Number(n) * units[unit!]!;
  return ms;
}

async function applyBan(db: Queryable, id: string, body: Body): Promise<void> {
  const raw = str(body, 'ban_duration');
  if (!raw) return;
  const ms = banDuration(raw);
  await db.query(
    `update auth.users set banned_until = case when $2::float8 > 0 then now() + make_interval(secs => $2::float8 / 1000) end,
        updated_at = now() where id = $1`,
    [id, ms],
  );
}

async function loadTarget(r: AuthRequest, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(r.ctx.engine, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

async function listUsers(r: AuthRequest): Promise<void> {
  const q = r.url.searchParams;
  const page = q.get('page') ? Number(q.get('page')) : 1;
  const perPage = q.get('per_page') ? Number(q.get('per_page')) : 50;
  if (![page, perPage].every((n) => Number.isInteger(n) && n >= 0)) {
    throw validationFailed('Bad Pagination Parameters: invalid syntax');
  }
  const { engine } = r.ctx;
  const total = Number((await engine.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0]!.n);
  const ids = await engine.query<{ id: string }>(
    'select id::text from auth.users order by created_at desc, id limit $1 offset $2',
    [perPage, Math.max(page - 1, 0) * perPage],
  );
  const users: Record<string, unknown>[] = [];
  for (const { id } of ids.rows) {
    const user = await findUserById(engine, id);
    if (user) users.push(userJson(user));
  }
  // GoTrue's pagination headers, which auth-js parses into nextPage / lastPage / total.
  const lastPage = perPage > 0 ? Math.ceil(total / perPage) : 0;
  const link = (p: number) => {
    const u = new URL(r.url.pathname + r.url.search, 'http://local');
    u.searchParams.set('page', String(p));
    return `<${u.pathname}${u.search}>`;
  };
  const links = [...(lastPage > page ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
  sendAuthJson(r.res, 200, { users, aud: 'authenticated' }, { Link: links.join(', '), 'X-Total-Count': String(total) });
}

async function createUser(r: AuthRequest): Promise<void> {
  const { config, engine } = r.ctx;
  const body = await readJsonBody(r);
  const email = str(body, 'email')?.toLowerCase();
  const id = str(body, 'id');
  if (str(body, 'phone')) throw validationFailed('Phone users are not supported by the local auth server');
  if (!email) throw validationFailed('Cannot create a user without either an email or phone');
  const problem = emailProblem(email);
  if (problem) throw validationFailed(problem);
  if (id !== undefined && !isUuid(id)) throw validationFailed('ID must conform to the uuid v4 format');
  if (str(body, 'password_hash')) throw validationFailed('password_hash is not supported by the local auth server');
  if (await findUserByEmail(engine, email)) throw emailExists();
  // Like GoTrue, no strength check here; a user created without a password gets a random one.
  const password = str(body, 'password') || randomBytes(48).toString('base64url');
  const confirmed = bool(body, 'email_confirm');
  let created: UserRow;
  try {
    created = await engine.transaction(async (tx) => {
      const userId = await insertUser(
        tx,
        {
          email,
          password,
          userMetadata: obj(body, 'user_metadata') ?? {},
          confirmed,
          standardClaims: false,
          role: str(body, 'role'),
          ...(id ? { id } : {}),
        },
        config.bcryptCost,
      );
      const appMetadata = obj(body, 'app_metadata');
      if (appMetadata) await mergeMetadata(tx, userId, 'raw_app_meta_data', appMetadata);
      if (confirmed) await confirmEmail(tx, userId);
      await applyBan(tx, userId, body);
      return (await findUserById(tx, userId))!;
    });
  } catch (e) {
    if (isPgError(e) && e.code === '23505') throw emailExists();
    if (isPgError(e)) throw databaseError('Database error creating new user', e);
    throw e;
  }
  sendAuthJson(r.res, 200, userJson(created));
}

async function updateUser(r: AuthRequest, target: UserRow): Promise<void> {
  const { config, engine } = r.ctx;
  const body = await readJsonBody(r);
  const email = str(body, 'email')?.toLowerCase();
  const password = str(body, 'password');
  if (str(body, 'phone')) throw validationFailed('Phone users are not supported by the local auth server');
  if (email) {
    const problem = emailProblem(email);
    if (problem) throw validationFailed(problem);
    const other = await findUserByEmail(engine, email);
    if (other && other.id !== target.id) throw emailExists();
  }
  if (password !== undefined && password.length < config.minPasswordLength) {
    throw weakPassword(config.minPasswordLength);
  }
  const confirm = bool(body, 'email_confirm');
  const updated = await engine.transaction(async (tx) => {
    const role = str(body, 'role');
    if (role) await tx.query('update auth.users set role = $2, updated_at = now() where id = $1', [target.id, role]);
    if (password !== undefined) {
      await setPassword(tx, target.id, password, config.bcryptCost);
      await logout(tx, target.id, undefined, 'global');
    }
    if (email) {
      // The admin sets the address directly; it counts as verified only with email_confirm.
      const patch = JSON.stringify({ email, email_verified: confirm });
      await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [target.id, email]);
      await tx.query(
        `update auth.identities set identity_data = identity_data || $2::jsonb, updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [target.id, patch],
      );
    }
    if (confirm) await confirmEmail(tx, target.id);
    const appMetadata = obj(body, 'app_metadata');
    if (appMetadata) await mergeMetadata(tx, target.id, 'raw_app_meta_data', appMetadata);
    const userMetadata = obj(body, 'user_metadata');
    if (userMetadata) await mergeMetadata(tx, target.id, 'raw_user_meta_data', userMetadata);
    await applyBan(tx, target.id, body);
    return (await findUserById(tx, target.id))!;
  });
  sendAuthJson(r.res, 200, userJson(updated));
}

/** Routes below /admin; `path` is the rest of the URL path, e.g. `/users/<id>`. */
export async function handleAdmin(r: AuthRequest, path: string): Promise<void> {
  requireAdmin(r.req, r.ctx.config);
  const method = r.req.method ?? 'GET';
  if (path === '/users' || path === '/users/') {
    if (method === 'GET') return listUsers(r);
    if (method === 'POST') return createUser(r);
  } else {
    const m = /^\/users\/([^/]+)$/.exec(path);
    if (m) {
      // A UUID needs no percent-decoding; anything else is refused by loadTarget.
      const target = await loadTarget(r, m[1]!);
      if (method === 'GET') return sendAuthJson(r.res, 200, userJson(target));
      if (method === 'PUT') return updateUser(r, target);
      if (method === 'DELETE') {
        // Hard delete; sessions, identities and tokens go with the row (ON DELETE CASCADE).
        // `should_soft_delete` is not supported.
        await readJsonBody(r);
        try {
          await r.ctx.engine.query('delete from auth.users where id = $1', [target.id]);
        } catch (e) {
          if (isPgError(e)) throw databaseError('Database error deleting user', e);
          throw e;
        }
        return sendAuthJson(r.res, 200, {});
      }
    }
  }
  throw new AuthError(404, 'not_found', 'Not Found');
}
