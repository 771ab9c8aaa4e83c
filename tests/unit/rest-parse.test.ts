import { describe, expect, it } from 'vitest';
import {
  parseField,
  parseLogicTree,
  parseOperation,
  parseOrder,
  parseQuery,
  parseRangeHeader,
  parseSelect,
  splitTopLevel,
} from '../../supabase/local/rest/parse.ts';
import { RestError } from '../../supabase/local/rest/errors.ts';

const field = (name: string) => ({ name, path: [] });

function expectParseError(fn: () => unknown, code = 'PGRST100'): RestError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RestError);
    expect((e as RestError).code).toBe(code);
    return e as RestError;
  }
  throw new Error('expected a parse error');
}

describe('splitTopLevel', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    ['a,rel(b,c),d', ['a', 'rel(b,c)', 'd']],
    ['"x,y",z', ['"x,y"', 'z']],
    ['cs.{1,2},b', ['cs.{1,2}', 'b']],
    ['"a\\",b",c', ['"a\\",b"', 'c']],
  ])('%s', (input, expected) => {
    expect(splitTopLevel(input)).toEqual(expected);
  });

  it.each(['a,(b', 'a)b', '"unterminated'])('rejects unbalanced input %s', (input) => {
    expectParseError(() => splitTopLevel(input));
  });
});

describe('parseSelect', () => {
  it('defaults to * when absent', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
  });

  it('reads columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,label:name,price::text,data->a->>b,n:data->0')).toEqual([
      { kind: 'column', field: field('id') },
      { kind: 'column', field: field('name'), alias: 'label' },
      { kind: 'column', field: field('price'), cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: 'b' },
          ],
        },
      },
      { kind: 'column', field: { name: 'data', path: [{ arrow: '->', key: '0' }] }, alias: 'n' },
    ]);
  });

  it('reads embeds with alias, hint, inner join, spread and nesting', () => {
    const [embed] = parseSelect('author:profiles!articles_author_id_fkey!inner(name,company:companies(name))');
    expect(embed).toEqual({
      kind: 'embed',
      relation: 'profiles',
      alias: 'author',
      hint: 'articles_author_id_fkey',
      joinType: 'inner',
      spread: false,
      select: [
        { kind: 'column', field: field('name') },
        {
          kind: 'embed',
          relation: 'companies',
          alias: 'company',
          spread: false,
          select: [{ kind: 'column', field: field('name') }],
        },
      ],
    });
    expect(parseSelect('...author(name)')[0]).toMatchObject({ kind: 'embed', spread: true, relation: 'author' });
    expect(parseSelect('comments(count)')[0]).toMatchObject({ kind: 'embed', select: [{ kind: 'count' }] });
    expect(parseSelect('tags()')[0]).toMatchObject({ kind: 'embed', select: [] });
  });

  it('refuses aggregate functions as hosted Supabase does (PGRST123)', () => {
    expectParseError(() => parseSelect('count()'), 'PGRST123');
    expectParseError(() => parseSelect('amount.sum()'), 'PGRST123');
  });

  it.each([
    ['a cast that smuggles SQL', 'id::text);drop table x;--'],
    ['a cast with a quote', `id::text'`],
    ['an empty item', 'id,,name'],
    ['an unterminated embed', 'author(name'],
  ])('rejects %s', (_label, input) => {
    expectParseError(() => parseSelect(input));
  });

  it('keeps hostile column names as data, to be quoted later', () => {
    expect(parseSelect('"a\\"b;drop"')).toEqual([{ kind: 'column', field: field('a"b;drop') }]);
  });
});

describe('parseOperation', () => {
  it.each([
    ['eq.5', { op: 'eq', value: '5', negated: false }],
    ['not.eq.5', { op: 'eq', value: '5', negated: true }],
    ['like.*solar*', { op: 'like', value: '*solar*' }],
    ['ilike.a.b.c', { op: 'ilike', value: 'a.b.c' }],
    ['is.null', { op: 'is', value: 'null' }],
    ['is.NOT_NULL', { op: 'is', value: 'not_null' }],
    ['in.(1,2,3)', { op: 'in', value: ['1', '2', '3'] }],
    ['in.("a,b",c)', { op: 'in', value: ['a,b', 'c'] }],
    ['in.()', { op: 'in', value: [] }],
    ['cs.{a,b}', { op: 'cs', value: '{a,b}' }],
    ['fts(english).solar & wind', { op: 'fts', config: 'english', value: 'solar & wind' }],
    ['wfts.solar -coal', { op: 'wfts', value: 'solar -coal' }],
    ['like(any).{a*,*b}', { op: 'like', quantifier: 'any', value: ['a*', '*b'] }],
    ['eq.', { op: 'eq', value: '' }],
  ])('%s', (raw, expected) => {
    expect(parseOperation(field('c'), raw)).toMatchObject(expected);
  });

  it.each([
    ['unknown operator', 'eqq.1'],
    ['missing dot', 'eq'],
    ['bad is keyword', 'is.maybe'],
    ['in without parentheses', 'in.1,2'],
    ['quantifier on an unsupported operator', 'cs(any).{1}'],
    ['config on a non-fts operator', 'eq(english).x'],
    ['config that is not an identifier', "fts(eng'lish).x"],
  ])('rejects %s', (_label, raw) => {
    expectParseError(() => parseOperation(field('c'), raw));
  });
});

