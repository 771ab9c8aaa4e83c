/** Display-ready shapes that the view builders (cards.ts, article.ts) make and the components take. */

export interface NavLink {
  name: string;
  href: string;
}

export interface MenuItem extends NavLink {
  children: NavLink[];
}

interface CardImage {
  src: string;
  /** Widths the browser may choose from (src/lib/rules/images.ts); absent for external images. */
  srcset?: string;
  /** One small rendition for thumbnails (trending list); src when it cannot be transformed. */
  thumb?: string;
  alt: string;
  width: number;
  height: number;
}

export interface CardData {
  id: number | string;
  href: string;
  title: string;
  excerpt?: string | null;
  image?: CardImage | null;
  categories: NavLink[];
  /** The one label of a standard card: the displayed primary category (§9), if any. */
  kicker?: NavLink | null;
  /** ISO timestamp for <time datetime>. */
  datetime: string;
  /** Already formatted for readers, e.g. '3 March 2026'. */
  dateLabel: string;
  authorName: string;
}
