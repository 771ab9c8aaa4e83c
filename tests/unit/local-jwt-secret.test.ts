/**
 * Issue 13: the local stack uses the well-known development JWT secret only when it listens on a
 * loopback address; otherwise a random secret is made once and kept in the data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyJwt } from '../../supabase/local/auth/jwt.ts';
import {
  DEV_JWT_SECRET,
  DEV_PUBLISH_WEBHOOK_SECRET,
  isLoopbackHost,
  loadConfig,
  weakWebhookSecret,
} from '../../supabase/local/config.ts';

let dataDir: string;
const saved = { ...process.env };

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
  for (const k of [
    'SUPABASE_JWT_SECRET',
    'SUPABASE_ANON_KEY',
    'SUPABASE_SERVICE_ROLE_KEY',
    'SUPABASE_LOCAL_HOST',
    'PUBLISH_WEBHOOK_SECRET',
  ]) {
    delete process.env[k];
  }
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.env = { ...saved };
});

describe('isLoopbackHost', () => {
  it('knows loopback from reachable addresses', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', 'localhost.evil']) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });
});

describe('the JWT secret', () => {
  it('is the development secret on 127.0.0.1, and nothing is written', () => {
    const config = loadConfig({ host: '127.0.0.1', dataDir });
    expect(config.jwtSecret).toBe(DEV_JWT_SECRET);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret.json'))).toBe(false);
  });

  it('is random, kept in the data folder (0600) and reused when the host is reachable', () => {
    const first = loadConfig({ host: '0.0.0.0', dataDir });
    expect(first.jwtSecret).not.toBe(DEV_JWT_SECRET);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'jwt-secret.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ jwtSecret: first.jwtSecret });
    // The keys handed to the site build verify with it, and not with the development secret.
    expect(verifyJwt(first.anonKey, first.jwtSecret).role).toBe('anon');
    expect(verifyJwt(first.serviceRoleKey, first.jwtSecret).role).toBe('service_role');
    expect(() => verifyJwt(first.serviceRoleKey, DEV_JWT_SECRET)).toThrow();

    const second = loadConfig({ host: '192.168.1.10', dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.anonKey).toBe(first.anonKey);

    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'jwt-secret-'));
    try {
      expect(loadConfig({ host: '0.0.0.0', dataDir: elsewhere }).jwtSecret).not.toBe(first.jwtSecret);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('follows SUPABASE_LOCAL_HOST from the environment, as npm start reads it', () => {
    process.env.SUPABASE_LOCAL_HOST = '0.0.0.0';
    expect(loadConfig({ dataDir }).jwtSecret).not.toBe(DEV_JWT_SECRET);
  });

  it('an explicit SUPABASE_JWT_SECRET wins, with its keys', () => {
    process.env.SUPABASE_JWT_SECRET = 'a-deployment-secret-of-at-least-thirty-two-chars';
    const config = loadConfig({ host: '0.0.0.0', dataDir });
    expect(config.jwtSecret).toBe(process.env.SUPABASE_JWT_SECRET);
    expect(verifyJwt(config.anonKey, config.jwtSecret).role).toBe('anon');
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret.json'))).toBe(false);
  });

  it('anon/service keys from the environment are ignored without their secret (they could not verify)', () => {
    process.env.SUPABASE_ANON_KEY = 'not-a-key';
    const config = loadConfig({ host: '0.0.0.0', dataDir });
    expect(verifyJwt(config.anonKey, config.jwtSecret).role).toBe('anon');
  });
});

describe('the publish webhook secret', () => {
  it('is the development secret on 127.0.0.1, and nothing is written', () => {
    expect(loadConfig({ host: '127.0.0.1', dataDir }).publishWebhookSecret).toBe(DEV_PUBLISH_WEBHOOK_SECRET);
    expect(fs.existsSync(path.join(dataDir, 'publish-webhook-secret.json'))).toBe(false);
  });

  it('is random, kept in the data folder (0600) and reused when the host is reachable', () => {
    const first = loadConfig({ host: '0.0.0.0', dataDir }).publishWebhookSecret;
    expect(first).not.toBe(DEV_PUBLISH_WEBHOOK_SECRET);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'publish-webhook-secret.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ host: '10.0.0.1', dataDir }).publishWebhookSecret).toBe(first);
    // Not the JWT secret: one leaking does not give away the other.
    expect(first).not.toBe(loadConfig({ host: '0.0.0.0', dataDir }).jwtSecret);
  });

  it('an explicit PUBLISH_WEBHOOK_SECRET wins', () => {
    process.env.PUBLISH_WEBHOOK_SECRET = 'a-deployment-webhook-secret-of-32-chars-or-more';
    expect(loadConfig({ host: '0.0.0.0', dataDir }).publishWebhookSecret).toBe(process.env.PUBLISH_WEBHOOK_SECRET);
  });

  it('the standalone worker refuses the development or a short secret on a reachable address', () => {
    expect(weakWebhookSecret(DEV_PUBLISH_WEBHOOK_SECRET, '127.0.0.1')).toBeNull();
    expect(weakWebhookSecret('short', 'localhost')).toBeNull();
    expect(weakWebhookSecret(DEV_PUBLISH_WEBHOOK_SECRET, '0.0.0.0')).toMatch(/development webhook secret/);
    expect(weakWebhookSecret('short-secret', '192.168.1.10')).toMatch(/at least 32 characters/);
    expect(weakWebhookSecret('x'.repeat(32), '0.0.0.0')).toBeNull();
  });
});