describe('parseLogicTree', () => {
  it('parses nested and/or with negation and quoted values', () => {
    const tree = parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.eq."x,y",not.or(e.lt.0,f.gt.9))');
    expect(tree.op).toBe('or');
    expect(tree.children).toHaveLength(4);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negated: false });
    expect(tree.children[2]).toMatchObject({ kind: 'condition', value: 'x,y' });
    expect(tree.children[3]).toMatchObject({ kind: 'logic', op: 'or', negated: true });
  });

  it.each(['a.eq.1', '()', '(a.eq.1', '(justacolumn)'])('rejects %s', (raw) => {
    expectParseError(() => parseLogicTree('or', false, raw));
  });
});

describe('parseOrder', () => {
  it('reads direction, nulls and related orders', () => {
    expect(parseOrder('published_at.desc.nullslast,id,author(name).asc')).toEqual([
      { field: field('published_at'), direction: 'desc', nulls: 'last' },
      { field: field('id'), direction: 'asc' },
      { field: field('name'), direction: 'asc', relation: 'author' },
    ]);
  });

  it('rejects SQL in the modifier position', () => {
    expectParseError(() => parseOrder('id.desc;drop table x'));
    expectParseError(() => parseOrder('id.sideways'));
  });
});

describe('parseQuery', () => {
  it('sorts parameters into levels, filters, paging and write options', () => {
    const q = parseQuery(
      new URLSearchParams(
        'select=id,author(name)&id=gt.3&author.name=eq.Amina&author.order=name.desc&author.limit=2&or=(a.eq.1,b.eq.2)&order=id&limit=10&offset=20&on_conflict=slug&columns=a,b',
      ),
    );
    const root = q.levels.get('')!;
    expect(root.filters.map((f) => f.kind)).toEqual(['condition', 'logic']);
    expect(root).toMatchObject({ limit: 10, offset: 20 });
    expect(q.levels.get('author')).toMatchObject({ limit: 2, order: [{ direction: 'desc' }] });
    expect(q.levels.get('author')!.filters).toHaveLength(1);
    expect(q.onConflict).toEqual(['slug']);
    expect(q.columns).toEqual(['a', 'b']);
  });

  it('reads JSON-path filters on the root level', () => {
    const q = parseQuery(new URLSearchParams('meta->>city=eq.Durban'));
    expect(q.levels.get('')!.filters[0]).toMatchObject({
      field: { name: 'meta', path: [{ arrow: '->>', key: 'city' }] },
    });
  });

  it('sets RPC arguments aside', () => {
    const q = parseQuery(new URLSearchParams('a=1&b=2&id=eq.3'), new Set(['a', 'b']));
    expect(q.rest).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(q.levels.get('')!.filters).toHaveLength(1);
  });

  it('rejects a negative or non-numeric limit', () => {
    expectParseError(() => parseQuery(new URLSearchParams('limit=-1')));
    expectParseError(() => parseQuery(new URLSearchParams('offset=1;')));
  });
});

describe('parseField', () => {
  it('reads quoted keys in JSON paths', () => {
    expect(parseField('data->"a b"->>c')).toEqual({
      name: 'data',
      path: [
        { arrow: '->', key: 'a b' },
        { arrow: '->>', key: 'c' },
      ],
    });
  });
});

describe('parseRangeHeader', () => {
  it.each([
    ['0-9', { offset: 0, limit: 10 }],
    ['items=10-19', { offset: 10, limit: 10 }],
    ['5-', { offset: 5 }],
    ['junk', undefined],
    [undefined, undefined],
  ])('%s', (raw, expected) => {
    expect(parseRangeHeader(raw)).toEqual(expected);
  });

  it('answers 416 for an inverted range', () => {
    expectParseError(() => parseRangeHeader('9-0'), 'PGRST103');
  });
});
