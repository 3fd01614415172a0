/**
 * The documents as PDF (issue 28), laid out with pdfkit from the models of `domain/receipt-document.ts` and
 * `domain/statement-document.ts`: this file decides where things go, never what they say or how much. Text is real
 * text in embedded TrueType subsets (selectable, searchable, copyable), in the font that has its glyphs: Korean in
 * Noto Sans KR, Traditional Chinese labels in Noto Sans TC, Japanese (and Latin) in Noto Sans JP.
 *
 * pdfkit and its font engine are loaded by the first document of a container: in Lambda `pdfkit` is an alias of a
 * loader that requires `pdf-engine.js` beside the bundle (see `lib/lambda-function.ts`), so the documents function's
 * `index.js` stays small and its 404s and 429s never parse them.
 */
import PDFDocument from 'pdfkit';
import type { GuestLocale } from '../../domain/entities';
import type { DocumentLabel, ReceiptDocument } from '../../domain/receipt-document';
import type { StatementDocument } from '../../domain/statement-document';
import type { DocumentRenderer } from '../../use-cases/documents/document-ports';
import type { DocumentFontFiles, DocumentFontKey } from './document-fonts';

type Doc = PDFKit.PDFDocument;

const INK = '#1f2933';
const MUTED = '#5b6770';
const RULE = '#9aa5ad';
const ACCENT = '#b42318';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;

/** The fonts to try for a text, best first: its script decides, then the reader's language. */
function candidatesFor(text: string, locale: GuestLocale): DocumentFontKey[] {
  if (HANGUL.test(text)) return ['kr', 'jp', 'tc'];
  if (KANA.test(text)) return ['jp', 'tc', 'kr'];
  if (locale === 'ko') return ['kr', 'jp', 'tc'];
  if (locale === 'zh-Hant') return ['tc', 'jp', 'kr'];
  return ['jp', 'tc', 'kr'];
}

/** pdfkit's current font (its fontkit face), for a glyph check; not in pdfkit's types. */
interface LoadedFont {
  font?: { hasGlyphForCodePoint?: (codePoint: number) => boolean };
}

export interface LineOptions {
  size?: number;
  /** The line's box: the text is aligned in it, shrunk down to `minSize` and then cut with `…` to fit. */
  width?: number;
  align?: 'left' | 'center' | 'right';
  minSize?: number;
  color?: string;
}

/** A stretch of text printed in one font. */
interface Run {
  font: DocumentFontKey;
  text: string;
}

/**
 * Text in the right fonts on one PDF document. Every text is one line made of runs: each character goes to the
 * first font (in the text's order of candidates) that has its glyph, so 「내역: 道後温泉」 prints its Hangul in
 * Noto Sans KR and 温, which Korean writes 溫, in Noto Sans JP.
 */
class Writer {
  private readonly registered = new Set<DocumentFontKey>();
  private current: DocumentFontKey | null = null;

  constructor(
    readonly doc: Doc,
    private readonly fonts: DocumentFontFiles,
    private readonly locale: GuestLocale,
  ) {}

  private use(key: DocumentFontKey): void {
    if (this.current === key) return;
    if (!this.registered.has(key)) {
      this.doc.registerFont(key, this.fonts.source(key) as unknown as string);
      this.registered.add(key);
      this.doc.font(key);
      this.fonts.keepParsed(key, this.face());
    } else {
      this.doc.font(key);
    }
    this.current = key;
  }

  /** The current font's parsed face (pdfkit's `_font.font`, not in its types). */
  private face(): LoadedFont['font'] {
    return (this.doc as unknown as { _font?: LoadedFont })._font?.font;
  }

  private has(key: DocumentFontKey, codePoint: number): boolean {
    this.use(key);
    return this.face()?.hasGlyphForCodePoint?.(codePoint) ?? true;
  }

