/**
 * Keeps docs/security.md's "Every catalogue message and the test that reaches it" true (issue
 * 13): every message quoted in the specs' catalogues has a row; every row names a test file that
 * exists, holds the test named, and mentions the message (literally or by its constant); only the
 * messages listed in NOT_SHOWN may say "Not shown".
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages/reader.ts';
import { CATALOGUE_FILES, loadCatalogue } from '../support/catalogue.ts';

/** The code's catalogue: every export of every file of src/lib/messages/, read from the folder. */
const catalogue = await loadCatalogue();

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEADING = '## Every catalogue message and the test that reaches it';

/**
 * The messages quoted in the specs (shared/spec/reader-site.md, staff-dashboard.md): every quoted
 * text of reader §4, §5, §6, §8 and dashboard §4, §5, §8, plus the empty states and dialogs of
 * the §2 screen lists. Left out as not messages: 'email not confirmed' (reader §5: a text the code
 * looks for in a service error) and 'Show Edited tag' (dashboard §5: a toggle's label).
 */
const SPEC: Record<string, string[]> = {
  'reader §2': ['You currently do not have any bookmarks.', 'Page Not Found', 'Confirm Restore'],
  'reader §4': ['Only you can see this comment.'],
  'reader §5': [
    'Please enter your email address.',
    'Please enter a valid email address.',
    'Passwords do not match',
    'Passwords do not match.',
    'Password must be at least 6 characters long.',
    'Invalid reset link. Please request a new password reset.',
    'Invalid or expired reset link. Please request a new password reset.',
    'Please fill in all required fields.',
    'Please enter a valid email.',
  ],
  'reader §6': [
    'You must be logged in to view draft articles.',
    'You do not have permission to view this draft article.',
  ],
  'reader §8': [
    'Failed to load categories.',
    'Failed to load main article.',
    'No main article found.',
    'Failed to load articles.',
    'No articles available.',
    'Category not found.',
    'No articles found in this category.',
    'Author not found.',
    'No articles found for this author.',
    'No results found.',
    'Article not found.',
    'No article found.',
    'Failed to load article.',
    'Failed to load image',
    'Something went wrong while subscribing. Please try again in a moment.',
    'Something went wrong. Please try again.',
    'Failed to update bookmark',
    'Bookmark operation failed.',
    'Failed to load bookmarks.',
    'Failed to load events.',
    'No upcoming events at this time.',
    'Failed to store submission',
    'Failed to submit message',
    'An unexpected error occurred. Please try again.',
    'Something went wrong',
    'Invalid file type. Only JPG, PNG, and WEBP are allowed.',
    'File is too large. Max size is 2MB.',
    'Upload failed: {reason}',
    'Could not get public URL for avatar.',
    'Article added to bookmarks',
    'Article removed from bookmarks',
    "You're subscribed!",
    'Registration successful! You can now log in.',
    'Avatar updated!',
    'Profile updated!',
  ],
  'dashboard §2': [
    'No articles found.',
    'No articles found matching',
    'Unsaved Changes',
    'No comments to moderate.',
    'No submissions found',
    'No subscribers found',
    'No subscribers match your filters',
  ],
  'dashboard §4': ['Main article updated!'],
  'dashboard §5': [
    'Please upload a featured image.',
    'Please wait for the upload to finish.',
    'The featured image could not be loaded. Please check the image or upload a new one.',
    'Please upload a PDF file for the report.',
    'Please add content to the article body.',
    'Excerpt is required for reports.',
    'Excerpt cannot exceed 40 words.',
    'Please select a PDF file.',
    'PDF file size must be less than 30MB.',
    'An article with this title already exists. Please choose a different title or edit the existing article.',
    'Title, date, and location are required.',
    'Invalid file type. Only JPG, PNG, and WEBP are allowed.',
    'File is too large. Max size is 2MB.',
  ],
  'dashboard §8': [
    'Failed to load categories.',
    'Image upload failed: {reason}',
    'Image uploaded but preview URL could not be generated.',
    'PDF upload failed: {reason}',
    'PDF uploaded but URL could not be generated.',
    'Something went wrong.',
    'Article not found.',
    'No article found to update.',
    'Archive failed.',
    'Restore failed.',
    'Unknown User',
    'Unknown Article',
    'No comments to moderate.',
    'Failed to load events.',
    'Failed to update event.',
    'Failed to create event.',
    'Error: {message}',
    'No submissions found',
    'Failed to load subscribers',
    'Upload failed: {reason}',
    'Could not get public URL for avatar.',
    'Failed to load bookmarks.',
    'A new verification email has been sent. Please check your inbox.',
    'Article published successfully!',
    'Article updated successfully! Redirecting...',
    'Article saved successfully!',
    'Main article updated!',
    'Avatar updated!',
    'Profile updated!',
    'Event updated successfully!',
    'Event created successfully!',
    'Article removed from bookmarks',
  ],
};

