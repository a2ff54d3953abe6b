import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAGE_IMAGE_MAX_SIDE, renderPdfPage } from '../application-reads.ts';

async function pdfWithPage(width: number, height: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([width, height]);
  page.drawText('Birth certificate', { x: 20, y: height - 40, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  doc.addPage([width, height]);
  return Buffer.from(await doc.save());
}

describe('a PDF page shown to the verification team', () => {
  it('is a PNG of the page asked for, at most PAGE_IMAGE_MAX_SIDE pixels a side', async () => {
    const image = await renderPdfPage(await pdfWithPage(595, 842), 2);
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('png');
    expect(Math.max(metadata.width!, metadata.height!)).toBe(PAGE_IMAGE_MAX_SIDE);
  });

  it('costs no more for a page that claims to be 5 metres wide (14,400 pt): scaled into the same bound', async () => {
    const image = await renderPdfPage(await pdfWithPage(14_400, 14_400), 1);
    const metadata = await sharp(image).metadata();
    expect([metadata.width, metadata.height]).toEqual([PAGE_IMAGE_MAX_SIDE, PAGE_IMAGE_MAX_SIDE]);
  });

  it('takes three pages asked for at once, two at a time, and answers every one', async () => {
    const pdf = await pdfWithPage(595, 842);
    const images = await Promise.all([1, 2, 1].map((page) => renderPdfPage(pdf, page)));
    for (const image of images) expect((await sharp(image).metadata()).format).toBe('png');
  });
});
