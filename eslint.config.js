import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * Boundaries between the parts of the house (docs/architecture.md, "Where things live"). Each zone
 * forbids the files under `target` to import anything under `from` (except what `except` names,
 * relative to `from`).
 */
const features = fs.readdirSync(path.join(import.meta.dirname, 'src/dashboard/features'));
const publicSite = ['./src/components', './src/layouts', './src/browser', './src/pages'];
const boundaries = [
  // The public site and the dashboard never import each other; what both use lives in src/lib
  // or src/shared. The one page under src/pages/dashboard mounts the dashboard's app.
  {
    target: publicSite,
    from: './src/dashboard',
    except: ['./app/App.tsx'],
    message: 'The public site does not import the dashboard: shared code goes to src/lib or src/shared.',
  },
  {
    target: './src/pages/!(dashboard)/**',
    from: './src/dashboard',
    message: 'Only src/pages/dashboard mounts the dashboard.',
  },
  { target: './src/pages/*', from: './src/dashboard', message: 'Only src/pages/dashboard mounts the dashboard.' },
  {
    target: './src/dashboard',
    from: publicSite,
    message: 'The dashboard does not import the public site: shared code goes to src/lib or src/shared.',
  },
  // Inside the dashboard: app → features → shared, and no feature imports another.
  ...features.map((name) => ({
    target: `./src/dashboard/features/${name}`,
    from: './src/dashboard/features',
    except: [`./${name}`],
    message: 'A dashboard feature does not import another feature: move what both need to src/dashboard/shared.',
  })),
  {
    target: ['./src/dashboard/features', './src/dashboard/shared'],
    from: './src/dashboard/app',
    message: 'Only app/ knows the routes and the shell.',
  },
  {
    target: './src/dashboard/shared',
    from: './src/dashboard/features',
    message: 'src/dashboard/shared is below every feature.',
  },
  // src/lib (rules, build-time data, browser clients) and src/shared (UI both sides use) are below
  // everything that renders pages.
  {
    target: ['./src/lib', './src/shared'],
    from: [...publicSite, './src/dashboard'],
    message: 'src/lib and src/shared are below the site and the dashboard.',
  },
  { target: './src/lib', from: './src/shared', message: 'src/lib is below src/shared.' },
  // The app reaches the local server only over HTTP; build tools and tests are not app code.
  {
    target: './src',
    from: ['./supabase', './scripts', './tests'],
    message: 'src/ does not import the local server, scripts/ or tests/.',
  },
  {
    target: './supabase',
    from: ['./src', './scripts', './tests'],
    message: 'The local server stands alone: it does not import the app, scripts/ or tests/.',
  },
  {
    target: './scripts',
    from: [...publicSite, './src/dashboard', './src/shared'],
    message: 'scripts/ uses only src/lib of the app: rules and data, not pages or UI.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'scripts/ does not import tests/: a helper both use lives in scripts/lib.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', '.data/', '.astro/', 'node_modules/', 'public/tinymce/', 'test-results*/', 'playwright-report/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // no-cycle follows imports by parsing each file it reaches.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.astro'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'], 'astro-eslint-parser': ['.astro'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