  runs(text: string, prefer: DocumentFontKey | null = null): Run[] {
    const candidates = candidatesFor(text, this.locale);
    const order = prefer ? [prefer, ...candidates.filter((k) => k !== prefer)] : candidates;
    const runs: Run[] = [];
    let font = order[0]!;
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      // Spaces and punctuation every font has stay in the current run.
      if (!(cp <= 0x20 || this.has(font, cp))) {
        font = order.find((k) => this.has(k, cp)) ?? font;
      }
      const last = runs[runs.length - 1];
      if (last && last.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  private widthOf(runs: readonly Run[], size: number): number {
    let width = 0;
    for (const run of runs) {
      this.use(run.font);
      width += this.doc.fontSize(size).widthOfString(run.text);
    }
    return width;
  }

  /** Cuts runs from the end until they and `…` fit `width`. */
  private cut(runs: Run[], size: number, width: number): Run[] {
    const out = runs.map((r) => ({ ...r }));
    while (
      out.length > 0 &&
      this.widthOf([...out, { font: out[out.length - 1]!.font, text: '…' }], size) > width
    ) {
      const last = out[out.length - 1]!;
      last.text = [...last.text].slice(0, -1).join('');
      if (last.text === '') out.pop();
    }
    const tail = out[out.length - 1];
    if (tail) tail.text += '…';
    return out;
  }

  /** Prints runs on one line at (x, y). */
  private print(runs: Run[], x: number, y: number, options: LineOptions): this {
    const { width, align = 'left', color = INK } = options;
    let size = options.size ?? 10;
    if (width !== undefined) {
      const minSize = options.minSize ?? size;
      while (size > minSize && this.widthOf(runs, size) > width) size = Math.max(minSize, size - 0.5);
      if (this.widthOf(runs, size) > width) runs = this.cut(runs, size, width);
    }
    const total = this.widthOf(runs, size);
    let cx = x;
    if (width !== undefined && align === 'right') cx = x + width - total;
    if (width !== undefined && align === 'center') cx = x + (width - total) / 2;
    this.doc.fillColor(color);
    for (const run of runs) {
      this.use(run.font);
      this.doc.fontSize(size).text(run.text, cx, y, { lineBreak: false });
      cx += this.doc.widthOfString(run.text);
    }
    this.doc.fillColor(INK);
    return this;
  }

  text(value: string, x: number, y: number, options: LineOptions = {}): this {
    return this.print(this.runs(value), x, y, options);
  }

  /** A label: the Japanese, then ` / ` and the reader's words, on one line. */
  label(label: DocumentLabel, x: number, y: number, options: LineOptions = {}): this {
    const runs = this.runs(label.ja, 'jp');
    if (label.local) runs.push(...this.runs(` / ${label.local}`));
    return this.print(runs, x, y, { size: 9, color: MUTED, minSize: 7, ...options });
  }

  rule(x1: number, y: number, x2: number, color = RULE, width = 0.6): this {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
    return this;
  }
}

/** The PDF's bytes once pdfkit has written them. */
function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newDocument(
  fonts: DocumentFontFiles,
  options: { layout: 'portrait' | 'landscape'; title: string; subject: string; lang: string },
): Doc {
  return new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margin: 40,
    // Our font from the start: pdfkit's default (Helvetica) would load the standard font files it ships, which the
    // bundle does not carry. pdfkit takes the font's bytes or a parsed face here too (its types say a path).
    font: fonts.source('jp') as unknown as string,
    lang: options.lang,
    displayTitle: true,
    info: {
      Title: options.title,
      Subject: options.subject,
      Creator: 'Ehime Experiences',
      Producer: 'pdfkit',
    },
  });
}

const PDF_LANG: Record<GuestLocale, string> = { ja: 'ja-JP', en: 'en', 'zh-Hant': 'zh-Hant', ko: 'ko-KR' };

