import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Harness } from './harness.ts';

/** Kanyadan applications for the browser suites: documents, and a submission as another client makes it. */

/** A camera-like JPEG: EXIF (a rotation, an author) and GPS, which the document job must strip. */
export async function photoWithExif(): Promise<Buffer> {
  const width = 480;
  const height = 320;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Artist: 'Someone Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 49/1 0/1' } },
    })
    .toBuffer();
}

export async function birthCertificatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 400]).drawText('Birth certificate', { x: 40, y: 300, size: 16, font });
  return Buffer.from(await doc.save());
}

/** POST /api/kanyadan/applications as another client would: multipart, no cookie (so no CSRF header is needed). */
export async function submit(harness: Harness, fields: Record<string, string>, files: { photo: Buffer; birthCertificate: Buffer }): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([new Uint8Array(files.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('birthCertificate', new Blob([new Uint8Array(files.birthCertificate)], { type: 'application/pdf' }), 'birth.pdf');
  const response = await fetch(`${harness.url}/api/kanyadan/applications`, { method: 'POST', body: form });
  const body = (await response.json()) as { regNo?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.regNo!;
}

