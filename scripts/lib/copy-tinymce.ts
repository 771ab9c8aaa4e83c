/**
 * Self-hosted TinyMCE (see shared TOOLCHAIN.md): copies the editor's minified runtime from
 * node_modules/tinymce to public/tinymce (git-ignored) when Astro starts a build or the dev
 * server, so the article form loads /tinymce/tinymce.min.js from our own origin and plugins load
 * on demand from beside it. Only the files the browser can load are copied (~4 MB).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AstroIntegration } from 'astro';

const root = path.resolve(import.meta.dirname, '..', '..');

function wanted(rel: string): boolean {
  if (rel === 'license.md' || rel === 'tinymce.min.js') return true;
  if (/\.min\.(js|css)$/.test(rel)) return true;
  // Skins are also loaded as JS modules (skin.js, content.js) by TinyMCE 7+.
  return rel.startsWith('skins/') && /\.(js|css|woff2?)$/.test(rel) && !rel.endsWith('.d.ts');
}

function copyTinymce(from = path.join(root, 'node_modules/tinymce'), to = path.join(root, 'public/tinymce')) {
  const version = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8')).version as string;
  const stamp = path.join(to, '.version');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === version) return;
  fs.rmSync(to, { recursive: true, force: true });
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const rel = path.relative(from, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!wanted(rel)) continue;
    fs.mkdirSync(path.join(to, path.dirname(rel)), { recursive: true });
    fs.copyFileSync(path.join(from, rel), path.join(to, rel));
  }
  fs.writeFileSync(stamp, version);
}

export const tinymceIntegration: AstroIntegration = {
  name: 'self-hosted-tinymce',
  hooks: {
    'astro:config:setup': () => copyTinymce(),
  },
};
