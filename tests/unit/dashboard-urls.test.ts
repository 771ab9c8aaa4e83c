import { describe, expect, it } from 'vitest';
import { loginUrl } from '../../src/dashboard/app/login-redirect.ts';
import { previewKey } from '../../src/browser/preview.ts';

describe('loginUrl (the guard sends signed-out visitors to /login with the return path)', () => {
  it.each([
    [{ pathname: '/dashboard', search: '', hash: '' }, '/login?redirect=%2Fdashboard'],
    [
      { pathname: '/dashboard/articles/12', search: '?tab=seo', hash: '#top' },
      '/login?redirect=%2Fdashboard%2Farticles%2F12%3Ftab%3Dseo%23top',
    ],
  ])('%j → %s', (location, url) => expect(loginUrl(location)).toBe(url));
});

describe('previewKey (/preview/{slug or id})', () => {
  it.each([
    ['/preview/solar-in-kenya', 'solar-in-kenya'],
    ['/preview/42/', '42'],
    ['/preview/', ''],
    ['/preview', ''],
    ['/preview/caf%C3%A9', 'café'],
  ])('%s → %j', (path, key) => expect(previewKey(path)).toBe(key));
});
