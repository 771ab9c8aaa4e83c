/**
 * Shapes of the demo content that the seed loader turns into database rows.
 * Keys (authorKey, articleKey, userKey) are stable string handles resolved by the loader;
 * category ids are explicit because the reader site reads categories 1 (Featured Stories)
 * and 27 (Opinion) by id.
 */

type PersonRole = 'admin' | 'author' | 'reader';
type ArticleStatus = 'draft' | 'published';
type CommentStatus = 'pending' | 'approved' | 'hidden' | 'deleted';
type ReactionType = 'like' | 'dislike';
type SubmissionFormType = 'contact' | 'advertise';
type SubmissionStatus = 'new' | 'read' | 'replied';

export interface SeedPerson {
  key: string;
  email: string;
  displayName: string;
  username: string;
  role: PersonRole;
  bio: string | null;
}

export interface SeedArticle {
  key: string;
  title: string;
  slug: string;
  /** At most 40 words and 400 characters. */
  excerpt: string;
  bodyHtml: string;
  /** Display order; the first is primary unless primaryCategorySlug is set. */
  categorySlugs: string[];
  primaryCategorySlug?: string;
  authorKey: string;
  status: ArticleStatus;
  /** ISO date-time with +02:00 offset; null for drafts. */
  publishedAt: string | null;
  createdAt: string;
  /** File name of the hero image, e.g. 'solar-farm-northern-cape.webp'. */
  heroImage: string;
  /** Visible caption under the hero (the alt text comes from the illustration's topic). */
  heroImageCaption?: string;
  imageReference: string | null;
  isMain?: boolean;
  isReport?: boolean;
  pdfFile?: string;
  showEditedTag?: boolean;
  archived?: boolean;
}

export interface SeedEvent {
  title: string;
  /** ISO date-time with +02:00 offset. */
  eventDate: string;
  location: string;
  description: string;
  imageFile: string | null;
  link: string | null;
  archived?: boolean;
}

interface SeedReaction {
  authorKey: string;
  type: ReactionType;
}

export interface SeedComment {
  articleKey: string;
  authorKey: string;
  content: string;
  status: CommentStatus;
  createdAt: string;
  edited?: boolean;
  reactions?: SeedReaction[];
}

export interface SeedSubmission {
  name: string;
  email: string;
  company: string | null;
  message: string;
  formType: SubmissionFormType;
  status: SubmissionStatus;
  createdAt: string;
}

export interface SeedSubscriber {
  email: string;
  subscribedAt: string;
  userKey?: string;
}