/** The messages the product cannot show (or shows only on a build no test makes); the row says why. */
const NOT_SHOWN = new Set([
  'reader §8 | Failed to load main article.',
  'reader §8 | No article found.',
  'reader §8 | Failed to load events.',
  'reader §8 | Could not get public URL for avatar.',
  'dashboard §8 | Could not get public URL for avatar.',
  'dashboard §8 | Image uploaded but preview URL could not be generated.',
  'dashboard §8 | PDF uploaded but URL could not be generated.',
  'dashboard §8 | Unknown Article',
]);

interface Row {
  spec: string;
  message: string;
  tests: { file: string; name: string }[];
  notShown: string | null;
}

function tableRows(): Row[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/security.md'), 'utf8');
  const start = doc.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/security.md has no "${HEADING}"`);
  const section = doc.slice(start + HEADING.length).split(/\n## /)[0]!;
  const lines = section.split('\n').filter((l) => l.startsWith('|'));
  return lines.slice(2).map((line) => {
    const [spec, message, test] = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim());
    if (test === undefined) throw new Error(`not three cells: ${line}`);
    if (test.startsWith('Not shown:')) return { spec: spec!, message: message!, tests: [], notShown: test };
    const tests = test.split('<br>').map((entry) => {
      const m = /^`([^`]+)` › (.+)$/.exec(entry.trim());
      if (!m) throw new Error(`a test is written as \`file\` › name: ${entry}`);
      return { file: m[1]!, name: m[2]! };
    });
    return { spec: spec!, message: message!, tests, notShown: null };
  });
}

/** Every text of the code's catalogue with the constant that holds it ('MESSAGES.uploadFailed'). */
function constants(): { name: string; text: string; template: boolean }[] {
  const out: { name: string; text: string; template: boolean }[] = [];
  const walk = (value: unknown, name: string) => {
    if (typeof value === 'string') out.push({ name, text: value, template: false });
    else if (typeof value === 'function') {
      const args = Array.from({ length: value.length }, () => '{}');
      const text = (value as (...a: string[]) => unknown)(...args);
      if (typeof text === 'string') out.push({ name, text, template: true });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, `${name}.${k}`);
    }
  };
  for (const [k, v] of Object.entries(catalogue)) walk(v, k);
  return out;
}

/** 'Upload failed: {reason}' → 'Upload failed: {}' (the spec names its placeholders). */
const normal = (text: string) => text.replace(/\{[a-z]+\}/g, '{}');

/** The constants that hold a spec message: the same text, or a function whose text begins with it. */
function constantsFor(message: string) {
  const m = normal(message);
  return constants().filter((c) => c.text === m || (c.template && c.text.startsWith(m)));
}

/**
 * The source of the test named by `parts` (describe names, then its title): from the test call that holds the title (an `it.each`
 * table comes before its title) to the next test call, or null when no test has that title.
 */
function testRegion(source: string, parts: string[]): string | null {
  // 'describe › test': the title is looked for after its describe block's name.
  let from = 0;
  for (const part of parts.slice(0, -1)) from = Math.max(from, source.indexOf(part, from));
  const title = parts.at(-1)!;
  const at = ["'", '"', '`'].map((q) => source.indexOf(`${q}${title}${q}`, from)).find((i) => i >= 0);
  if (at === undefined) return null;
  const starts = [...source.matchAll(/^\s*(?:test|it)(?:\.each)?\b/gm)].map((m) => m.index);
  const begin = starts.filter((i) => i <= at).at(-1);
  if (begin === undefined) return null;
  const end = starts.find((i) => i > at) ?? source.length;
  // Without the title itself, which often quotes the message.
  return source.slice(begin, at) + source.slice(source.indexOf(title, at) + title.length + 1, end);
}

