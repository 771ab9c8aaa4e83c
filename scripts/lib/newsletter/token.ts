/**
 * The personal unsubscribe link's token (issue 30): HMAC-SHA256 with a server secret over the
 * subscriber's id and address. It works without login, cannot be guessed without the secret,
 * and a token for one address does not unsubscribe another (the id and the address are both
 * signed; a changed address invalidates old links).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function mac(secret: string, subscriberId: number, email: string): Buffer {
  return createHmac('sha256', secret).update(`newsletter-unsubscribe:${subscriberId}:${email.toLowerCase()}`).digest();
}

export function unsubscribeToken(secret: string, subscriberId: number, email: string): string {
  return mac(secret, subscriberId, email).toString('base64url');
}

export function verifyUnsubscribeToken(secret: string, subscriberId: number, email: string, token: string): boolean {
  const expected = mac(secret, subscriberId, email);
  const given = Buffer.from(token, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link: `<base>/unsubscribe?s=<id>&t=<token>`. */
export function unsubscribeUrl(base: string, secret: string, subscriberId: number, email: string): string {
  const url = new URL('/unsubscribe', base);
  url.searchParams.set('s', String(subscriberId));
  url.searchParams.set('t', unsubscribeToken(secret, subscriberId, email));
  return url.href;
}
