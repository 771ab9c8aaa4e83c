/**
 * The newsletter's texts for its readers (issue 30): the welcome and issue e-mails (their HTML
 * and plain-text parts) and the page the unsubscribe link opens. The dashboard's Newsletters
 * screen has its own labels in dashboard.ts.
 */
export const NEWSLETTER_MAIL = {
  welcomeSubject: 'Welcome to the ESG Africa briefing',
  welcomePreheader: 'The week’s most important ESG stories from across Africa, every Friday.',
  welcomeHeading: 'You’re subscribed',
  welcomeBody:
    'Thank you for subscribing. Every Friday we send the week’s most important sustainability, climate and governance stories from across the continent.',
  welcomeVisit: 'Read the latest stories',
  readMore: 'Read the story',
  /** The footer: why the reader gets the mail. */
  whyReceived: 'You receive this e-mail because you subscribed to the ESG Africa News newsletter.',
  unsubscribe: 'Unsubscribe',
  unsubscribeHint: 'One click, no login needed.',
  testBanner: 'Test send: this is how the issue will look.',
} as const;

export const UNSUBSCRIBE_PAGE = {
  title: 'Unsubscribed',
  done: 'You’re unsubscribed',
  doneBody: 'You will get no more newsletters from ESG Africa News at this address. It took effect at once.',
  already: 'This address was already unsubscribed. You will get no more newsletters.',
  resubscribe: 'Changed your mind? You can subscribe again on the site.',
  backToSite: 'Back to ESG Africa News',
  invalidTitle: 'Link not valid',
  invalid: 'This unsubscribe link is not valid. Please use the link in your most recent newsletter.',
  test: 'This link came from a test send, so there is nothing to unsubscribe.',
  failedTitle: 'Please try again',
  failed: 'Something went wrong and you are not unsubscribed yet. Please try the link again in a moment.',
} as const;
