/**
 * supabase/schema.sql is built from two pg_dump outputs (scripts/lib/schema-sql.ts) and names the
 * migrations behind each entity (scripts/lib/migration-entities.ts). These pin the rules a reader
 * relies on: Supabase's own objects stay out, each table keeps its policies, triggers and grants
 * together, and a migration counts for an entity only when it changes it.
 */
import { describe, expect, it } from 'vitest';
import { migrationsByEntity } from '../../scripts/lib/migration-entities.ts';
import { renderSchema } from '../../scripts/lib/schema-sql.ts';

const item = (name: string, type: string, schema: string, body: string) =>
  `--\n-- Name: ${name}; Type: ${type}; Schema: ${schema}; Owner: -\n--\n\n${body}\n\n\n`;

const PRELUDE = '--\n-- PostgreSQL database dump\n--\n\n\\restrict abc123\n\nSET statement_timeout = 0;\n\n';

const baseline =
  PRELUDE +
  item('auth', 'SCHEMA', '-', 'CREATE SCHEMA auth;') +
  item('users', 'TABLE', 'auth', 'CREATE TABLE auth.users (\n    id uuid NOT NULL\n);') +
  item(
    'TABLE users',
    'ACL',
    'auth',
    'GRANT REFERENCES ON TABLE auth.users TO anon;\nGRANT ALL ON TABLE auth.users TO service_role;',
  );

const full =
  baseline.replace(
    'GRANT REFERENCES ON TABLE auth.users TO anon;\nGRANT ALL ON TABLE auth.users TO service_role;',
    'GRANT ALL ON TABLE auth.users TO service_role;\nGRANT REFERENCES ON TABLE auth.users TO anon;',
  ) +
  item('private', 'SCHEMA', '-', 'CREATE SCHEMA private;') +
  item(
    'is_staff()',
    'FUNCTION',
    'private',
    'CREATE FUNCTION private.is_staff() RETURNS boolean\n    AS $$ select true $$;',
  ) +
  item(
    'bookmarks',
    'TABLE',
    'public',
    "SET default_tablespace = '';\n\nCREATE TABLE public.bookmarks (\n    user_id uuid NOT NULL\n);",
  ) +
  item('zines', 'TABLE', 'public', 'CREATE TABLE public.zines (\n    id bigint NOT NULL\n);') +
  item(
    'bookmarks_user_idx',
    'INDEX',
    'public',
    'CREATE INDEX bookmarks_user_idx ON public.bookmarks USING btree (user_id);',
  ) +
  item('bookmarks', 'ROW SECURITY', 'public', 'ALTER TABLE public.bookmarks ENABLE ROW LEVEL SECURITY;') +
  item(
    'bookmarks Users read their own bookmarks',
    'POLICY',
    'public',
    'CREATE POLICY "Users read their own bookmarks" ON public.bookmarks FOR SELECT USING (true);',
  ) +
  item(
    'users on_auth_user_created',
    'TRIGGER',
    'auth',
    'CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.is_staff();',
  ) +
  item('TABLE bookmarks', 'ACL', 'public', 'GRANT SELECT ON TABLE public.bookmarks TO authenticated;') +
  item('FUNCTION is_staff()', 'ACL', 'private', 'GRANT ALL ON FUNCTION private.is_staff() TO authenticated;') +
  '\\unrestrict abc123\n';

const schema = renderSchema(baseline, full, '-- header', new Map([['public.bookmarks', ['0001_bookmarks.sql']]]));

describe('renderSchema', () => {
  it('leaves out what the baseline already has, whatever the order of its grants', () => {
    expect(schema).not.toContain('CREATE TABLE auth.users');
    expect(schema).not.toContain('GRANT REFERENCES ON TABLE auth.users');
  });

  it('keeps what the migrations add to a platform table, under that table', () => {
    expect(schema).toMatch(/-- Table auth\.users\n-- -+\nCREATE TRIGGER on_auth_user_created/);
  });

  it("groups a table's index, row-level security, policy and grants under it, with its migrations", () => {
    const block = schema.slice(schema.indexOf('-- Table public.bookmarks'), schema.indexOf('-- Table public.zines'));
    expect(block).toContain('-- Migrations: 0001_bookmarks.sql');
    const order = ['CREATE TABLE', 'CREATE INDEX', 'ENABLE ROW LEVEL SECURITY', 'CREATE POLICY', 'GRANT SELECT'];
    const positions = order.map((s) => block.indexOf(s));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('orders schemas first, then public before private, tables before functions, names alphabetically', () => {
    const headers = [...schema.matchAll(/^-- (Schema|Table|Function) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(headers).toEqual([
      'Schema private',
      'Table public.bookmarks',
      'Table public.zines',
      'Function private.is_staff',
      'Table auth.users',
    ]);
  });

  it("drops pg_dump's session settings and its random \\restrict key", () => {
    expect(schema).not.toMatch(/^SET |\\restrict|\\unrestrict/m);
  });
});

describe('migrationsByEntity', () => {
  it('counts the statements that change an entity, not the queries inside function bodies', () => {
    const touched = migrationsByEntity([
      [
        '0001_articles.sql',
        `create table public.articles (id bigint); -- alter table public.comments
         create index articles_idx on articles (id);
         create function public.count_articles() returns bigint language sql as $$
           select count(*) from public.comments; alter table public.comments add x int;
         $$;`,
      ],
      [
        '0002_grants.sql',
        `grant select (id) on public.articles, public.comments to anon;
         grant execute on function public.count_articles(), private.helper(numeric(10, 2)) to authenticated;
         revoke all on all tables in schema public from anon;
         create policy "Staff; on duty" on public.comments for select using (';' = ';');`,
      ],
    ]);
    expect(Object.fromEntries(touched)).toEqual({
      'public.articles': ['0001_articles.sql', '0002_grants.sql'],
      'public.count_articles': ['0001_articles.sql', '0002_grants.sql'],
      'public.comments': ['0002_grants.sql'],
      'private.helper': ['0002_grants.sql'],
    });
  });
});
