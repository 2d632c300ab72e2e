import { createRequire } from 'node:module';
import { type Language, rightToLeft } from '@candor/contract/languages';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { localize } from '../../lib/texts';

export type CertificateContent = {
  reference: string;
  /** Printed only when the reporter asked for it. */
  title: string | null;
  category: string;
  submittedAt: Date;
  resolvedAt: Date;
  verificationCode: string;
  /** The address of the page that checks this certificate, its reference and code filled in. */
  verifyAt: string;
  /** The language it is written in (English by default). */
  language?: Language;
};

/**
 * Every English text of the certificate: each language's catalogue translates them
 * (packages/contract/src/messages, checked by lib/texts.test.ts).
 */
export const CERTIFICATE_TEXTS = [
  'Certificate of Resolution',
  'Certificate of Resolution {reference}',
  'Candor - safe, anonymous reporting',
  'Report reference',
  'Title',
  'Category',
  'Submitted',
  'Resolved',
  'This certifies that the report identified above was reviewed by the administrators responsible for it and marked as resolved on the date shown.',
  'Verification code',
  'Anyone can check this certificate at',
  'Abuse',
  'Corruption',
  'Harassment',
  'Other',
] as const;

/** English dates read day, month in words, year; every language keeps Western digits. */
function dateFormat(language: Language) {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : `${language}-u-nu-latn`, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
}

/**
 * Arabic script is drawn with Noto Sans Arabic (SIL Open Font License, from the
 * @fontsource/noto-sans-arabic package), shaped by the PDF library's font engine; everything
 * else with the PDF's built-in fonts, which cover the Latin languages.
 */
const arabicFonts = (() => {
  const require = createRequire(import.meta.url);
  const file = (weight: number) =>
    require.resolve(
      `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${weight}-normal.woff`,
    );
  let files: { regular: string; bold: string } | null = null;
  return () => {
    files ??= { regular: file(400), bold: file(700) };
    return files;
  };
})();

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

const bidi = bidiFactory();

/** A piece of a line as drawn: Arabic letters (shaped by the font engine), or anything else. */
export type Piece = { text: string; arabic: boolean };

