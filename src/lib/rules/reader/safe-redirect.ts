/**
 * Where login may send the user back to: a path on this site only. An absolute URL
 * (`https://evil.example`), a protocol-relative one (`//evil.example`) or anything with a
 * backslash (browsers read `/\evil.example` as `//evil.example`) is ignored, so a crafted
 * `/login?redirect=` link cannot bounce a fresh session to another origin.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  // Control characters (a tab or newline inside "//") are dropped by URL parsers: refuse them.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const url = new URL(value, 'https://same-site.invalid');
    if (url.origin !== 'https://same-site.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** `/login?redirect=<here>`: the login link that brings the user back to `path`. */
export function loginHref(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * `/login` or `/register`, carrying a same-site `redirect` through the whole sign-up path (login →
 * Register → the confirmation link → login → back to the page; issue 28), and `registered=1`
 * after a sign-up. A missing, foreign or home (`/`) target adds nothing.
 */
export function accountPageHref(
  page: '/login' | '/register',
  redirect: string | null | undefined,
  { registered = false }: { registered?: boolean } = {},
): string {
  const params = [];
  if (registered) params.push('registered=1');
  const target = safeRedirect(redirect, '/');
  if (target !== '/') params.push(`redirect=${encodeURIComponent(target)}`);
  return params.length ? `${page}?${params.join('&')}` : page;
}
