/**
 * The stack's secrets and keys that must outlive a restart: on a host other machines can reach,
 * each is made at random on first start and kept in the data folder (mode 0600), because the
 * well-known development values would let anyone on the network mint tokens or call the API as
 * service_role. On a loopback host config.ts uses the development values instead.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEV_PUBLISHABLE_KEY, DEV_SECRET_KEY, generateApiKey, isApiKeyOf, type ApiKeyKind } from './auth/api-keys.ts';
import {
  DEV_SIGNING_KEY,
  JWT_SIGNING_MODES,
  generateSigningKey,
  parseSigningKey,
  type JwtSigning,
  type SigningJwk,
} from './auth/signing-keys.ts';

/** The API keys and signing choices of a project (fields of config.ts's ServerConfig). */
export interface ProjectKeys {
  publishableKey: string;
  secretKey: string;
  signingKey: SigningJwk;
  jwtSigning: JwtSigning;
  legacyKeys: boolean;
}

/**
 * The JWT secret of a stack reachable from other hosts: random, made on first start and kept in
 * `<dataDir>/jwt-secret.json` (mode 0600) so tokens and the keys baked into the site survive a
 * restart. The well-known development secret would let anyone on the network mint a
 * service_role token.
 */
export function persistentJwtSecret(dataDir: string): string {
  return persistentSecret(dataDir, 'jwt-secret.json', 'jwtSecret');
}

/**
 * The publish webhook's secret on a reachable stack: random and kept in
 * `<dataDir>/publish-webhook-secret.json`, for the same reason (the development secret would
 * let anyone who can reach the worker start builds).
 */
export function persistentWebhookSecret(dataDir: string): string {
  return persistentSecret(dataDir, 'publish-webhook-secret.json', 'publishWebhookSecret');
}

/**
 * The API keys and the ES256 signing key of a reachable stack, made on first start and kept in
 * the data folder (0600) like the JWT secret: the publishable key is baked into the site build,
 * the secret key is what the worker and scripts use, and sessions must survive a restart.
 */
function persistentApiKey(dataDir: string, kind: ApiKeyKind): string {
  return persistent(
    dataDir,
    `${kind}-key.json`,
    `${kind}Key`,
    (v) => (typeof v === 'string' && isApiKeyOf(kind, v) ? v : undefined),
    () => generateApiKey(kind),
  );
}

function persistentSigningKey(dataDir: string): SigningJwk {
  const file = path.join(dataDir, 'jwt-signing-key.json');
  return persistent(dataDir, 'jwt-signing-key.json', 'signingKey', (v) => parseSigningKey(v, file), generateSigningKey);
}

function persistentSecret(dataDir: string, name: string, key: string): string {
  return persistent(
    dataDir,
    name,
    key,
    (v) => (typeof v === 'string' && v.length >= 32 ? v : undefined),
    () => randomBytes(48).toString('base64url'),
  );
}

/**
 * `<dataDir>/<name>`'s `key`, or a new value from `make` written there (0600) when the file does
 * not exist yet. A file that exists but holds no usable value is an error, never overwritten.
 */
function persistent<T>(
  dataDir: string,
  name: string,
  key: string,
  accept: (saved: unknown) => T | undefined,
  make: () => T,
): T {
  const file = path.join(dataDir, name);
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown> | null;
    const value = accept(saved?.[key]);
    if (value !== undefined) return value;
    throw new Error(`no usable "${key}" in it`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} is unreadable: ${String(e)}`);
  }
  const value = make();
  fs.mkdirSync(dataDir, { recursive: true });
  // 'wx': two processes starting at once must not each write their own value.
  try {
    fs.writeFileSync(file, JSON.stringify({ [key]: value }, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return persistent(dataDir, name, key, accept, make);
    throw e;
  }
  return value;
}

/** An on/off switch from the environment: on, off, true, false, 1, 0. */
function envSwitch(name: string, fallback: boolean): boolean {
  const raw = process.env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['on', 'true', '1'].includes(raw)) return true;
  if (['off', 'false', '0'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got "${process.env[name]}"`);
}

function envApiKey(name: string, kind: ApiKeyKind): string | undefined {
  const value = process.env[name]?.trim();
  if (!value) return undefined;
  if (!isApiKeyOf(kind, value)) throw new Error(`${name} must be a ${kind} key (sb_${kind}_…)`);
  return value;
}

function envSigningKey(): SigningJwk | undefined {
  const raw = process.env.SUPABASE_JWT_SIGNING_KEY?.trim();
  if (!raw) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error('SUPABASE_JWT_SIGNING_KEY must be a JWK as JSON (supabase gen signing-key --algorithm ES256)');
  }
  return parseSigningKey(value, 'SUPABASE_JWT_SIGNING_KEY');
}

function envJwtSigning(): JwtSigning {
  const raw = (process.env.SUPABASE_JWT_SIGNING ?? 'hs256').trim().toLowerCase();
  if (!(JWT_SIGNING_MODES as readonly string[]).includes(raw)) {
    throw new Error(`SUPABASE_JWT_SIGNING must be one of ${JWT_SIGNING_MODES.join(', ')}, got "${raw}"`);
  }
  return raw as JwtSigning;
}

/**
 * The publishable and secret keys and the ES256 signing key: an override, else the environment
 * (SUPABASE_PUBLISHABLE_KEY, SUPABASE_SECRET_KEY, SUPABASE_JWT_SIGNING_KEY), else the development
 * values on a loopback host, else values made once and kept in the data folder. Also which key
 * signs (SUPABASE_JWT_SIGNING=hs256|es256) and whether the legacy JWT keys still work
 * (SUPABASE_LEGACY_API_KEYS=on|off).
 */
export function projectKeys(overrides: Partial<ProjectKeys>, loopback: boolean, dataDir: string): ProjectKeys {
  return {
    publishableKey:
      overrides.publishableKey ??
      envApiKey('SUPABASE_PUBLISHABLE_KEY', 'publishable') ??
      (loopback ? DEV_PUBLISHABLE_KEY : persistentApiKey(dataDir, 'publishable')),
    secretKey:
      overrides.secretKey ??
      envApiKey('SUPABASE_SECRET_KEY', 'secret') ??
      (loopback ? DEV_SECRET_KEY : persistentApiKey(dataDir, 'secret')),
    signingKey: overrides.signingKey ?? envSigningKey() ?? (loopback ? DEV_SIGNING_KEY : persistentSigningKey(dataDir)),
    jwtSigning: overrides.jwtSigning ?? envJwtSigning(),
    legacyKeys: overrides.legacyKeys ?? envSwitch('SUPABASE_LEGACY_API_KEYS', true),
  };
}
