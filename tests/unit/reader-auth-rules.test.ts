import { describe, expect, it } from 'vitest';
import {
  emailFromJwt,
  emailNotVerifiedHref,
  headerLoginHref,
  isEmailNotConfirmed,
  loginProblem,
  readAuthTokens,
  readLinkFragment,
  registerProblem,
  resetProblem,
} from '../../src/lib/rules/reader/auth-rules.ts';

const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('login: e-mail and password required (§5)', () => {
  it.each([
    ['', 'secret', 'Please enter your email address.'],
    ['   ', 'secret', 'Please enter your email address.'],
    ['a@b.test', '', 'Please enter your password.'],
    ['a@b.test', 'x', null],
  ])('%j / %j → %j', (email, password, expected) => {
    expect(loginProblem(email, password)).toBe(expected);
  });
});

describe('register: minimum 6 characters and matching confirmation (§5, §9)', () => {
  it.each([
    ['', 'secret1', 'secret1', 'Please enter your email address.'],
    ['a@b.test', '12345', '12345', 'Password must be at least 6 characters long.'],
    ['a@b.test', '123456', '123457', 'Passwords do not match'],
    ['a@b.test', '123456', '123456', null],
  ])('%j %j %j → %j', (email, password, confirm, expected) => {
    expect(registerProblem(email, password, confirm)).toBe(expected);
  });
});

describe('reset: match first, then length (§5)', () => {
  it.each([
    ['abc', 'abd', 'Passwords do not match.'],
    ['abc', 'abc', 'Password must be at least 6 characters long.'],
    ['abcdef', 'abcdef', null],
  ])('%j %j → %j', (password, confirm, expected) => {
    expect(resetProblem(password, confirm)).toBe(expected);
  });
});

describe("an auth error containing 'email not confirmed' (§5)", () => {
  it.each([
    ['Email not confirmed', true],
    ['EMAIL NOT CONFIRMED yet', true],
    ['Invalid login credentials', false],
    [null, false],
  ])('%j → %j', (message, expected) => {
    expect(isEmailNotConfirmed(message)).toBe(expected);
  });

  it('goes to /email-not-verified with the address', () => {
    expect(emailNotVerifiedHref(' a+b@c.test ')).toBe('/email-not-verified?email=a%2Bb%40c.test');
    expect(emailNotVerifiedHref('a@c.test', '/article/x')).toBe(
      '/email-not-verified?email=a%40c.test&redirect=%2Farticle%2Fx',
    );
    expect(emailNotVerifiedHref('a@c.test', 'https://evil.example')).toBe('/email-not-verified?email=a%40c.test');
  });
});

describe('reset tokens from the query string (spec) or the fragment (GoTrue)', () => {
  it('reads the query string', () => {
    expect(readAuthTokens('?access_token=A&refresh_token=R', '')).toEqual({ accessToken: 'A', refreshToken: 'R' });
  });
  it('reads the fragment', () => {
    expect(readAuthTokens('', '#access_token=A&expires_in=3600&refresh_token=R&type=recovery')).toEqual({
      accessToken: 'A',
      refreshToken: 'R',
    });
  });
  it('prefers the query string', () => {
    expect(readAuthTokens('?access_token=Q&refresh_token=QR', '#access_token=F&refresh_token=FR')?.accessToken).toBe(
      'Q',
    );
  });
  it.each([
    ['', ''],
    ['?access_token=A', ''],
    ['', '#refresh_token=R'],
    ['', '#error=access_denied&error_description=Email+link+is+invalid+or+has+expired'],
  ])('missing tokens (%j, %j) → null', (search, hash) => {
    expect(readAuthTokens(search, hash)).toBeNull();
  });
});

describe('the sign-up confirmation fragment on /login', () => {
  it('reads the type and the address from the token', () => {
    const token = jwt({ sub: 'u', email: 'new@reader.test' });
    expect(readLinkFragment(`#access_token=${token}&refresh_token=r&type=signup`)).toEqual({
      type: 'signup',
      error: null,
      email: 'new@reader.test',
    });
  });
  it('reads a failed link', () => {
    expect(readLinkFragment('#error=access_denied&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      type: null,
      error: 'Email link is invalid or has expired',
      email: null,
    });
  });
  it('ignores a page without a link fragment', () => {
    expect(readLinkFragment('')).toBeNull();
    expect(readLinkFragment('#comments')).toBeNull();
  });
  it.each(['', 'nodots', 'a.!!!.c', jwt({ sub: 'u' })])('no address in %j', (token) => {
    expect(emailFromJwt(token)).toBeNull();
  });
});

describe("the header's Login link", () => {
  it.each([
    ['/', '/login'],
    ['/login', '/login'],
    ['/reset-password', '/login'],
    ['/email-not-verified', '/login'],
    ['/article/some-story', '/login?redirect=%2Farticle%2Fsome-story'],
    ['/about/', '/login?redirect=%2Fabout'],
    ['/login/', '/login'],
    ['/search?q=water', '/login?redirect=%2Fsearch%3Fq%3Dwater'],
  ])('%j → %j', (path, expected) => {
    expect(headerLoginHref(path)).toBe(expected);
  });
});
