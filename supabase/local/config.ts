/**
 * Configuration of the local Supabase-compatible server.
 *
 * Every value has a development default so `npm start` needs nothing, and every value can be
 * overridden from the environment (or CLI flags in main.ts). On a loopback host the JWT secret,
 * the signing key and the API keys are the well-known *development* values of the Supabase CLI's
 * local stack: they are public and must never be used for a deployment that holds real data.
 */
import path from 'node:path';
import { makeLegacyApiKey } from './auth/api-keys.ts';
import type { JwtSigning, SigningJwk } from './auth/signing-keys.ts';
import { persistentJwtSecret, persistentWebhookSecret, projectKeys } from './project-keys.ts';
import { type EmailRate, type SmtpSettings, parseEmailRate, smtpFromEnv } from './auth/mail-config.ts';
import type { ApiRole } from './db/request.ts';

export const DEV_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/**
 * 'local' (the default): the Supabase CLI's local stack, convenient for development. 'hosted': a
 * hosted project created today (issue 24): the legacy JWT keys refused, sessions signed with the
 * asymmetric key, no Storage image renderer (the Free plan). Grants are the same in both: since
 * 2026 no project grants anything by default (db/bootstrap.sql). Set with
 * SUPABASE_LOCAL_PROFILE=hosted; fields given explicitly still win.
 */
type ServerProfile = 'local' | 'hosted';

const HOSTED_TODAY: Partial<ServerConfig> = { legacyKeys: false, jwtSigning: 'es256', imageRenderer: false };

export interface ServerConfig {
  /** What the server behaves like (see ServerProfile). */
  profile: ServerProfile;
  /** TCP port; the Supabase CLI's API port by default. */
  port: number;
  host: string;
  /** External base URL used in e-mail links and signed URLs. */
  publicUrl: string;
  /** Folder for the embedded database and stored files. */
  dataDir: string;
  /** When set, a PostgreSQL server is used instead of embedded PGlite. */
  databaseUrl: string | undefined;
  /** null = in-memory PGlite (tests). */
  inMemory: boolean;
  /** The legacy JWT secret: signs the legacy keys (and access tokens while jwtSigning is hs256). */
  jwtSecret: string;
  /** The ES256 signing key; its public half is served at /auth/v1/.well-known/jwks.json. */
  signingKey: SigningJwk;
  /** Which key signs new access tokens; both are always accepted (auth/signing-keys.ts). */
  jwtSigning: JwtSigning;
  /** The publishable key (`sb_publishable_…`): the anon role, safe in browsers. */
  publishableKey: string;
  /** The secret key (`sb_secret_…`): service_role, for servers only (refused from browsers). */
  secretKey: string;
  /** Whether the legacy JWT keys below are accepted as `apikey` (hosted: on until disabled). */
  legacyKeys: boolean;
  /** Legacy `anon` key: a long-lived JWT signed with jwtSecret. Prefer publishableKey. */
  anonKey: string;
  /** Legacy `service_role` key: a long-lived JWT signed with jwtSecret. Prefer secretKey. */
  serviceRoleKey: string;
  /** Seconds an access token lives. */
  jwtExpiry: number;
  /** GoTrue: require e-mail confirmation before sign-in (hosted default). */
  mailerAutoconfirm: boolean;
  /** GoTrue: the site URL used when a redirect target is missing or not allowed. */
  siteUrl: string;
  /** Origins (or exact URLs) e-mail links may redirect to. */
  redirectAllowList: string[];
  /** Minimum seconds between two e-mails to one address (Supabase CLI default: 1 s). */
  emailMinInterval: number;
  /** SMTP server for auth mail (SMTP_HOST, …: auth/mail-config.ts); undefined = the local mailbox. */
  smtp: SmtpSettings | undefined;
  /** Auth mails sent through SMTP, all recipients together (RATE_LIMIT_EMAIL_SENT; GoTrue: 30 an hour). */
  rateLimitEmailSent: EmailRate;
  /** Seconds a revoked refresh token may still be exchanged (GoTrue reuse interval). */
  refreshTokenReuseInterval: number;
  minPasswordLength: number;
  /** Failed password sign-ins per e-mail and client IP before /token answers 429 (0 = off). */
  signInFailureLimit: number;
  /** The window those failures are counted in, in seconds. */
  signInFailureWindowSeconds: number;
  /** Largest request body accepted by REST and auth, in bytes. */
  maxBodyBytes: number;
  /** Largest upload accepted by storage (global cap, per-bucket limits apply on top). */
  maxUploadBytes: number;
  /**
   * Storage's image renderer (`/storage/v1/render/image/…`): hosted Supabase has it on the Pro
   * plan and above. Off (STORAGE_IMAGE_RENDERER=off) the server answers those routes as a Free
   * project does: 403 FeatureNotEnabled (storage/render.ts, docs/images.md).
   */
  imageRenderer: boolean;
  /** bcrypt cost for new password hashes (GoTrue uses 10). */
  bcryptCost: number;
  /** Schemas PostgREST exposes. */
  exposedSchemas: string[];
  /** PostgREST db-max-rows; hosted Supabase uses 1000. */
  maxRows: number;
  /**
   * Milliseconds one statement of an API request may run, per role (0 = no limit). Hosted
   * Supabase's defaults: anon 3 s and authenticated 8 s, set on the roles; service_role has none
   * of its own and inherits the 8 s of `authenticator`, the role PostgREST connects as. Keeping
   * them locally means a query too slow for production fails here first. PostgreSQL interrupts
   * the statement; PGlite cannot, and fails it when it returns (db/pglite.ts).
   */
  statementTimeouts: Record<ApiRole, number>;
  /** Connections to a PostgreSQL server (PostgREST's db-pool, 10); PGlite always has one. */
  dbPool: number;
  /**
   * Milliseconds a request may wait in line for a connection before it is answered 504 PGRST003
   * (PostgREST's db-pool-acquisition-timeout, 10 s); 0 = no limit.
   */
  dbPoolAcquisitionTimeoutMs: number;
  /** Folder with the migrations applied at start. */
  migrationsDir: string;
  /** Print request lines to stdout. */
  logRequests: boolean;
  /** Database Webhooks: where the publish outbox is POSTed (the publish worker); unset = nowhere. */
  publishWebhookUrl: string | undefined;
  /** Sent as `Authorization: Bearer …` with each webhook; the worker checks it. */
  publishWebhookSecret: string;
  /** How often the publish clock (`publish_due()`, pg_cron on hosted Supabase) runs, in ms. */
  publishClockMs: number;
  /** How often the outbox is looked at without a write through the API asking (ms). */
  publishPollMs: number;
  /**
   * How often PGlite's maintenance step (vacuum, analyze, checkpoint when due; db/maintenance.ts)
   * runs, in ms; 0 = only when called (tests).
   */
  maintenanceIntervalMs: number;
}

