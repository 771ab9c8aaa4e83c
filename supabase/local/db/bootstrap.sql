-- What a Supabase project provides before any migration runs: roles, schemas, auth and storage
-- tables, the auth helper functions and the default privileges. Idempotent: runs at every start.
-- Modelled on supabase/postgres' init scripts and supabase/auth's and supabase/storage's own
-- migrations, reduced to the parts supabase-js and our migrations touch.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists graphql_public;
create schema if not exists supabase_migrations;
-- Private to the local server (mailbox); never exposed over HTTP.
create schema if not exists _local;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

do $$
begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;
set search_path to "$user", public, extensions;

-- The API roles may look up objects in public but not create any: `usage`, as supabase/postgres'
-- init script grants it. Older data directories were given `all` (create too): taken back here.
grant usage on schema public, extensions, graphql_public to anon, authenticated, service_role;
grant usage on schema auth, storage to anon, authenticated, service_role;
revoke create on schema public from anon, authenticated, service_role;

-- No default grants (hosted Supabase: new projects from 30 May 2026, every project from 30 Oct
-- 2026): a new table, view, sequence or function in public gives the API roles nothing until a
-- migration grants it (20261125900400_explicit_grants.sql and each later migration). Revoked,
-- not just no longer granted, so a data directory made with the old defaults converges.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;

-- Stricter than hosted on purpose. PostgreSQL itself grants EXECUTE on every new function to
-- PUBLIC, and hosted Supabase keeps that: there a function runs for anon and authenticated unless
-- its migration revokes it, whatever was meant. Here the migration role's new functions run for
-- their owner only, so each needs a grant to the roles that call it (a missing one fails in the
-- test suite first), and the migrations revoke PUBLIC's EXECUTE by name, so hosted matches.
-- A per-schema `revoke` cannot take back a global default (PostgreSQL only adds per-schema
-- defaults to the global ones), so the default is revoked globally and given back in the
-- platform schemas, where our functions keep PostgreSQL's behaviour as they do on hosted
-- Supabase (extension functions such as unaccent() are called with the caller's rights).
-- Functions created in public and private (and any schema a migration adds) start with none.
alter default privileges revoke execute on functions from public;
alter default privileges in schema extensions, auth, storage grant execute on functions to public;

revoke all on schema _local from public;
revoke all on schema supabase_migrations from public;

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- ---------------------------------------------------------------- auth
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_sso_user boolean not null default false,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token);
create index if not exists users_recovery_token_idx on auth.users (recovery_token);
create index if not exists users_email_change_token_idx on auth.users (email_change_token_new);
comment on table auth.users is 'Auth: stores user login data within a secure schema.';

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique,
  user_id uuid references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- How each auth session was started (password, otp, …): the JWT's `amr` claim, kept across
-- refreshes. Same table as supabase/auth's.
create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  unique (session_id, authentication_method)
);

-- Same definitions as supabase/auth: claims come from the request's JWT, set by the server.
create or replace function auth.uid() returns uuid
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
set search_path = ''
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
-- Like hosted Supabase, API roles can reference auth.users (foreign keys) but read nothing from it.
revoke all on all tables in schema auth from anon, authenticated;
grant references on auth.users to anon, authenticated, service_role;
grant all on all tables in schema auth to service_role;

-- ---------------------------------------------------------------- storage
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  unique (bucket_id, name)
);
create index if not exists objects_bucket_id_name_idx on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- local mailbox
create table if not exists _local.mail (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  kind text not null,
  html text not null,
  link text,
  created_at timestamptz not null default now()
);
create index if not exists mail_recipient_idx on _local.mail (lower(recipient), created_at desc);
-- Mail caught by the local SMTP catcher (the newsletter sender's, and auth mail with LOCAL_SMTP=1)
-- also keeps its parsed headers, its plain-text part and its raw source.
alter table _local.mail add column if not exists headers jsonb;
alter table _local.mail add column if not exists text_body text;
alter table _local.mail add column if not exists raw text;

-- ---------------------------------------------------------------- vault
-- Hosted projects have Supabase Vault (the supabase_vault extension) for secrets such as the
-- publish webhook's: vault.create_secret() stores one, vault.decrypted_secrets reads it back, and
-- neither is reachable by the API roles. The same interface here, without the encryption at rest
-- (the local stack holds development secrets only).
create schema if not exists vault;
revoke all on schema vault from public;
create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text unique,
  description text not null default '',
  secret text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, created_at, updated_at from vault.secrets;
create or replace function vault.create_secret(new_secret text, new_name text default null, new_description text default '')
returns uuid language sql set search_path = '' as $$
  insert into vault.secrets (secret, name, description) values (new_secret, new_name, new_description) returning id
$$;
revoke all on all tables in schema vault from public, anon, authenticated;
revoke all on function vault.create_secret(text, text, text) from public, anon, authenticated;
