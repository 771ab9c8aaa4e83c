/**
 * What a form says when the database refuses a write (issue 28): a check constraint, a
 * permission (RLS or a function's own refusal) or a rate limit. Every form that writes shows
 * these through src/lib/rules/database-errors.ts, never the database's own text. Readers and
 * staff both meet them; a refusal the spec words itself (the article form's §5 rules, the
 * duplicate title) stays with its form's texts.
 */
export const REFUSALS = {
  /** A refusal no form should be able to cause: something the form sent was not accepted. */
  notAccepted: 'The change could not be saved. Please check what you entered and try again.',
  notAllowed: 'You are not allowed to make this change.',
  rateLimited: 'Too many attempts in a short time. Please wait a moment and try again.',
  // Articles (the form's own rules are ARTICLE_FORM's).
  articleTitle: 'Please enter a title of at most 300 characters.',
  articleSlug: 'The title does not give a usable web address. Please change the title.',
  articleBodyTooLong: 'The article body is too long (at most 500,000 characters).',
  heroAltTooLong: 'The image alt text is too long (at most 125 characters).',
  heroCaptionTooLong: 'The image caption is too long (at most 300 characters).',
  imageReferenceTooLong: 'The image reference is too long (at most 300 characters).',
  fileAddressTooLong: 'The file’s address is too long. Please upload the file again.',
  seoTooLong: 'The SEO details are too long. Please shorten the keywords or the descriptions.',
  notMainArticle: 'Only a published article that is not archived can be the main article.',
  // Events.
  eventTitle: 'Please enter an event title of at most 200 characters.',
  eventLocation: 'Please enter a location of at most 200 characters.',
  eventDescriptionTooLong: 'The description is too long (at most 5,000 characters).',
  eventLink:
    'Please enter the link as a web address such as https://www.example.org, without spaces (at most 1,000 characters).',
  // Profiles.
  bioTooLong: 'The bio is too long (at most 1,000 characters).',
  profileEmailTooLong: 'The e-mail address is too long (at most 320 characters).',
  // Comments.
  commentLength: 'Please write a comment of at most 5,000 characters.',
  restoreBeforeEditing: 'Restore the comment before editing it.',
  // Enquiries and the newsletter.
  emailInvalid: 'The e-mail address is too long or not valid (at most 320 characters).',
  nameTooLong: 'The name is too long (at most 200 characters).',
  companyTooLong: 'The company name is too long (at most 200 characters).',
  messageTooLong: 'The message is too long (at most 5,000 characters).',
  companyRequired: 'Please enter your company.',
  // Newsletter issues (the dashboard's Newsletters screen).
  newsletterSubjectTooLong: 'The subject is too long (at most 200 characters).',
  newsletterPreheaderTooLong: 'The preheader is too long (at most 200 characters).',
  newsletterIntroTooLong: 'The intro is too long (at most 50,000 characters).',
  newsletterTooManyArticles: 'An issue holds at most 100 articles.',
  // Categories (admins, through the database's tools).
  categoryName: 'Please enter a category name of at most 80 characters.',
  categoryDepth: 'Categories have two levels: a subcategory cannot have subcategories.',
} as const;