/** The development webhook secret, for 127.0.0.1 only (like the development JWT secret). */
export const DEV_PUBLISH_WEBHOOK_SECRET = 'local-publish-webhook-secret';

/**
 * Why a publish worker listening on `host` must not run with `secret`, or null when it may: on
 * an address other hosts can reach, the development secret and short secrets are refused.
 */
export function weakWebhookSecret(secret: string, host: string): string | null {
  if (isLoopbackHost(host)) return null;
  if (secret === DEV_PUBLISH_WEBHOOK_SECRET) {
    return `the development webhook secret may only be used on 127.0.0.1; set PUBLISH_WEBHOOK_SECRET to a random value of at least 32 characters`;
  }
  if (secret.length < 32) return `PUBLISH_WEBHOOK_SECRET must be at least 32 characters on a reachable host`;
  return null;
}

/** 127.0.0.1 (any 127/8 address), localhost and ::1: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${raw}"`);
  return n;
}

function envBool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === '1' || raw.toLowerCase() === 'true';
}

function envProfile(): ServerProfile {
  const raw = (process.env.SUPABASE_LOCAL_PROFILE ?? 'local').trim().toLowerCase();
  if (raw !== 'local' && raw !== 'hosted')
    throw new Error(`SUPABASE_LOCAL_PROFILE must be local or hosted, got "${raw}"`);
  return raw;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const port = overrides.port ?? envInt('SUPABASE_LOCAL_PORT', 54321);
  const host = overrides.host ?? process.env.SUPABASE_LOCAL_HOST ?? '127.0.0.1';
  const dataDir = path.resolve(
    overrides.dataDir ?? process.env.SUPABASE_LOCAL_DATA_DIR ?? path.join(root, '.data', 'supabase'),
  );
  const jwtSecret =
    overrides.jwtSecret ??
    process.env.SUPABASE_JWT_SECRET ??
    (isLoopbackHost(host) ? DEV_JWT_SECRET : persistentJwtSecret(dataDir));
  const siteUrl = overrides.siteUrl ?? process.env.SITE_URL ?? 'http://127.0.0.1:4321';
  const extraRedirects = (process.env.ADDITIONAL_REDIRECT_URLS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const profile = overrides.profile ?? envProfile();
  const base: ServerConfig = {
    profile,
    port,
    host,
    publicUrl: process.env.API_EXTERNAL_URL ?? `http://${host}:${port}`,
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    inMemory: false,
    jwtSecret,
    ...projectKeys(overrides, isLoopbackHost(host), dataDir),
    // Keys from the environment only go with a secret from the environment: with a generated
    // secret they could not verify.
    anonKey: (process.env.SUPABASE_JWT_SECRET && process.env.SUPABASE_ANON_KEY) || makeLegacyApiKey(jwtSecret, 'anon'),
    serviceRoleKey:
      (process.env.SUPABASE_JWT_SECRET && process.env.SUPABASE_SERVICE_ROLE_KEY) ||
      makeLegacyApiKey(jwtSecret, 'service_role'),
    jwtExpiry: envInt('JWT_EXPIRY', 3600),
    mailerAutoconfirm: envBool('MAILER_AUTOCONFIRM', false),
    siteUrl,
    redirectAllowList: [siteUrl, 'http://localhost:4321', 'http://127.0.0.1:4321', ...extraRedirects],
    emailMinInterval: envInt('EMAIL_MIN_INTERVAL', 1),
    smtp: smtpFromEnv(process.env),
    rateLimitEmailSent: parseEmailRate(process.env.RATE_LIMIT_EMAIL_SENT),
    refreshTokenReuseInterval: envInt('REFRESH_TOKEN_REUSE_INTERVAL', 10),
    minPasswordLength: 6,
    signInFailureLimit: envInt('SIGN_IN_FAILURE_LIMIT', 10),
    signInFailureWindowSeconds: envInt('SIGN_IN_FAILURE_WINDOW', 300),
    maxBodyBytes: envInt('MAX_BODY_BYTES', 10 * 1024 * 1024),
    maxUploadBytes: envInt('MAX_UPLOAD_BYTES', 50 * 1024 * 1024),
    imageRenderer: (process.env.STORAGE_IMAGE_RENDERER ?? '').toLowerCase() !== 'off',
    bcryptCost: envInt('BCRYPT_COST', 10),
    exposedSchemas: ['public', 'graphql_public'],
    maxRows: envInt('PGRST_DB_MAX_ROWS', 1000),
    statementTimeouts: {
      anon: envInt('STATEMENT_TIMEOUT_ANON_MS', 3000),
      authenticated: envInt('STATEMENT_TIMEOUT_AUTHENTICATED_MS', 8000),
      service_role: envInt('STATEMENT_TIMEOUT_SERVICE_ROLE_MS', 8000),
    },
    dbPool: envInt('PGRST_DB_POOL', 10),
    dbPoolAcquisitionTimeoutMs: envInt('PGRST_DB_POOL_ACQUISITION_TIMEOUT', 10) * 1000,
    migrationsDir: path.join(root, 'supabase', 'migrations'),
    logRequests: envBool('LOG_REQUESTS', false),
    publishWebhookUrl: process.env.PUBLISH_WEBHOOK_URL || undefined,
    publishWebhookSecret:
      process.env.PUBLISH_WEBHOOK_SECRET ||
      (isLoopbackHost(host) ? DEV_PUBLISH_WEBHOOK_SECRET : persistentWebhookSecret(dataDir)),
    publishClockMs: envInt('PUBLISH_CLOCK_MS', 30_000),
    publishPollMs: envInt('PUBLISH_OUTBOX_POLL_MS', 500),
    maintenanceIntervalMs: envInt('PGLITE_MAINTENANCE_INTERVAL_MS', 10_000),
  };
  const merged = { ...base, ...(profile === 'hosted' ? HOSTED_TODAY : {}), ...overrides };
  if (overrides.port !== undefined && overrides.publicUrl === undefined && !process.env.API_EXTERNAL_URL) {
    merged.publicUrl = `http://${merged.host}:${merged.port}`;
  }
  return merged;
}
