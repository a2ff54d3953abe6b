import { create, type QRCodeErrorCorrectionLevel } from 'qrcode';

export interface QrCodeGeometry {
  /** Top-left corner of the first module (inside the quiet zone), in points. */
  x: number;
  y: number;
  moduleSize: number;
  /** Modules per side. */
  modules: number;
}

/** The four-module quiet zone the QR specification asks for on every side. */
export const QR_QUIET_ZONE = 4;

/**
 * Draws a QR code as vector rectangles (one per horizontal run of dark modules, filled as one path so
 * neighbouring runs meet without seams): sharp at any zoom or print resolution, a few hundred bytes,
 * and nothing for an image decoder to get wrong. `size` is the whole square, quiet zone included.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; size: number; errorCorrectionLevel?: QRCodeErrorCorrectionLevel },
): QrCodeGeometry {
  if (text.length === 0) throw new Error('A QR code needs some text to encode');
  const { modules } = create(text, { errorCorrectionLevel: box.errorCorrectionLevel ?? 'M' });
  const count = modules.size;
  const moduleSize = box.size / (count + 2 * QR_QUIET_ZONE);
  const x0 = box.x + QR_QUIET_ZONE * moduleSize;
  const y0 = box.y + QR_QUIET_ZONE * moduleSize;
  doc.save();
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      doc.rect(x0 + start * moduleSize, y0 + row * moduleSize, (col - start) * moduleSize, moduleSize);
    }
  }
  doc.fill('black');
  doc.restore();
  return { x: x0, y: y0, moduleSize, modules: count };
}
