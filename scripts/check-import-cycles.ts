/**
 * Fails when files import each other in a circle, `import type` included (part of `npm run
 * lint`). ESLint's import-x/no-cycle catches circles of values but skips type-only imports, and
 * a type-only circle still ties two modules into one: neither can move or be read alone.
 *
 * Reads every .ts, .tsx, .mjs and .astro file of the project's own folders, follows the relative
 * imports and re-exports (static and dynamic), and prints each circle with its files.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'scripts', 'supabase', 'tests'];
const SKIP = new Set(['node_modules', 'dist', '.data', '.astro']);
const SOURCE = /\.(ts|tsx|mjs|astro)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && fs.statSync(full).isFile() ? [full] : [];
  });
}

const files = [
  ...FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder))),
  ...fs
    .readdirSync(ROOT)
    .filter((name) => SOURCE.test(name) && fs.statSync(path.join(ROOT, name)).isFile())
    .map((name) => path.join(ROOT, name)),
];
const known = new Set(files);

/** The project files that one file imports. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .filter((target) => known.has(target));
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Tarjan's strongly connected components: each one of two or more files is a circle. */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component);
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

const found = circles();
for (const [n, component] of found.entries()) {
  console.error(`Import circle ${n + 1}:`);
  for (const file of component.sort()) {
    const within = graph.get(file)!.filter((target) => component.includes(target));
    console.error(`  ${path.relative(ROOT, file)} -> ${within.map((t) => path.relative(ROOT, t)).join(', ')}`);
  }
}
if (found.length > 0) process.exit(1);
console.log(`No import circles among ${files.length} files.`);
