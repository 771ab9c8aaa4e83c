import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../supabase/local/rest/parse.ts';
import { buildRead, newContext, relationSource } from '../../supabase/local/rest/build-read.ts';
import { buildDelete, buildInsert, buildUpdate, pickFunction } from '../../supabase/local/rest/build-write.ts';
import { resolveRelationship } from '../../supabase/local/rest/relationships.ts';
import { RestError } from '../../supabase/local/rest/errors.ts';
import type { Relation, SchemaCache } from '../../supabase/local/rest/schema-cache.ts';
import { arrayLiteral, ident } from '../../supabase/local/rest/sql.ts';

function relation(name: string, columns: string[], pk = ['id'], uniques: string[][] = []): Relation {
  return {
    schema: 'public',
    name,
    kind: 'table',
    columns: new Map(columns.map((c) => [c, { name: c, type: 'text', typname: c === 'fts' ? 'tsvector' : 'text' }])),
    pk,
    uniques: [pk, ...uniques],
  };
}

/** articles → profiles (author_id), article_categories junction, profiles ← profile_settings (1:1). */
const cache: SchemaCache = {
  relations: new Map([
    ['public.articles', relation('articles', ['id', 'title', 'author_id', 'editor_id', 'fts'])],
    ['public.profiles', relation('profiles', ['id', 'name'])],
    ['public.categories', relation('categories', ['id', 'name'])],
    [
      'public.article_categories',
      relation('article_categories', ['article_id', 'category_id'], ['article_id', 'category_id']),
    ],
    ['public.profile_settings', relation('profile_settings', ['profile_id', 'theme'], ['profile_id'])],
  ]),
  foreignKeys: [
    {
      name: 'articles_author_id_fkey',
      from: { schema: 'public', table: 'articles', columns: ['author_id'] },
      to: { schema: 'public', table: 'profiles', columns: ['id'] },
    },
    {
      name: 'articles_editor_id_fkey',
      from: { schema: 'public', table: 'articles', columns: ['editor_id'] },
      to: { schema: 'public', table: 'profiles', columns: ['id'] },
    },
    {
      name: 'article_categories_article_id_fkey',
      from: { schema: 'public', table: 'article_categories', columns: ['article_id'] },
      to: { schema: 'public', table: 'articles', columns: ['id'] },
    },
    {
      name: 'article_categories_category_id_fkey',
      from: { schema: 'public', table: 'article_categories', columns: ['category_id'] },
      to: { schema: 'public', table: 'categories', columns: ['id'] },
    },
    {
      name: 'profile_settings_profile_id_fkey',
      from: { schema: 'public', table: 'profile_settings', columns: ['profile_id'] },
      to: { schema: 'public', table: 'profiles', columns: ['id'] },
    },
  ],
  functions: new Map(),
};

function read(query: string, table = 'articles') {
  const parsed = parseQuery(new URLSearchParams(query));
  const ctx = newContext(cache, parsed.levels);
  return buildRead(ctx, relationSource(cache, 'public', table), parsed.select, { count: true, limit: 1000, offset: 0 });
}

describe('ident and arrayLiteral', () => {
  it.each([
    ['plain', '"plain"'],
    ['with "quote"', '"with ""quote"""'],
    ['x"; drop table y; --', '"x""; drop table y; --"'],
  ])('quotes %s', (input, expected) => {
    expect(ident(input)).toBe(expected);
  });

  it('escapes quotes and backslashes inside array elements', () => {
    expect(arrayLiteral(['a', 'b"c', 'd\\e', 'f,g'])).toBe('{"a","b\\"c","d\\\\e","f,g"}');
  });
});

