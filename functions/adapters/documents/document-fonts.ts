/**
 * The fonts of the PDF documents (issue 28): Noto Sans JP, KR and TC (Regular) from the `@expo-google-fonts`
 * packages, as plain TrueType files. pdfkit embeds only the glyphs a document uses (a subset per font), so a receipt
 * carries a few kilobytes of each font it prints with, never the 5–7 MB files.
 *
 * The files never enter a JavaScript bundle. In Lambda they sit flat beside it (`fonts/`, copied by the bundling of
 * the documents function, `lib/lambda-function.ts`); locally and in tests they are read from `node_modules`. Either
 * way they are read once per container, on the first document.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

export const documentFontKeys = ['jp', 'kr', 'tc'] as const;
export type DocumentFontKey = (typeof documentFontKeys)[number];

/** Each font's file inside its npm package (the bundling copies them flat under their base names). */
export const DOCUMENT_FONT_FILES: Record<DocumentFontKey, string> = {
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  kr: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  tc: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
};

/** The folder beside the Lambda bundle the fonts are copied to. */
export const DOCUMENT_FONTS_FOLDER = 'fonts';

/**
 * Where a font is under `dir`: flat (`<dir>/NotoSansJP_400Regular.ttf`, the Lambda layout) or as in `node_modules`
 * (`<dir>/@expo-google-fonts/…`, when `dir` is a `node_modules` folder).
 */
export function documentFontPath(dir: string, key: DocumentFontKey): string {
  const flat = path.join(dir, path.basename(DOCUMENT_FONT_FILES[key]));
  return existsSync(flat) ? flat : path.join(dir, DOCUMENT_FONT_FILES[key]);
}

/**
 * A parsed font as the PDF engine keeps it (a fontkit face). pdfkit takes one in place of the file's bytes, and
 * parsing is most of a document's work: Noto Sans KR and TC are parsed in ~400 ms each (README, "Documents").
 */
export type ParsedFont = object;

/**
 * The font files of one folder, each read on first use and kept: a Japanese document never reads the Korean file.
 * Once a document has parsed a font, the parsed face is kept too and handed to the next documents, which then
 * only subset it.
 */
export class DocumentFontFiles {
  private readonly cache = new Map<DocumentFontKey, Buffer>();
  private readonly parsed = new Map<DocumentFontKey, ParsedFont>();

  constructor(readonly dir: string) {}

  get(key: DocumentFontKey): Buffer {
    let font = this.cache.get(key);
    if (!font) {
      font = readFileSync(documentFontPath(this.dir, key));
      this.cache.set(key, font);
    }
    return font;
  }

  /** What to give the PDF engine for a font: the face a document parsed before, or the file's bytes. */
  source(key: DocumentFontKey): Buffer | ParsedFont {
    return this.parsed.get(key) ?? this.get(key);
  }

  /** Keeps the face a document parsed (the engine's fonts are read-only once parsed; each document subsets its own). */
  keepParsed(key: DocumentFontKey, face: ParsedFont | undefined): void {
    if (face && !this.parsed.has(key)) this.parsed.set(key, face);
  }
}
