import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../supabase/local/config.ts';

const at = { port: 0, host: '127.0.0.1', inMemory: true, dataDir: '/nonexistent' } as const;

describe('the local server profile (issue 24)', () => {
  it('local: legacy keys accepted, HS256 sessions, the image renderer on, as the Supabase CLI', () => {
    const config = loadConfig({ ...at, profile: 'local' });
    expect([config.legacyKeys, config.jwtSigning, config.imageRenderer]).toEqual([true, 'hs256', true]);
  });

  it('hosted: a project created today (legacy keys off, ES256 sessions, no renderer on Free)', () => {
    const config = loadConfig({ ...at, profile: 'hosted' });
    expect([config.legacyKeys, config.jwtSigning, config.imageRenderer]).toEqual([false, 'es256', false]);
    expect(config.publishableKey).toMatch(/^sb_publishable_/);
    expect(config.secretKey).toMatch(/^sb_secret_/);
  });

  it('hosted with a field given explicitly: the field wins (a Pro project has the renderer)', () => {
    expect(loadConfig({ ...at, profile: 'hosted', imageRenderer: true }).imageRenderer).toBe(true);
  });
});
