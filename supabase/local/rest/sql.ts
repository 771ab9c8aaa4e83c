/**
 * The two rules every generated statement follows: identifiers are double-quoted (with quotes
 * doubled), values travel as parameters. Nothing user-supplied is ever spliced in raw.
 */

/** Quotes an identifier: `my "col"` → `"my ""col"""`. */
export function ident(name: string): string {
  if (name.includes('\0')) throw new Error('identifier contains NUL');
  return `"${name.replace(/"/g, '""')}"`;
}

export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;

/** Collects parameter values and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal with every element quoted, e.g. ['a', 'b"c'] → {"a","b\"c"}. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
