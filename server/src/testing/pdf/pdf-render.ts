import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** A page rendered to greyscale pixels (0 = black, 255 = white), one byte a pixel. */
export interface RenderedPage {
  png: string;
  width: number;
  height: number;
  pixels: Buffer;
  /** Pixels per PDF point. */
  scale: number;
}

/**
 * Renders every page of a PDF with poppler's pdftoppm (Debian poppler-utils), the way a reader's
 * viewer would draw it. The PNGs stay in `outDir` (a temporary folder by default) to be looked at.
 */
export async function renderPdfPages(pdf: Buffer, options: { dpi?: number; outDir?: string } = {}): Promise<RenderedPage[]> {
  const dpi = options.dpi ?? 72;
  const dir = options.outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-pdf-'));
  fs.mkdirSync(dir, { recursive: true });
  const input = path.join(dir, 'document.pdf');
  fs.writeFileSync(input, pdf);
  await run('pdftoppm', ['-r', String(dpi), '-png', input, path.join(dir, 'page')]);
  const files = fs
    .readdirSync(dir)
    .filter((file) => /^page-\d+\.png$/.test(file))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  return Promise.all(
    files.map(async (file) => {
      const png = path.join(dir, file);
      const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
      return { png, width: info.width, height: info.height, pixels: data, scale: dpi / 72 };
    }),
  );
}

/**
 * The text poppler extracts from a PDF (pdftotext), pages separated by form feeds; `layout` keeps
 * the columns of a line on one line. Our PDFs carry each Devanagari run's source text as ActualText,
 * which pdftotext gives instead of the glyphs' visual order (docs/decisions/053), so Hindi can be
 * compared through this too.
 */
export async function extractPdfText(pdf: Buffer, options: { layout?: boolean } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-pdf-text-'));
  const input = path.join(dir, 'document.pdf');
  fs.writeFileSync(input, pdf);
  const { stdout } = await run('pdftotext', [...(options.layout ? ['-layout'] : []), '-enc', 'UTF-8', input, '-'], { maxBuffer: 16 * 1024 * 1024 });
  fs.rmSync(dir, { recursive: true, force: true });
  return stdout;
}

/** Grey level of the pixel under a point given in PDF points. */
export function greyAt(page: RenderedPage, x: number, y: number): number {
  const px = Math.floor(x * page.scale);
  const py = Math.floor(y * page.scale);
  if (px < 0 || py < 0 || px >= page.width || py >= page.height) throw new Error(`Point ${x},${y} is outside the page`);
  return page.pixels[py * page.width + px]!;
}

/** How many pixels in a rectangle (in PDF points) are darker than mid-grey. */
export function darkPixels(page: RenderedPage, box: { x: number; y: number; width: number; height: number }): number {
  const x0 = Math.max(0, Math.floor(box.x * page.scale));
  const y0 = Math.max(0, Math.floor(box.y * page.scale));
  const x1 = Math.min(page.width, Math.ceil((box.x + box.width) * page.scale));
  const y1 = Math.min(page.height, Math.ceil((box.y + box.height) * page.scale));
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) if (page.pixels[y * page.width + x]! < 128) count++;
  }
  return count;
}
