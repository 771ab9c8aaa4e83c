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
  // Inside src/lib a folder says where its code runs: rules/ anywhere, build/ only in the build,
  // browser/ only in a browser; the files at its top and messages/ are what all three share.
  {
    target: './src/lib/rules',
    from: ['./src/lib/build', './src/lib/browser'],
    message:
      'src/lib/rules is pure and runs anywhere: code that needs the build goes to src/lib/build, code that needs a browser to src/lib/browser.',
  },
  {
    target: './src/lib/build',
    from: './src/lib/browser',
    message: 'Build-time code does not use browser clients or stores: what both need is a rule (src/lib/rules).',
  },
  {
    target: './src/lib/browser',
    from: './src/lib/build',
    message: 'Browser code does not import build-time code: what both need is a rule (src/lib/rules).',
  },
  {
    target: ['./src/lib/*.ts', './src/lib/messages'],
    from: ['./src/lib/rules', './src/lib/build', './src/lib/browser'],
    message:
      "src/lib's top files and messages/ (constants, configuration, types, texts) are below rules/, build/ and browser/.",
  },
  {
    target: ['./src/components/islands', './src/browser', './src/dashboard', './src/shared'],
    from: './src/lib/build',
    message:
      'Code that runs in a browser does not import src/lib/build: a page loads the data and passes it down as props.',
  },
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
    from: './src/lib/browser',
    message: 'scripts/ run in Node: they use the rules and build code of src/lib, not its browser clients.',
  },
  {
    target: './scripts',
    from: './tests',
    message: 'scripts/ does not import tests/: a helper both use lives in scripts/lib.',
  },
];

const USE_ID =
  'Islands render on the server without the id prefix they hydrate with (astro.config.mjs): useId() would not match. Pass an id as a prop.';

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
  {
    // The islands are rendered at build time with React's renderToString (astro.config.mjs,
    // experimentalDisableStreaming), which @astrojs/react calls without the island's id prefix
    // that the browser hydrates with: a useId() would differ between the two.
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'react', importNames: ['useId'], message: USE_ID }] }],
      'no-restricted-properties': ['error', { object: 'React', property: 'useId', message: USE_ID }],
    },
  },
);
