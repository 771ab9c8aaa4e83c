/**
 * The newsletter's e-mails (issue 30), built with react-email: table layout and inline styles
 * that render in Gmail, Outlook and Apple Mail; the sender turns them into HTML and a plain-text
 * part, and the dashboard's preview renders the same element. No JSX: the sender runs in plain
 * Node, which strips types but does not compile JSX.
 *
 * The personal unsubscribe link is the placeholder UNSUBSCRIBE_PLACEHOLDER: an issue is rendered
 * once and each recipient's signed link replaces it (scripts/lib/newsletter/sender.ts).
 */
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from '@react-email/components';
import { NEWSLETTER_MAIL } from '../../messages/newsletter.ts';
import { SITE_NAME } from '../../site.ts';
import { absoluteUrl, articlePath } from '../article-links.ts';
import { sanitizeArticleHtml } from '../sanitize.ts';

export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/__UNSUBSCRIBE__';

/** Width of the mail's column and of its images, in CSS px (the usual e-mail width). */
const EMAIL_WIDTH = 600;

export interface IssueArticle {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  hero_image_url: string | null;
  hero_image_alt: string | null;
}

/**
 * A story's picture is a link to the article with nothing else in it, so its alt text is the
 * link's name: the editor's alt text, or the title when the article has none (axe: link-name).
 */
export function storyImageAlt(a: Pick<IssueArticle, 'title' | 'hero_image_alt'>): string {
  return a.hero_image_alt?.trim() || a.title;
}

export interface IssueContent {
  subject: string;
  preheader: string;
  intro_html: string;
  articles: IssueArticle[];
}

export interface EmailContext {
  /** The site's canonical origin (links to articles). */
  siteUrl: string;
  /** The Supabase API URL whose Storage holds the images. */
  apiUrl: string;
  /** Storage's renderer makes the e-mail-sized renditions (PUBLIC_IMAGE_TRANSFORMS=storage). */
  renditions: boolean;
}

/**
 * An image at e-mail size: Storage's rendition of a project image at twice the column width
 * (sharp on high-density screens), else the stored URL.
 */
export function emailImageUrl(url: string, ctx: EmailContext): string {
  const base = `${ctx.apiUrl.replace(/\/+$/, '')}/storage/v1/object/public/`;
  if (!ctx.renditions || !url.startsWith(base)) return url;
  const path = url.slice(base.length).split('?')[0];
  return `${ctx.apiUrl.replace(/\/+$/, '')}/storage/v1/render/image/public/${path}?width=${EMAIL_WIDTH * 2}&quality=75`;
}

const FONT = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";
const styles = {
  body: { backgroundColor: '#f4f6f4', margin: 0, padding: '24px 0', fontFamily: FONT, color: '#1c2420' },
  container: { width: '100%', maxWidth: `${EMAIL_WIDTH}px`, backgroundColor: '#ffffff', margin: '0 auto' },
  masthead: { backgroundColor: '#14532d', padding: '20px 24px' },
  brand: { color: '#ffffff', fontSize: '22px', fontWeight: 700, margin: 0, textDecoration: 'none' },
  content: { padding: '8px 24px 16px' },
  h1: { fontSize: '24px', lineHeight: '30px', margin: '16px 0 8px', color: '#14532d' },
  intro: { fontSize: '16px', lineHeight: '24px' },
  title: { fontSize: '20px', lineHeight: '26px', margin: '16px 0 6px', fontWeight: 700 },
  titleLink: { color: '#1c2420', textDecoration: 'none' },
  excerpt: { fontSize: '15px', lineHeight: '22px', margin: '0 0 8px', color: '#3b4740' },
  more: { fontSize: '15px', color: '#15803d', fontWeight: 600 },
  image: { display: 'block', width: '100%', maxWidth: `${EMAIL_WIDTH - 48}px`, height: 'auto', border: 0 },
  button: {
    backgroundColor: '#15803d',
    color: '#ffffff',
    padding: '12px 20px',
    borderRadius: '6px',
    fontWeight: 600,
    fontSize: '15px',
  },
  footer: { padding: '8px 24px 24px', fontSize: '13px', lineHeight: '20px', color: '#5b6a61' },
  footerLink: { color: '#15803d', textDecoration: 'underline' },
  banner: { backgroundColor: '#fef3c7', color: '#78350f', padding: '8px 24px', fontSize: '14px', margin: 0 },
} as const;

