import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** A PDF, opened by an independent parser (pdf.js). */
export function openPdf(data: Buffer) {
  return getDocument({ data: new Uint8Array(data), standardFontDataUrl }).promise;
}

/** The first page of a PDF, opened by pdf.js. */
export async function firstPdfPage(data: Buffer) {
  return (await openPdf(data)).getPage(1);
}

/** The text of a PDF's first page, read by pdf.js. */
export async function pdfText(data: Buffer): Promise<string> {
  const content = await (await firstPdfPage(data)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}
