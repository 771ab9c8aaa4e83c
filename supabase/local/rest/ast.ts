/**
 * The syntax tree of a PostgREST request: what parse*.ts produce and build-*.ts turn into SQL.
 */

export interface FieldRef {
  name: string;
  path: { arrow: '->' | '->>'; key: string }[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string }
  | { kind: 'count'; alias?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      select: SelectItem[];
    };

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  is: 'is',
  isdistinct: 'is distinct from',
  in: 'in',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
} as const;
export type Operator = keyof typeof OPERATORS;

export interface Condition {
  kind: 'condition';
  field: FieldRef;
  negated: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** Text search configuration, `fts(english).…`. */
  config?: string;
  /** `in` and quantified operators carry a list; `is` a keyword; others a single string. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negated: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  /** Set for `rel(col)`: order by a column of a to-one embed. */
  relation?: string;
  field: FieldRef;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything that applies at one level of the embedding tree ('' = top level). */
export interface LevelOptions {
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  /** Keyed by embed path, e.g. '' for the root, 'author' or 'author.company' for embeds. */
  levels: Map<string, LevelOptions>;
  onConflict?: string[];
  columns?: string[];
  /** Query parameters not consumed (RPC GET arguments). */
  rest: [string, string][];
}