export function renderReceipt(model: ReceiptDocument, fonts: DocumentFontFiles): Promise<Buffer> {
  const title = model.title.local ? `${model.title.ja} / ${model.title.local}` : model.title.ja;
  const doc = newDocument(fonts, {
    layout: 'portrait',
    title: `${title} ${model.documentNumber}`,
    subject: model.purpose.ja,
    lang: PDF_LANG[model.locale],
  });
  const done = collect(doc);
  const w = new Writer(doc, fonts, model.locale);
  const left = 56;
  const right = doc.page.width - 56;
  const width = right - left;

  // Number and date, top right; a reissue says so, top left.
  w.text(`No. ${model.documentNumber}`, left, 48, { width, align: 'right' });
  w.label(model.issueDate.label, left + width / 2, 65, { width: width / 2 - 120, align: 'right' });
  w.text(model.issueDate.value, right - 110, 64, { width: 110, align: 'right' });
  if (model.reissue) {
    doc.save().rect(left, 44, 130, 28).lineWidth(1.2).strokeColor(ACCENT).stroke().restore();
    const words = model.reissue.local ? `${model.reissue.ja} ${model.reissue.local}` : model.reissue.ja;
    w.text(words, left, 52, { size: 12, width: 130, align: 'center', minSize: 8, color: ACCENT });
  }

  // Title.
  w.text(model.title.ja, left, 100, { size: 28, width, align: 'center' });
  if (model.title.local) w.text(model.title.local, left, 138, { size: 13, width, align: 'center' });

  // Addressee (up to 60 characters: the line shrinks before it cuts).
  let y = 176;
  w.label(model.addressee.label, left, y);
  w.text(model.addressee.value, left, y + 14, { size: 16, width, minSize: 8 });
  w.rule(left, y + 38, right, INK, 0.8);

  // Amount.
  y += 54;
  doc.save().rect(left, y, width, 58).fillColor('#f4f6f8').fill().restore();
  w.label(model.amount.label, left + 14, y + 8);
  w.text(model.amount.value, left + 14, y + 20, { size: 24, width: width - 200 });
  w.label(model.amount.taxNote, right - 190, y + 32, { size: 10, width: 176, align: 'right' });

  // Purpose and acknowledgement.
  y += 74;
  w.text(model.purpose.ja, left, y, { size: 12, width, minSize: 7 });
  if (model.purpose.local) w.text(model.purpose.local, left, y + 17, { size: 10, width, minSize: 7 });
  y += model.purpose.local ? 38 : 22;
  w.text(model.received.ja, left, y, { size: 10, width });
  if (model.received.local) w.text(model.received.local, left, y + 14, { size: 9, width, minSize: 7 });

  // Details, the tax (computed once for the document) and the payment method.
  y += 44;
  w.label(model.details.heading, left, y, { size: 11, color: INK });
  y += 18;
  w.rule(left, y, right);
  const rows = [...model.details.rows, ...model.tax.rows, model.paymentMethod];
  const taxFrom = model.details.rows.length;
  const labelWidth = width * 0.42;
  rows.forEach((row, i) => {
    if (i === taxFrom) w.rule(left, y, right, INK, 0.8);
    w.label(row.label, left + 4, y + 7, { width: labelWidth });
    w.text(row.value, left + labelWidth + 12, y + 6, {
      width: width - labelWidth - 16,
      align: 'right',
      minSize: 6.5,
    });
    y += 22;
    w.rule(left, y, right);
  });

  // Issuer, bottom right.
  y = Math.max(y + 30, doc.page.height - 190);
  const issuerX = left + width * 0.45;
  const issuerWidth = right - issuerX;
  w.label(model.issuer.heading, issuerX, y, { width: issuerWidth });
  w.text(model.issuer.name, issuerX, y + 14, { size: 12, width: issuerWidth, minSize: 8 });
  w.text(model.issuer.address, issuerX, y + 32, { size: 9, width: issuerWidth, minSize: 6.5 });
  w.label(model.issuer.registration.label, issuerX, y + 54, { width: issuerWidth });
  w.text(model.issuer.registration.value, issuerX, y + 68, { size: 11, width: issuerWidth });

  doc.end();
  return done;
}

