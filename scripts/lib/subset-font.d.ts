/** subset-font ships no types; the part of its API scripts/lib/web-fonts.ts uses. */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    keepFeatures?: string[];
    noHinting?: boolean;
    noLayoutClosure?: boolean;
    preserveNameIds?: number[];
    dropTables?: string[];
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
