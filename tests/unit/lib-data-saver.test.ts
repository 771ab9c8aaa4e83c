import { describe, expect, it } from 'vitest';
import {
  DATA_SAVER_CLASS,
  DATA_SAVER_MAX_WIDTH,
  dataSaverScript,
  dataSaverWanted,
  hostServesDataSaver,
  narrowSrcset,
  saveDataHtml,
} from '../../src/lib/rules/data-saver.ts';

const SRCSET = '/r/a.jpg?width=400&quality=75 400w, /r/a.jpg?width=800&quality=75 800w, /r/a.jpg?width=1200 1200w';

describe('narrowSrcset: renditions ≤ 480 px in data saver', () => {
  it('keeps the candidates no wider than the limit and takes the widest as src', () => {
    expect(narrowSrcset(SRCSET, DATA_SAVER_MAX_WIDTH)).toEqual({
      src: '/r/a.jpg?width=400&quality=75',
      srcset: '/r/a.jpg?width=400&quality=75 400w',
    });
    expect(narrowSrcset('/a-400.webp 400w, /a-240.webp 240w, /a-800.webp 800w', 480)).toEqual({
      src: '/a-400.webp',
      srcset: '/a-400.webp 400w, /a-240.webp 240w',
    });
  });

  it.each([
    ['', 'empty'],
    ['/a-800.webp 800w', 'only wider candidates'],
    ['/a.webp 2x', 'density descriptors'],
  ])('leaves %j alone (%s)', (srcset) => {
    expect(narrowSrcset(srcset, 480)).toBeNull();
  });
});

describe('dataSaverWanted: the reader’s stored choice wins over the browser’s wish', () => {
  it.each([
    [null, false, false],
    [null, true, true],
    ['on', false, true],
    ['off', true, false],
    ['garbage', true, true],
  ] as const)('stored %j, browser asks %j → %j', (stored, asks, on) => {
    expect(dataSaverWanted(stored, asks)).toBe(on);
  });
});

describe('hostServesDataSaver: the header, unless the reader’s cookie says otherwise', () => {
  it.each([
    [undefined, undefined, false],
    ['on', undefined, true],
    [' On ', 'a=1', true],
    ['on', 'a=1; data-saver=off', false],
    [undefined, 'data-saver=on; b=2', true],
    [undefined, 'no-data-saver=on', false],
  ] as const)('Save-Data %j, Cookie %j → %j', (saveData, cookie, on) => {
    expect(hostServesDataSaver(saveData, cookie)).toBe(on);
  });
});

describe('saveDataHtml: what the host serves for Save-Data: on', () => {
  const page = `<!doctype html><html lang="en-ZA" class="x"><body><img src="/r/a.jpg?width=800&amp;quality=75" srcset="${SRCSET.replace(/&/g, '&amp;')}" sizes="100vw" alt=""><img src="/logo.png" alt=""></body></html>`;

  it('puts the class on <html> and narrows every srcset, escaping as HTML', () => {
    const html = saveDataHtml(page);
    expect(html).toContain(`<html lang="en-ZA" class="${DATA_SAVER_CLASS} x">`);
    expect(html).toContain(
      '<img src="/r/a.jpg?width=400&amp;quality=75" srcset="/r/a.jpg?width=400&amp;quality=75 400w" sizes="100vw" alt="">',
    );
    expect(html).toContain('<img src="/logo.png" alt="">');
  });

  it('adds a class attribute when <html> has none', () => {
    expect(saveDataHtml('<html lang="en-ZA"><body></body></html>')).toBe(
      `<html lang="en-ZA" class="${DATA_SAVER_CLASS}"><body></body></html>`,
    );
  });
});

describe('dataSaverScript: the head script', () => {
  it('is plain, self-contained JavaScript', () => {
    const source = dataSaverScript();
    expect(() => new Function(source)).not.toThrow();
    expect(source).not.toMatch(/__name|import\(|require\(/);
  });
});