const rows = tableRows();
const key = (spec: string, message: string) => `${spec} | ${message}`;

describe("docs/security.md's message table", () => {
  it('reads the whole catalogue folder, the dashboard and newsletter files included', () => {
    expect(CATALOGUE_FILES).toEqual(
      expect.arrayContaining(['reader.ts', 'dashboard.ts', 'dashboard-article-form.ts', 'newsletter.ts']),
    );
    expect(Object.keys(catalogue)).toEqual(
      expect.arrayContaining(['MESSAGES', 'DASHBOARD', 'ARTICLE_FORM', 'MODERATION_DESK', 'NEWSLETTERS']),
    );
  });

  it('has one row for every spec message, and no others', () => {
    const expected = Object.entries(SPEC).flatMap(([spec, messages]) => messages.map((m) => key(spec, m)));
    const listed = rows.map((r) => key(r.spec, r.message));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual([...expected].sort());
  });

  it.each(Object.entries(SPEC).flatMap(([spec, messages]) => messages.map((m) => [spec, m] as const)))(
    '%s "%s" is in the code catalogue, word for word',
    (_, message) => {
      expect(constantsFor(message).map((c) => c.name)).not.toEqual([]);
    },
  );

  it("lists every text of MESSAGES (the reader spec's catalogue)", () => {
    const inTable = new Set(rows.map((r) => normal(r.message)));
    const missing = Object.entries(MESSAGES)
      .filter(([name]) => name !== 'errorPageApology') // our wording of §8's 'apology text'
      .map(([name, value]) => [name, typeof value === 'function' ? (value as (r: string) => string)('{}') : value])
      .filter(([, text]) => !inTable.has(text!));
    expect(missing).toEqual([]);
  });

  it('says "Not shown" only for the messages known to be unreachable, each with its reason', () => {
    const notShown = rows.filter((r) => r.notShown !== null);
    expect(notShown.map((r) => key(r.spec, r.message)).sort()).toEqual([...NOT_SHOWN].sort());
    for (const r of notShown) expect(r.notShown!.length).toBeGreaterThan('Not shown: '.length + 20);
  });

  it.each(rows.filter((r) => r.notShown === null).map((r) => [r.spec, r.message, r] as const))(
    '%s "%s": the tests named exist and mention the message',
    (_, message, row) => {
      expect(row.tests.length).toBeGreaterThan(0);
      const names = constantsFor(message).map((c) => c.name);
      for (const { file, name } of row.tests) {
        const full = path.join(ROOT, file);
        expect(fs.existsSync(full), `${file} exists`).toBe(true);
        expect(file, 'a test file').toMatch(/^(tests\/.+\.(test|spec)\.ts|src\/.+\.test\.tsx?)$/);
        const source = fs.readFileSync(full, 'utf8');
        // 'describe › test': each part is in the file, the last as a test's title.
        const parts = name.split(' › ');
        for (const part of parts) expect(source, `${file} has "${part}"`).toContain(part);
        const title = parts.at(-1)!;
        const region = testRegion(source, parts);
        expect(region, `${file} has a test titled "${title}"`).not.toBeNull();
        // The message is asserted in that test: literally, by its constant, or by a local alias of it.
        const aliases = [...source.matchAll(/const (\w+) = ([\w.]+);/g)]
          .filter((m) => names.includes(m[2]!))
          .map((m) => m[1]!);
        const literal = !/\{[a-z]+\}/.test(message) && region!.includes(message);
        const byName = [...names, ...aliases].some((n) => new RegExp(`\\b${n.replace(/\./g, '\\.')}\\b`).test(region!));
        expect(literal || byName, `"${title}" mentions "${message}" or one of ${names.join(', ')}`).toBe(true);
      }
    },
  );
});
