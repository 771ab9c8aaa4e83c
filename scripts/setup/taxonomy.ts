import { FEATURED_CATEGORY_ID, OPINION_CATEGORY_ID } from '../../src/lib/site.ts';

/** A category of the tree, as `public.categories` stores it. */
export interface TaxonomyCategory {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  menuOrder: number;
}

/**
 * The site's two-level category tree: the product's taxonomy, installed in production by
 * `npm run setup:production` and in the demo by the seed. Ids are fixed: the home page reads
 * Featured Stories (1) and Opinion (27) by id, and links and menus use the rest. Slugs follow the
 * app's slug rule.
 */
export const categories: TaxonomyCategory[] = [
  // Top level, in menu order
  { id: FEATURED_CATEGORY_ID, name: 'Featured Stories', slug: 'featured-stories', parentId: null, menuOrder: 1 },
  { id: 2, name: 'Current News', slug: 'current-news', parentId: null, menuOrder: 2 },
  { id: 5, name: 'Environment', slug: 'environment', parentId: null, menuOrder: 3 },
  { id: 9, name: 'Energy', slug: 'energy', parentId: null, menuOrder: 4 },
  { id: 13, name: 'Social', slug: 'social', parentId: null, menuOrder: 5 },
  { id: 16, name: 'Governance', slug: 'governance', parentId: null, menuOrder: 6 },
  { id: 19, name: 'Sustainable Finance', slug: 'sustainable-finance', parentId: null, menuOrder: 7 },
  { id: 23, name: 'Mining & Resources', slug: 'mining-resources', parentId: null, menuOrder: 8 },
  { id: 25, name: 'Agriculture & Food', slug: 'agriculture-food', parentId: null, menuOrder: 9 },
  { id: 28, name: 'Cities & Infrastructure', slug: 'cities-infrastructure', parentId: null, menuOrder: 10 },
  { id: OPINION_CATEGORY_ID, name: 'Opinion', slug: 'opinion', parentId: null, menuOrder: 11 },
  { id: 31, name: 'Reports', slug: 'reports', parentId: null, menuOrder: 12 },

  // Current News
  { id: 3, name: 'Latest News', slug: 'latest-news', parentId: 2, menuOrder: 1 },
  { id: 4, name: 'Africa Briefing', slug: 'africa-briefing', parentId: 2, menuOrder: 2 },

  // Environment
  { id: 6, name: 'Climate Change', slug: 'climate-change', parentId: 5, menuOrder: 1 },
  { id: 7, name: 'Biodiversity', slug: 'biodiversity', parentId: 5, menuOrder: 2 },
  { id: 8, name: 'Water', slug: 'water', parentId: 5, menuOrder: 3 },

  // Energy
  { id: 10, name: 'Renewables', slug: 'renewables', parentId: 9, menuOrder: 1 },
  { id: 11, name: 'Just Energy Transition', slug: 'just-energy-transition', parentId: 9, menuOrder: 2 },
  { id: 12, name: 'Green Hydrogen', slug: 'green-hydrogen', parentId: 9, menuOrder: 3 },

  // Social
  { id: 14, name: 'Labour & Human Rights', slug: 'labour-human-rights', parentId: 13, menuOrder: 1 },
  { id: 15, name: 'Community Development', slug: 'community-development', parentId: 13, menuOrder: 2 },

  // Governance
  { id: 17, name: 'Corporate Governance', slug: 'corporate-governance', parentId: 16, menuOrder: 1 },
  { id: 18, name: 'Regulation & Policy', slug: 'regulation-policy', parentId: 16, menuOrder: 2 },

  // Sustainable Finance
  { id: 20, name: 'Green Bonds', slug: 'green-bonds', parentId: 19, menuOrder: 1 },
  { id: 21, name: 'ESG Investing', slug: 'esg-investing', parentId: 19, menuOrder: 2 },
  { id: 22, name: 'Carbon Markets', slug: 'carbon-markets', parentId: 19, menuOrder: 3 },

  // Mining & Resources
  { id: 24, name: 'Critical Minerals', slug: 'critical-minerals', parentId: 23, menuOrder: 1 },
  { id: 32, name: 'Social Licence', slug: 'social-licence', parentId: 23, menuOrder: 2 },

  // Agriculture & Food
  { id: 26, name: 'Food Security', slug: 'food-security', parentId: 25, menuOrder: 1 },

  // Cities & Infrastructure
  { id: 29, name: 'Transport', slug: 'transport', parentId: 28, menuOrder: 1 },
  { id: 30, name: 'Waste & Circular Economy', slug: 'waste-circular-economy', parentId: 28, menuOrder: 2 },
];

/** The tree as `public.install_taxonomy(p_categories)` takes it. */
export function taxonomyRows(): {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  menu_order: number;
}[] {
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    parent_id: c.parentId,
    menu_order: c.menuOrder,
  }));
}
