/**
 * The auth e-mails, written as simple table-free HTML with inline styles so they read well in
 * the local mailbox and in any real mail client. Every interpolated value is escaped. Sent
 * through SMTP they also carry a plain-text part with the same words (renderMailText).
 */
import { escapeHtml } from '../http/util.ts';

const SITE_NAME = 'ESG Africa News';

export type MailKind = 'signup' | 'recovery' | 'email_change' | 'magiclink';

interface Template {
  subject: string;
  heading: string;
  intro: string;
  button: string;
}

const TEMPLATES: Record<MailKind, Template> = {
  signup: {
    subject: 'Confirm Your Signup',
    heading: 'Confirm your signup',
    intro: `Thanks for signing up to ${SITE_NAME}. Follow this link to confirm your e-mail address:`,
    button: 'Confirm your e-mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Reset your password',
    intro: `Someone asked to reset the password of your ${SITE_NAME} account. Follow this link to choose a new one:`,
    button: 'Reset password',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm your new e-mail address',
    intro: `Follow this link to confirm the change of your ${SITE_NAME} e-mail address to this one:`,
    button: 'Confirm e-mail change',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Your sign-in link',
    intro: `Follow this link to sign in to ${SITE_NAME}:`,
    button: 'Sign in',
  },
};

export function subjectFor(kind: MailKind): string {
  return TEMPLATES[kind].subject;
}

export function renderMail(kind: MailKind, v: { link: string; otp: string; email: string }): string {
  const t = TEMPLATES[kind];
  const link = escapeHtml(v.link);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f4;font-family:Arial,Helvetica,sans-serif;color:#1b2a1f">
  <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <p style="margin:0 0 24px;font-size:14px;font-weight:bold;letter-spacing:.08em;text-transform:uppercase;color:#1f6f3f">${escapeHtml(SITE_NAME)}</p>
    <h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(t.heading)}</h1>
    <p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(t.intro)}</p>
    <p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;padding:12px 20px;background:#1f6f3f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(t.button)}</a></p>
    <p style="margin:0 0 8px;font-size:14px">Or enter this code: <strong style="font-size:18px;letter-spacing:.15em">${escapeHtml(v.otp)}</strong></p>
    <p style="margin:0 0 24px;font-size:13px;color:#51605a;word-break:break-all">If the button does not work, copy this address into your browser:<br><a href="${link}" style="color:#1f6f3f">${link}</a></p>
    <p style="margin:0;font-size:12px;color:#51605a">This message was sent to ${escapeHtml(v.email)}. If you did not ask for it, you can ignore it.</p>
  </div>
</body>
</html>`;
}

/** The plain-text part of a mail sent through SMTP: the HTML version's words, the link in full. */
export function renderMailText(kind: MailKind, v: { link: string; otp: string; email: string }): string {
  const t = TEMPLATES[kind];
  return [
    SITE_NAME,
    '',
    t.heading,
    '',
    t.intro,
    '',
    v.link,
    '',
    `Or enter this code: ${v.otp}`,
    '',
    `This message was sent to ${v.email}. If you did not ask for it, you can ignore it.`,
    '',
  ].join('\n');
}
