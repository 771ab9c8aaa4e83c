import { articles1 } from './articles-1.ts';
import { articles2 } from './articles-2.ts';
import { articles3 } from './articles-3.ts';
import { articles4 } from './articles-4.ts';
import { articles5 } from './articles-5.ts';
import { articles6 } from './articles-6.ts';
import { articles7 } from './articles-7.ts';
import type { SeedArticle } from './types.ts';

/**
 * All demo articles. Demo content only: the people quoted, their organisations' statements and
 * deal-specific figures are illustrative; institutions are linked by their home pages only.
 */
export const articles: SeedArticle[] = [
  ...articles1,
  ...articles2,
  ...articles3,
  ...articles4,
  ...articles5,
  ...articles6,
  ...articles7,
];
