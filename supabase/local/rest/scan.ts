/**
 * The lexical layer of PostgREST's URL grammar: splitting lists, quoting, identifiers, fields.
 */
import { RestError } from './errors.ts';
import type { FieldRef } from './ast.ts';

export const parseError = (message: string, details?: string): RestError =>
  new RestError(400, 'PGRST100', message, details ?? null);

/** Splits on `sep` at depth 0, honouring (), {} and "…" (with \" escapes). */
export function splitTopLevel(input: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inQuotes = false;
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (inQuotes) {
      current += ch;
      if (ch === '\\' && i + 1 < input.length) {
        current += input[++i];
      } else if (ch === '"') inQuotes = false;
      continue;
    }
    if (ch === '"') inQuotes = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw parseError(`failed to parse "${input}"`, 'unbalanced parentheses');
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (inQuotes || depth !== 0) throw parseError(`failed to parse "${input}"`, 'unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

/** Removes surrounding double quotes and unescapes \" and \\. */
export function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

const IDENT = /^[^\s"(),.:!>-][^"(),:!>]*$/u;

/** A bare or double-quoted identifier as PostgREST accepts it in select, filters and order. */
export function parseIdentifier(raw: string, what: string): string {
  const trimmed = raw.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length > 2) return unquote(trimmed);
  if (!IDENT.test(trimmed) || trimmed.includes('->')) {
    throw parseError(`failed to parse ${what} (${raw})`, `unexpected "${raw}" expecting an identifier`);
  }
  return trimmed;
}

/** `col`, `"my col"`, `data->a->>b`, `data->0`. */
export function parseField(raw: string): FieldRef {
  const segments = raw.split(/(->>|->)/);
  const name = parseIdentifier(segments[0] ?? '', 'field');
  const path: FieldRef['path'] = [];
  for (let i = 1; i < segments.length; i += 2) {
    const arrow = segments[i] as '->' | '->>';
    const key = unquote(segments[i + 1] ?? '');
    if (key === '') throw parseError(`failed to parse field (${raw})`, 'empty JSON path key');
    path.push({ arrow, key });
  }
  return { name, path };
}