/**
 * The mail's frame: masthead, content, footer. `title` is the document's <title>, which a screen
 * reader announces when a web mail client or 'view in browser' opens the message.
 */
function layout(
  title: string,
  preview: string,
  ctx: EmailContext,
  children: ReactNode[],
  banner?: string,
): ReactElement {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, title)),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        banner ? h(Text, { style: styles.banner }, banner) : null,
        h(
          Section,
          { style: styles.masthead },
          h(Link, { href: absoluteUrl('/', ctx.siteUrl), style: styles.brand }, SITE_NAME),
        ),
        h(Section, { style: styles.content }, ...children),
        h(Hr, null),
        h(
          Section,
          { style: styles.footer },
          h(Text, { style: { margin: '0 0 8px' } }, NEWSLETTER_MAIL.whyReceived),
          h(
            Text,
            { style: { margin: 0 } },
            // Underlined: a link inside a line of text is told apart by more than its colour.
            h(Link, { href: UNSUBSCRIBE_PLACEHOLDER, style: styles.footerLink }, NEWSLETTER_MAIL.unsubscribe),
            ` · ${NEWSLETTER_MAIL.unsubscribeHint}`,
          ),
        ),
      ),
    ),
  );
}

function articleBlock(a: IssueArticle, ctx: EmailContext): ReactElement {
  const href = absoluteUrl(articlePath(a), ctx.siteUrl);
  return h(
    Section,
    { key: a.id },
    h(
      Row,
      null,
      h(
        Column,
        null,
        a.hero_image_url
          ? h(
              Link,
              { href },
              h(Img, {
                src: emailImageUrl(a.hero_image_url, ctx),
                width: EMAIL_WIDTH - 48,
                alt: storyImageAlt(a),
                style: styles.image,
              }),
            )
          : null,
        h(Heading, { as: 'h2', style: styles.title }, h(Link, { href, style: styles.titleLink }, a.title)),
        a.excerpt ? h(Text, { style: styles.excerpt }, a.excerpt) : null,
        h(Link, { href, style: styles.more }, `${NEWSLETTER_MAIL.readMore} →`),
      ),
    ),
  );
}

/** An issue: intro (sanitised like an article body), then its articles in order. */
export function IssueEmail(issue: IssueContent, ctx: EmailContext, options: { test?: boolean } = {}): ReactElement {
  const intro = sanitizeArticleHtml(issue.intro_html);
  return layout(
    issue.subject,
    issue.preheader || issue.subject,
    ctx,
    [
      h(Heading, { key: 'h', as: 'h1', style: styles.h1 }, issue.subject),
      intro ? h('div', { key: 'i', style: styles.intro, dangerouslySetInnerHTML: { __html: intro } }) : null,
      ...issue.articles.map((a) => articleBlock(a, ctx)),
    ],
    options.test ? NEWSLETTER_MAIL.testBanner : undefined,
  );
}

/** The welcome mail, sent at once on subscribing. */
export function WelcomeEmail(ctx: EmailContext): ReactElement {
  return layout(NEWSLETTER_MAIL.welcomeHeading, NEWSLETTER_MAIL.welcomePreheader, ctx, [
    h(Heading, { key: 'h', as: 'h1', style: styles.h1 }, NEWSLETTER_MAIL.welcomeHeading),
    h(Text, { key: 't', style: styles.intro }, NEWSLETTER_MAIL.welcomeBody),
    h(Button, { key: 'b', href: absoluteUrl('/', ctx.siteUrl), style: styles.button }, NEWSLETTER_MAIL.welcomeVisit),
  ]);
}