export function renderStatement(model: StatementDocument, fonts: DocumentFontFiles): Promise<Buffer> {
  const doc = newDocument(fonts, {
    layout: 'landscape',
    title: `${model.title} ${model.period}`,
    subject: model.invoice.heading,
    lang: 'ja-JP',
  });
  const done = collect(doc);
  const w = new Writer(doc, fonts, 'ja');
  const left = 40;
  const right = doc.page.width - 40;
  const width = right - left;
  const bottom = doc.page.height - 40;

  w.text(model.title, left, 40, { size: 22 });
  w.text(model.period, left, 70, { size: 11 });
  w.text(`書類番号 ${model.documentNumber}`, left, 40, { size: 9, width, align: 'right' });
  w.text(`発行日 ${model.issueDate}`, left, 54, { size: 9, width, align: 'right' });
  if (model.inProgress) {
    w.text('月の途中の作成です。月末までに金額が変わることがあります。', left, 68, {
      size: 9,
      width,
      align: 'right',
      color: ACCENT,
    });
  }

  // Recipient (left) and issuer (right).
  let y = 96;
  const half = width / 2 - 20;
  w.text(model.recipient.name, left, y, { size: 14, width: half, minSize: 9 });
  if (model.recipient.registration)
    w.text(`登録番号 ${model.recipient.registration}`, left, y + 21, { size: 9 });
  const issuerX = right - half;
  w.text(model.issuer.name, issuerX, y, { size: 11, width: half, align: 'right', minSize: 8 });
  w.text(model.issuer.address, issuerX, y + 16, { size: 9, width: half, align: 'right', minSize: 6.5 });
  w.text(`登録番号 ${model.issuer.invoiceRegistrationNumber}`, issuerX, y + 30, {
    size: 9,
    width: half,
    align: 'right',
  });
  y += 54;

  // Bookings of the month, by tour date; the header repeats on every page.
  const columns: { width: number; align: 'left' | 'right' }[] = [
    { width: 64, align: 'left' },
    { width: 88, align: 'left' },
    { width: 214, align: 'left' },
    { width: 80, align: 'right' },
    { width: 80, align: 'right' },
    { width: 72, align: 'right' },
    { width: 82, align: 'right' },
    { width: width - 680, align: 'left' },
  ];
  const rowHeight = 18;
  const drawRow = (cells: readonly string[], top: number, cols = columns, size = 8.5, color = INK) => {
    let x = left;
    cells.forEach((cell, i) => {
      const column = cols[i]!;
      if (cell) w.text(cell, x + 3, top + 5, { size, width: column.width - 6, align: column.align, color });
      x += column.width;
    });
  };
  const band = (top: number, bandWidth: number) =>
    doc.save().rect(left, top, bandWidth, rowHeight).fillColor('#eef1f4').fill().restore();
  const header = () => {
    band(y, width);
    drawRow(model.bookings.header, y, columns, 8.5, MUTED);
    y += rowHeight;
  };
  const ensureRoom = (needed: number, repeatHeader: boolean) => {
    if (y + needed <= bottom) return;
    doc.addPage();
    y = 40;
    if (repeatHeader) header();
  };

  w.text('予約ごとの売上（ツアー実施日の月）', left, y, { size: 11 });
  y += 18;
  header();
  if (model.bookings.rows.length === 0) {
    w.text('この月に実施の予約はありません。', left + 3, y + 5, { size: 9 });
    y += rowHeight;
  }
  for (const row of model.bookings.rows) {
    ensureRoom(rowHeight, true);
    drawRow(row, y);
    y += rowHeight;
    w.rule(left, y, right, '#d5dbe0', 0.4);
  }
  ensureRoom(rowHeight, false);
  w.rule(left, y, right, INK, 0.8);
  drawRow(model.bookings.totalsRow, y, columns, 9);
  y += rowHeight + 14;

  // Payouts made in the month.
  const payoutColumns: { width: number; align: 'left' | 'right' }[] = [
    { width: 140, align: 'left' },
    { width: 120, align: 'left' },
    { width: 100, align: 'right' },
    { width: 110, align: 'left' },
  ];
  const payoutWidth = payoutColumns.reduce((sum, c) => sum + c.width, 0);
  ensureRoom(rowHeight * 3 + 20, false);
  w.text('この月の振込', left, y, { size: 11 });
  y += 18;
  band(y, payoutWidth);
  drawRow(model.payouts.header, y, payoutColumns, 8.5, MUTED);
  y += rowHeight;
  if (model.payouts.rows.length === 0) {
    w.text('この月の振込はありません。', left + 3, y + 5, { size: 9 });
    y += rowHeight;
  }
  for (const row of model.payouts.rows) {
    ensureRoom(rowHeight, false);
    drawRow(row, y, payoutColumns);
    y += rowHeight;
  }
  w.rule(left, y, left + payoutWidth, INK, 0.8);
  drawRow(model.payouts.totalRow, y, payoutColumns, 9);
  y += rowHeight + 16;

  // The platform fee as a qualified invoice.
  const boxHeight = 26 + model.invoice.rows.length * 16;
  ensureRoom(boxHeight + 60, false);
  doc.save().rect(left, y, width, boxHeight).lineWidth(0.8).strokeColor(INK).stroke().restore();
  w.text(model.invoice.heading, left + 10, y + 7, { size: 10.5 });
  w.text(
    `発行者 ${model.issuer.name}（登録番号 ${model.issuer.invoiceRegistrationNumber}）`,
    left + 300,
    y + 8,
    {
      size: 8.5,
      width: width - 310,
      align: 'right',
      minSize: 6.5,
    },
  );
  let rowY = y + 26;
  for (const row of model.invoice.rows) {
    w.text(row.label, left + 10, rowY, { size: 9, width: 250 });
    w.text(row.value, left + 270, rowY, { size: 9, width: width - 290, minSize: 7 });
    rowY += 16;
  }
  y = rowY + 14;
  for (const note of model.notes) {
    ensureRoom(14, false);
    w.text(`※ ${note}`, left, y, { size: 8, width, color: MUTED, minSize: 6.5 });
    y += 13;
  }

  doc.end();
  return done;
}

/** The documents as PDF with the fonts of one folder. */
export class PdfDocumentRenderer implements DocumentRenderer {
  constructor(private readonly fonts: DocumentFontFiles) {}

  receipt(model: ReceiptDocument): Promise<Buffer> {
    return renderReceipt(model, this.fonts);
  }

  statement(model: StatementDocument): Promise<Buffer> {
    return renderStatement(model, this.fonts);
  }
}
