/**
 * The schema's security invariants, checked against the live catalog: RLS on every table,
 * policies present, fixed search_path on every function, no view that runs as its owner, and
 * no write policy that lets everything through. Each case is one of Supabase's splinter lints
 * (named in the test), checked on PGlite and on PostgreSQL as part of `npm test`.
 */
import { describe, expect, it } from 'vitest';

import { serviceClient } from '../support/clients.ts';

/** Catalog queries go through a staff-only fixture function, so they work on both engines. */
async function catalog<T>(query: string): Promise<T[]> {
  const { data, error } = await serviceClient().rpc('fx_catalog', { query });
  if (error) throw new Error(error.message);
  return data as T[];
}

describe('schema lint', () => {
  it('enables row-level security on every table in public (rls_disabled_in_public)', async () => {
    const rows = await catalog<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('has no policy on a table whose row-level security is off (policy_exists_rls_disabled)', async () => {
    const rows = await catalog<{ table: string }>(
      `select distinct n.nspname || '.' || c.relname as table
         from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'private', 'storage') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('lets no public bucket list its objects (public_bucket_allows_listing)', async () => {
    // A SELECT policy on storage.objects that names a public bucket must narrow it further (to
    // staff, or to the caller's own files): public URLs need no policy, so a bare bucket test
    // only hands out the names of every file, unpublished reports' PDFs included. (The fx-
    // buckets are the storage fidelity fixtures, which list on purpose as Supabase allows.)
    const rows = await catalog<{ policy: string; bucket: string }>(
      `select p.policyname as policy, b.id as bucket
         from pg_policies p join storage.buckets b on b.public and b.id not like 'fx-%'
        where p.schemaname = 'storage' and p.tablename = 'objects' and p.cmd in ('SELECT', 'ALL')
          and (p.qual is null or p.qual = 'true' or (
            p.qual like '%''' || b.id || '''%'
            and btrim(regexp_replace(
                  regexp_replace(p.qual, 'bucket_id\\s*=\\s*(ANY\\s*\\(ARRAY\\[[^]]*\\]\\)|''[^'']*''(::text)?)', '', 'g'),
                  '[()\\s]|AND|OR|::text', '', 'g')) = ''))`,
    );
    expect(rows).toEqual([]);
  });

  it('gives every table in public at least one policy (rls_enabled_no_policy)', async () => {
    const rows = await catalog<{ table: string }>(
      `select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(rows).toEqual([]);
  });

  it('fixes search_path on every function of the app schemas (function_search_path_mutable)', async () => {
    const rows = await catalog<{ fn: string }>(
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and p.prokind = 'f'
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    );
    expect(rows).toEqual([]);
  });

  it("has no view that runs with its owner's rights (security_definer_view)", async () => {
    const rows = await catalog<{ view: string }>(
      `select c.relname as view from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('v', 'm')
          and not coalesce('security_invoker=true' = any(c.reloptions), false)`,
    );
    expect(rows).toEqual([]);
  });

  it('has no UPDATE or DELETE policy that allows every row, and no INSERT policy that checks nothing (rls_policy_always_true)', async () => {
    const rows = await catalog<{ policy: string }>(
      `select tablename || ': ' || policyname as policy from pg_policies
        where schemaname = 'public' and tablename not like 'fx\\_%'
          and ((cmd in ('UPDATE', 'DELETE', 'ALL') and coalesce(qual, 'true') = 'true')
            or (cmd in ('INSERT', 'UPDATE', 'ALL') and with_check = 'true'))`,
    );
    expect(rows).toEqual([]);
  });

  it('never reads user_metadata in a policy (rls_references_user_metadata)', async () => {
    const rows = await catalog<{ policy: string }>(
      `select tablename || ': ' || policyname as policy from pg_policies
        where coalesce(qual, '') || coalesce(with_check, '') ~* 'user_metadata'`,
    );
    expect(rows).toEqual([]);
  });

  it('indexes every foreign key of the app tables (unindexed_foreign_keys)', async () => {
    const rows = await catalog<{ fk: string }>(
      `select c.conrelid::regclass::text || '.' || c.conname as fk
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and c.conrelid::regclass::text not like 'public.fx\\_%'
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] = c.conkey)`,
    );
    expect(rows).toEqual([]);
  });
});