describe('buildRead', () => {
  it('passes every filter value as a parameter, never in the SQL text', () => {
    const hostile = "x'); drop table articles; --";
    const stmt = read(`title=eq.${encodeURIComponent(hostile)}&or=(title.like.*a*,id.in.(1,2))`);
    expect(stmt.sql).not.toContain('drop table');
    expect(stmt.values).toContain(hostile);
    expect(stmt.values).toContain('%a%');
    expect(stmt.values).toContain('{"1","2"}');
  });

  it('quotes hostile column names in select, filters and order', () => {
    const stmt = read(`select=${encodeURIComponent('"a\\"b"')}&${encodeURIComponent('"a\\"b"')}=eq.1`);
    expect(stmt.sql).toContain('"articles"."a""b"');
    expect(stmt.sql).not.toMatch(/[^"]"a"b/);
  });

  it('passes JSON path keys as parameters', () => {
    const stmt = read("select=meta->>city&meta->>a'b=eq.1");
    expect(stmt.sql).toContain('"articles"."meta"->>$1::text');
    expect(stmt.values).toContain("a'b");
  });

  it('embeds many-to-one as an object and many-to-many through the junction', () => {
    const stmt = read('select=id,author:profiles!author_id(name),categories(name)');
    expect(stmt.sql).toMatch(/row_to_json/);
    expect(stmt.sql).toContain('join "public"."article_categories"');
    expect(stmt.sql).toMatch(/coalesce\(json_agg/);
  });

  it('searches tsvector columns directly and other columns through to_tsvector', () => {
    expect(read('fts=fts(english).solar').sql).toContain('"articles"."fts" @@ to_tsquery($1::regconfig, $2::text)');
    expect(read('title=plfts.solar').sql).toContain('to_tsvector("articles"."title") @@ plainto_tsquery($1::text)');
  });

  it('only lets !inner embeds filter the parent rows', () => {
    expect(read('select=id,profiles!author_id!inner(name)').sql).toContain('is not null');
    expect(read('select=id,profiles!author_id(name)').sql).not.toContain('is not null');
  });
});

describe('resolveRelationship', () => {
  const articles = cache.relations.get('public.articles')!;
  const profiles = cache.relations.get('public.profiles')!;

  it('reports two foreign keys to the same table as ambiguous (PGRST201, HTTP 300)', () => {
    try {
      resolveRelationship(cache, articles, 'profiles');
      throw new Error('expected ambiguity');
    } catch (e) {
      expect(e).toBeInstanceOf(RestError);
      expect((e as RestError).code).toBe('PGRST201');
      expect((e as RestError).status).toBe(300);
      expect((e as RestError).details).toHaveLength(2);
    }
  });

  it('disambiguates by constraint name or column name', () => {
    expect(resolveRelationship(cache, articles, 'profiles', 'articles_editor_id_fkey')).toMatchObject({
      kind: 'direct',
      toOne: true,
    });
    expect(resolveRelationship(cache, articles, 'profiles', 'author_id')).toMatchObject({ on: [['author_id', 'id']] });
  });

  it('sees a unique referencing key as one-to-one', () => {
    expect(resolveRelationship(cache, profiles, 'profile_settings')).toMatchObject({
      toOne: true,
      parentHoldsKey: false,
    });
  });

  it('answers PGRST200 when nothing joins the tables', () => {
    expect(() => resolveRelationship(cache, profiles, 'categories')).toThrow(/Could not find a relationship/);
  });
});

describe('writes', () => {
  const articles = cache.relations.get('public.articles')!;

  it('sends the payload as one JSON parameter', () => {
    const ctx = newContext(cache, new Map());
    const stmt = buildInsert(ctx, articles, [{ title: "O'Neil" }], {
      columns: ['title'],
      select: [{ kind: 'star' }],
      returnRepresentation: false,
    });
    expect(stmt.sql).toContain('json_populate_recordset(null::"public"."articles", $1::json)');
    expect(stmt.values).toEqual([JSON.stringify([{ title: "O'Neil" }])]);
  });

  it('turns resolution=merge-duplicates into ON CONFLICT DO UPDATE on the chosen columns', () => {
    const ctx = newContext(cache, new Map());
    const stmt = buildInsert(ctx, articles, [{ id: 1, title: 't' }], {
      columns: ['id', 'title'],
      onConflict: ['id'],
      resolution: 'merge-duplicates',
      select: [],
      returnRepresentation: false,
    });
    expect(stmt.sql).toContain('on conflict ("id") do update set "id" = excluded."id", "title" = excluded."title"');
  });

  it('renders representation through a CTE with RETURNING', () => {
    const ctx = newContext(cache, new Map());
    expect(buildUpdate(ctx, articles, { title: 'x' }, '"articles"."id" = $9', [{ kind: 'star' }], true).sql).toMatch(
      /with pgrst_source as \(update .* returning "articles"\.\*\)/s,
    );
    expect(buildDelete(newContext(cache, new Map()), articles, 'true', [], false).sql).toBe(
      'delete from "public"."articles" as "articles" where true',
    );
  });
});

describe('pickFunction', () => {
  const fn = (args: { name: string; hasDefault: boolean }[]) => ({
    schema: 'public',
    name: 'f',
    args: args.map((a) => ({ ...a, type: 'int' })),
    returnType: 'int',
    returnsSet: false,
    returnsVoid: false,
    returnsRows: false,
    volatility: 'i' as const,
    singleJsonArg: false,
  });

  it('matches by argument names, allowing defaults to be left out', () => {
    const f = fn([
      { name: 'a', hasDefault: false },
      { name: 'b', hasDefault: true },
    ]);
    expect(pickFunction([f], 'public', 'f', ['a'], true)).toBe(f);
  });

  it('answers PGRST202 naming the missing signature', () => {
    expect(() => pickFunction([fn([{ name: 'a', hasDefault: false }])], 'public', 'f', ['zzz'], true)).toThrow(
      'Could not find the function public.f(zzz) in the schema cache',
    );
  });
});