const ARABIC_PIECES =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+|[^\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+/g;

/**
 * A line of a right-to-left paragraph as it is drawn, left to right (the Unicode Bidirectional
 * Algorithm's levels, by bidi-js, then its rule L2 over runs of one level), mirrored characters
 * swapped. Within a right-to-left run the pieces go right to left; a piece of Arabic letters keeps
 * its logical order, as the font engine shapes it and lays its glyphs out right to left, and any
 * other piece (spaces, punctuation) is reversed here.
 */
export function visualPieces(line: string): Piece[] {
  const { levels } = bidi.getEmbeddingLevels(line, 'rtl');
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const runs: { text: string; level: number }[] = [];
  for (let index = 0; index < line.length; index++) {
    const char = mirrored.get(index) ?? line[index] ?? '';
    const level = levels[index] ?? 1;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  let order = runs;
  const highest = Math.max(1, ...runs.map((run) => run.level));
  for (let level = highest; level >= 1; level--) {
    const next: typeof runs = [];
    for (let index = 0; index < order.length; ) {
      const run = order[index] as (typeof runs)[number];
      if (run.level < level) {
        next.push(run);
        index++;
        continue;
      }
      let end = index;
      while (end < order.length && (order[end]?.level ?? 0) >= level) end++;
      next.push(...order.slice(index, end).reverse());
      index = end;
    }
    order = next;
  }
  return order.flatMap(({ text, level }) => {
    const pieces = (text.match(ARABIC_PIECES) ?? []).map((piece) => ({
      text: piece,
      arabic: ARABIC.test(piece),
    }));
    if (level % 2 === 0) return pieces;
    return pieces
      .reverse()
      .map((piece) =>
        piece.arabic ? piece : { ...piece, text: [...piece.text].reverse().join('') },
      );
  });
}

type Style = {
  size: number;
  color: string;
  bold?: boolean;
  mono?: boolean;
  center?: boolean;
  link?: string;
};

type Doc = InstanceType<typeof PDFDocument>;

/** The current font's ascent at the current size, in points. */
const ascentOf = (doc: Doc, size: number) =>
  ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;

/** Writes a paragraph in the certificate's direction, wrapped to the page's width. */
function writer(doc: Doc, language: Language) {
  const rtl = rightToLeft.has(language);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const latinFont = (style: Style) =>
    style.mono ? 'Courier-Bold' : style.bold ? 'Helvetica-Bold' : 'Helvetica';
  if (rtl) {
    const fonts = arabicFonts();
    doc.registerFont('Arabic', fonts.regular);
    doc.registerFont('Arabic-Bold', fonts.bold);
  }
  const arabicFont = (style: Style) => (style.bold ? 'Arabic-Bold' : 'Arabic');
  const fontOf = (piece: Piece, style: Style) =>
    piece.arabic ? arabicFont(style) : latinFont(style);
  const widthOf = (piece: Piece, style: Style) =>
    doc.font(fontOf(piece, style)).fontSize(style.size).widthOfString(piece.text);
  const lineWidth = (pieces: Piece[], style: Style) =>
    pieces.reduce((sum, piece) => sum + widthOf(piece, style), 0);

  return (text: string, style: Style) => {
    if (!rtl) {
      doc.font(latinFont(style)).fontSize(style.size).fillColor(style.color);
      doc.text(text, {
        align: style.center ? 'center' : 'left',
        ...(style.link ? { link: style.link, underline: true } : {}),
      });
      return;
    }
    // Lines filled word by word, as wide as the page allows.
    const lines: string[] = [];
    for (const word of text.split(' ')) {
      const last = lines.at(-1);
      if (last === undefined) lines.push(word);
      else if (lineWidth(visualPieces(`${last} ${word}`), style) > width) lines.push(word);
      else lines[lines.length - 1] = `${last} ${word}`;
    }
    doc.font(arabicFont(style)).fontSize(style.size);
    const arabicAscent = ascentOf(doc, style.size);
    const lineHeight = doc.currentLineHeight(true);
    doc.font(latinFont(style)).fontSize(style.size);
    const ascent = Math.max(arabicAscent, ascentOf(doc, style.size));
    for (const line of lines) {
      const pieces = visualPieces(line);
      const total = lineWidth(pieces, style);
      let x = style.center ? left + (width - total) / 2 : left + width - total;
      const top = doc.y;
      // One baseline for both fonts, whatever their heights.
      const baseline = top + ascent;
      for (const piece of pieces) {
        const pieceWidth = widthOf(piece, style);
        if (piece.text.trim() !== '') {
          doc.font(fontOf(piece, style)).fontSize(style.size).fillColor(style.color);
          doc.text(piece.text, x, baseline, {
            lineBreak: false,
            baseline: 'alphabetic',
            ...(style.link ? { link: style.link, underline: true } : {}),
          });
        }
        x += pieceWidth;
      }
      doc.x = left;
      doc.y = top + lineHeight;
    }
  };
}

/** Renders the certificate of resolution (A4), in the reporter's language. */
export function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const language = content.language ?? 'en';
  const say = (text: string) => localize(text, language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 64,
    lang: language,
    info: {
      Title: say(`Certificate of Resolution ${content.reference}`),
      Producer: 'Candor',
      Creator: 'Candor',
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const write = writer(doc, language);
  const formatDate = (date: Date) => `${dateFormat(language).format(date)} UTC`;
  const category = content.category.charAt(0).toUpperCase() + content.category.slice(1);

  write(say('Certificate of Resolution'), { size: 26, color: '#1e3a5f', bold: true, center: true });
  doc.moveDown(0.3);
  write(say('Candor - safe, anonymous reporting'), { size: 12, color: '#374151', center: true });
  doc.moveDown(2);

  const rows: [string, string][] = [
    [say('Report reference'), content.reference],
    ...(content.title === null ? [] : [[say('Title'), content.title] as [string, string]]),
    [say('Category'), say(category)],
    [say('Submitted'), formatDate(content.submittedAt)],
    [say('Resolved'), formatDate(content.resolvedAt)],
  ];
  for (const [label, value] of rows) {
    write(label, { size: 11, color: '#111827', bold: true });
    write(value, { size: 12, color: '#111827' });
    doc.moveDown(0.6);
  }
  doc.moveDown(1);
  write(
    say(
      'This certifies that the report identified above was reviewed by the administrators responsible for it and marked as resolved on the date shown.',
    ),
    { size: 12, color: '#111827' },
  );
  doc.moveDown(2);
  write(say('Verification code'), { size: 11, color: '#111827', bold: true });
  write(content.verificationCode, { size: 16, color: '#111827', mono: true });
  write(say('Anyone can check this certificate at'), { size: 10, color: '#374151' });
  write(content.verifyAt, { size: 10, color: '#1e3a5f', link: content.verifyAt });
  doc.end();
  return done;
}
