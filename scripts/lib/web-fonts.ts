/**
 * The public site's two web fonts, cut at build time to what the site sets (issue 27): the
 * characters of English and of African languages' names and places, the weights the CSS uses,
 * one optical size, and only the layout features that place marks and space letters. One woff2
 * per face, 27–30 KB where the Latin files of the @fontsource-variable packages were 48–51 KB and
 * lacked ẹ ọ ɛ ɔ ɓ ɗ ƙ (Source Serif 4 has no ɛ ɔ ɓ ɗ ƙ or Tshivenda's letters at all: those come
 * from the fallback serif; Inter has every one).
 *
 * The output is not committed: it is generated into `.data/fonts/` (git-ignored) by the first
 * build that needs it and named by a hash of the source font, the options and the subsetter's
 * version, so every later build reuses it (a hash of ~1.5 MB, a few milliseconds) and a changed
 * input can never serve a stale file. Files are written to a temporary name and renamed, so
 * builds running side by side (tests) cannot read half a file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { DATA_DIR } from './paths.ts';

const require = createRequire(import.meta.url);

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/**
 * Every character the subsets keep. Anything else (Greek, Cyrillic, emoji) still shows, in the
 * fallback faces of the same stack (src/styles/tokens.css).
 */
const WEB_FONT_CHARACTERS = [
  // English, and the accented letters of Afrikaans, French, Portuguese and Spanish place names
  // (Côte d'Ivoire, São Tomé, Ségou, Réunion), Wolof, Malagasy and Setswana.
  range(0x20, 0x7e),
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåæçèéêëìíîïñòóôõöøùúûüýÿŒœŠšŽž',
  // Yoruba (ẹ ọ ṣ, tones on n and m), Igbo (ị ụ ṅ), Hausa (ɓ ɗ ƙ ƴ ʼ), Akan, Ewe, Lingala and Fula
  // (ɛ ɔ ŋ ɖ ƒ ɣ ʋ), Tshivenda (ḓ ḽ ṋ ṱ ṅ); capitals too.
  'ẸẹỌọṢṣỊịỤụṄṅǸǹŃńḾḿẼẽĨĩŨũ',
  'ƁɓƊɗƘƙƳƴƐɛƆɔŊŋƉɖƑƒƔɣƲʋ',
  'ḒḓḼḽṊṋṰṱ',
  '\u02bc\u02bb',
  // Combining marks for tones and letters typed decomposed: grave, acute, circumflex, tilde,
  // macron, breve, dot above, diaeresis, ring, caron, dot below, cedilla, ogonek,
  // circumflex below, macron below.
  range(0x300, 0x304),
  '\u0306\u0307\u0308\u030a\u030c\u0323\u0327\u0328\u032d\u0331',
  // Spaces, quotes, dashes and the symbols the site and its articles use.
  '\u00a0\u00ad\u2009\u202f‘’‚“”„‹›«»–—…•·§¶°©®™×÷±−≤≥→←½¼¾µ¿¡',
  // Currencies: naira, cedi, euro, pound, cent, yen (the rand is R).
  '₦₵€£¢¥',
  // Not typed, but named so the features below keep working without layout closure: dotless i
  // and j (ccmp puts them under a tone mark: ị́, í̀) and the fi, fl ligatures.
  'ıȷﬁﬂ',
].join('');

/**
 * Features kept: composition, local forms, mark placement, kerning, standard ligatures (fi, fl).
 * Without layout closure: a substitution survives only if its result is one of the characters
 * above, so the alternates that other languages' rules reach (6–7 KB a face) stay out.
 */
const KEEP_FEATURES = ['ccmp', 'locl', 'mark', 'mkmk', 'kern', 'liga'];

export interface WebFontFace {
  /** The family name the CSS uses. */
  family: string;
  /** The variable source font, resolved from its package. */
  source: string;
  /**
   * Axis instancing: optical size pinned where the @fontsource-variable file that the metric
   * fallbacks were measured on pinned it (identical advance widths), weight limited to the range
   * the CSS uses (400 text, 500–650 interface, 700–800 headlines and brand).
   */
  axes: Record<string, number | { min: number; max: number }>;
  /** The CSS weight range of the face, as Astro's font config wants it. */
  weight: string;
}

export const WEB_FONT_FACES = {
  headline: {
    family: 'Source Serif 4',
    source: require.resolve('source-serif/VAR/SourceSerif4Variable-Roman.ttf'),
    axes: { opsz: 14, wght: { min: 400, max: 800 } },
    weight: '400 800',
  },
  text: {
    family: 'Inter',
    source: require.resolve('inter-ui/variable/InterVariable.woff2'),
    axes: { opsz: 14, wght: { min: 400, max: 800 } },
    weight: '400 800',
  },
} satisfies Record<string, WebFontFace>;

/** Bumped when what the subsetter is asked changes in a way the options do not show. */
const FORMAT_VERSION = 2;

/** The versions of subset-font and of the HarfBuzz build it runs (harfbuzzjs exports no package.json). */
function subsetterVersion(): string {
  const version = (entry: string) => {
    for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const file = path.join(dir, 'package.json');
      if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
    }
    return 'unknown';
  };
  const subsetter = require.resolve('subset-font');
  return `subset-font ${version(subsetter)}, harfbuzzjs ${version(createRequire(subsetter).resolve('harfbuzzjs'))}`;
}

/**
 * Returns the path of `face`'s subset, making it first if this checkout has not yet.
 * @param dir where subsets are kept (default `.data/fonts`).
 */
export async function webFontFile(face: WebFontFace, dir = path.join(DATA_DIR, 'fonts')): Promise<string> {
  const source = fs.readFileSync(face.source);
  const key = crypto
    .createHash('sha256')
    .update(source)
    .update(JSON.stringify([FORMAT_VERSION, subsetterVersion(), WEB_FONT_CHARACTERS, KEEP_FEATURES, face.axes]))
    .digest('hex')
    .slice(0, 16);
  const slug = face.family.toLowerCase().replace(/\W+/g, '-');
  const file = path.join(dir, `${slug}-${key}.woff2`);
  if (fs.existsSync(file)) return file;
  const woff2 = await subsetFont(source, WEB_FONT_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: face.axes,
    keepFeatures: KEEP_FEATURES,
    noLayoutClosure: true,
    // Hinting is for low-resolution Windows rendering; phones and high-density screens ignore it.
    noHinting: true,
  });
  fs.mkdirSync(dir, { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(temp, woff2);
  fs.renameSync(temp, file);
  return file;
}
