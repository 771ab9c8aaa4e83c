/**
 * Texts of the newsletter block and popup, the cookie banner and the enquiry forms that the spec
 * does not word itself (its own messages stay in MESSAGES). Kept here so the islands and the tests
 * agree on them.
 */
export const ENGAGEMENT = {
  newsletterHeading: 'Get the ESG Africa briefing',
  /** The block's promise: also the consent wording its sign-ups record (issue 30). */
  newsletterLead:
    "The week's most important sustainability, climate and governance stories from across the continent, every Friday. Free, and you can unsubscribe at any time.",
  emailLabel: 'E-mail address',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing...',
  popupHeading: 'Subscribe to our newsletter',
  popupLead: "The week's most important ESG stories from across Africa, every Friday. Free.",
  /** One-click sign-up for a signed-in reader. */
  popupSubscribeAs: (email: string): string => `Subscribe as ${email}`,
  close: 'Close',
  cookieHeading: 'Cookies',
  cookieText:
    'We use cookies to count visits and to improve the site. Accept to allow analytics and advertising cookies, or decline to keep only the ones the site needs to work.',
  accept: 'Accept',
  decline: 'Decline',
  privacyPolicy: 'Privacy policy',
  sending: 'Sending...',
  contactSent: 'Thank you! Your message has been sent. We will get back to you soon.',
  advertiseSent: 'Thank you for your interest in advertising with us. Our team will be in touch shortly.',
  storeNotifyHeading: 'Notify me',
  storeNotify: 'Notify Me',
  storeNotified: "Thanks! We'll let you know when the store opens.",
  /** After the label of a field that may stay empty. */
  optional: '(optional)',
  needsJavaScript: 'This form needs JavaScript to send. You can also e-mail',
} as const;
