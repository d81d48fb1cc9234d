import { formatFCFA, formatNumber, type Settings } from '@app/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** Page geometry of the receipts and statements: A4, 50 pt margins. */
export const MARGIN = 50;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export const COLORS = { brand: '#0b7285', text: '#212529', muted: '#5c6166', rule: '#ced4da', panel: '#f1f3f5' };

export type Doc = PDFKit.PDFDocument;
export type Company = Settings['general'];

/**
 * The 14 standard PDF fonts draw WinAnsi only. Intl's fr-FR writes U+202F between digit groups
 * and the typography puts U+00A0 before ':': both become U+00A0, which WinAnsi has. A letter it
 * lacks is written without its accent when it has one, else as '?': never a wrong glyph.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const THIN_SPACES = /[\u2000-\u200a\u202f\u205f]/g;

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || WIN_ANSI_EXTRA.has(char);
}

export function winAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(THIN_SPACES, '\u00a0')) {
    if (isWinAnsi(char)) out += char;
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

/** "250 000 FCFA" as the font can draw it. */
export const fcfa = (amount: number) => winAnsi(formatFCFA(amount));
/** "250 000", for table columns headed "(FCFA)". */
export const amount = (value: number) => winAnsi(formatNumber(value));

/** 22/11/2026 in the company's time zone. */
export function zonedDate(value: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    value,
  );
}

/** 22/11/2026 à 14:05 in the company's time zone. */
export function zonedDateTime(value: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(value);
  return `${zonedDate(value, timeZone)} à ${time}`;
}

/** A 'YYYY-MM-DD' calendar day as 22/11/2026 (no time zone: it is a day, not an instant). */
export function calendarDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** A document with its metadata, French, its title shown by viewers. */
export function createPdf(title: string, company: Company): Doc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'fr-FR',
    displayTitle: true,
    info: { Title: title, Author: company.companyName, Creator: company.companyName },
  });
}

/** Ends the document and answers its bytes. */
export function pdfBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Text at a place, in a font and size, sanitised for the standard fonts. */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  { font = 'Helvetica', size = 10, color = COLORS.text, ...options }: PDFKit.Mixins.TextOptions & WriteStyle = {},
) {
  return doc.font(font).fontSize(size).fillColor(color).text(winAnsi(text), x, y, options);
}

export interface WriteStyle {
  font?: 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Courier';
  size?: number;
  color?: string;
}

/** The height `text` takes in a width, in a font and size. */
export function heightOf(doc: Doc, text: string, width: number, { font = 'Helvetica', size = 10 }: WriteStyle = {}) {
  return doc.font(font).fontSize(size).heightOfString(winAnsi(text), { width });
}

export function rule(doc: Doc, y: number, color = COLORS.rule) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE_WIDTH - MARGIN, y)
    .lineWidth(0.7)
    .strokeColor(color)
    .stroke();
}

/**
 * The letterhead of every document: the company (name, slogan, address, phone, e-mail, from the
 * settings) on the left, the document's title and references on the right. Answers where the page
 * goes on.
 */
export function letterhead(doc: Doc, company: Company, title: string, references: string[]): number {
  const left = CONTENT_WIDTH * 0.58;
  write(doc, company.companyName, MARGIN, MARGIN, {
    font: 'Helvetica-Bold',
    size: 16,
    color: COLORS.brand,
    width: left,
  });
  let y = doc.y + 2;
  if (company.slogan) {
    write(doc, company.slogan, MARGIN, y, { font: 'Helvetica-Oblique', size: 9, color: COLORS.muted, width: left });
    y = doc.y + 4;
  }
  const contact = [company.address, company.phone, company.email].filter(Boolean);
  for (const line of contact) {
    write(doc, line, MARGIN, y, { size: 9, color: COLORS.muted, width: left });
    y = doc.y + 1;
  }
  const right = MARGIN + left + 10;
  const rightWidth = CONTENT_WIDTH - left - 10;
  write(doc, title, right, MARGIN, {
    font: 'Helvetica-Bold',
    size: 13,
    color: COLORS.brand,
    width: rightWidth,
    align: 'right',
  });
  let ry = doc.y + 4;
  for (const [i, line] of references.entries()) {
    write(doc, line, right, ry, {
      font: i === 0 ? 'Helvetica-Bold' : 'Helvetica',
      size: i === 0 ? 10.5 : 9,
      color: i === 0 ? COLORS.text : COLORS.muted,
      width: rightWidth,
      align: 'right',
    });
    ry = doc.y + 2;
  }
  const bottom = Math.max(y, ry) + 10;
  rule(doc, bottom, COLORS.brand);
  return bottom + 16;
}

/** Label and value lines in two columns; answers where the page goes on. */
export function fields(
  doc: Doc,
  rows: [label: string, value: string][],
  y: number,
  { labelWidth = 190, boldLast = false }: { labelWidth?: number; boldLast?: boolean } = {},
): number {
  let at = y;
  for (const [i, [label, value]] of rows.entries()) {
    const bold = boldLast && i === rows.length - 1;
    const valueWidth = CONTENT_WIDTH - labelWidth;
    const height = Math.max(
      heightOf(doc, label, labelWidth - 10, { size: 9.5 }),
      heightOf(doc, value, valueWidth, { size: 10, font: bold ? 'Helvetica-Bold' : 'Helvetica' }),
    );
    write(doc, label, MARGIN, at, { size: 9.5, color: COLORS.muted, width: labelWidth - 10 });
    write(doc, value, MARGIN + labelWidth, at, {
      size: 10,
      font: bold ? 'Helvetica-Bold' : 'Helvetica',
      width: valueWidth,
    });
    at += height + 6;
  }
  return at;
}

/** A section's heading; answers where its content starts. */
export function heading(doc: Doc, text: string, y: number): number {
  write(doc, text, MARGIN, y, { font: 'Helvetica-Bold', size: 11, color: COLORS.brand });
  return doc.y + 6;
}

/** The QR code of `text` as vector squares (sharp at any zoom, nothing to decode), `size` points wide. */
export function qrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('#000000');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * A line at the foot of every page (and its number when there are several), written last over the
 * buffered pages; the bottom margin is lifted meanwhile so that pdfkit adds no page for it.
 */
export function footer(doc: Doc, text: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const line = count > 1 ? `${text} – page ${i - start + 1} sur ${count}` : text;
    write(doc, line, MARGIN, PAGE_HEIGHT - MARGIN + 12, {
      size: 7.5,
      color: COLORS.muted,
      width: CONTENT_WIDTH,
      align: 'center',
    });
    doc.page.margins.bottom = bottom;
  }
}
