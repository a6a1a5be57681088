import { reportFont } from './report-font.ts';

/**
 * A new A4 PDF document (pdfkit's document is a Readable) with the reports' CJK font registered as `cjk` and chosen.
 * pdfkit and fontkit are loaded with the first PDF asked for: they hold about 7 MB of heap (30 MB of RSS), which a
 * process that never writes a PDF should not carry.
 */
export async function newPdfDocument(options: PDFKit.PDFDocumentOptions): Promise<PDFKit.PDFDocument> {
  const [{ default: PDFDocument }, font] = await Promise.all([import('pdfkit'), reportFont()]);
  const doc = new PDFDocument(options);
  doc.registerFont('cjk', font);
  doc.font('cjk');
  return doc;
}
