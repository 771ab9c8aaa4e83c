/**
 * JWTs for REST tests that need "a signed-in user" without going through sign-up: PostgREST only
 * verifies the signature and reads the claims, exactly as here.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { signJwt } from '../../supabase/local/auth/jwt.ts';

export function userToken(sub: string = randomUUID(), extra: Record<string, unknown> = {}, expiresIn = 3600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + expiresIn, ...extra },
    inject('jwtSecret'),
  );
}

/** A supabase-js client whose requests carry the given JWT. */
export function clientWithToken(token: string): SupabaseClient {
  return createClient(inject('apiUrl'), inject('publishableKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function userClient(sub: string = randomUUID()): { client: SupabaseClient; sub: string } {
  return { client: clientWithToken(userToken(sub)), sub };
}
