/**
 * What the end-to-end stack adds to the demo seed before building, for states the demo content
 * does not have: an empty subcategory, an author without articles, and one category long enough
 * to paginate (30 synthetic articles dated well before the demo stories, so home and "latest"
 * lists stay as the seed makes them).
 */
import { createClient } from '@supabase/supabase-js';
import type { LocalServer } from '../../supabase/local/server.ts';
import { generate } from '../../scripts/seed/generate.ts';

export const E2E_FIXTURES = {
  emptyCategorySlug: 'e2e-empty-category',
  idleAuthorEmail: 'reader6@demo.test',
  longCategorySlug: 'reports',
  extraArticles: 30,
} as const;

export async function addE2eFixtures(server: LocalServer): Promise<void> {
  const admin = createClient(server.url, server.config.serviceRoleKey, { auth: { persistSession: false } });
  const must = <T>(what: string, r: { data: T | null; error: { message: string } | null }): T => {
    if (r.error || r.data === null) throw new Error(`e2e fixtures: ${what}: ${r.error?.message ?? 'no data'}`);
    return r.data;
  };
  const check = (what: string, r: { error: { message: string } | null }) => {
    if (r.error) throw new Error(`e2e fixtures: ${what}: ${r.error.message}`);
  };
  const long = must<{ id: number; parent_id: number | null }>(
    'long category',
    await admin.from('categories').select('id, parent_id').eq('slug', E2E_FIXTURES.longCategorySlug).single(),
  );
  check(
    'empty category',
    await admin.from('categories').insert({
      name: 'E2E Empty Category',
      slug: E2E_FIXTURES.emptyCategorySlug,
      parent_id: long.parent_id ?? long.id,
      menu_order: 99,
    }),
  );
  // Before promoting the idle author, so none of these articles can be theirs.
  await generate(admin, E2E_FIXTURES.extraArticles, () => {}, {
    categoryIds: [long.id],
    minAgeDays: 400,
    maxAgeDays: 700,
  });
  check(
    'idle author',
    await admin.from('profiles').update({ role: 'author' }).eq('email', E2E_FIXTURES.idleAuthorEmail),
  );
}
