import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, PDFString, StandardFonts, type PDFObject } from 'pdf-lib';
import sharp from 'sharp';

/** A noisy photo (so JPEG and WebP stay large enough to truncate meaningfully) with EXIF and GPS. */
export async function photoWithExif(width = 1200, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Copyright: 'EXIF-SECRET', Artist: 'Someone Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 55/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '75/1 49/1 0/1' } },
    })
    .toBuffer();
}

export async function plainImage(format: 'png' | 'webp' | 'gif' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })[format]().toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG of a few hundred bytes whose header declares width × height (20000 × 20000 =
 * 400 MP, 1.2 GB decoded): a decompression bomb. Its one row of data is all there is.
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function simplePdf(pages = 1, text = 'Donation receipt'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]).drawText(`${text} ${i + 1}`, { x: 40, y: 300, size: 14, font });
  return Buffer.from(await doc.save());
}

export const HOSTILE_MARKERS = {
  script: 'app.alert("HOSTILE-SCRIPT")',
  attachment: 'HOSTILE-ATTACHMENT-CONTENT',
  link: 'https://evil.example/HOSTILE-LINK',
};

/**
 * A PDF with every kind of active content named in the brief: JavaScript in the document's name
 * tree and as the OpenAction, a page /AA script, an embedded file (plus a file-attachment
 * annotation), a link annotation, a form field, and a script smuggled in as an unknown resource.
 * It passes `qpdf --check`, so only the stripping stands between it and the store.
 */
export async function hostilePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([300, 400]);
  page.drawText('Looks harmless', { x: 40, y: 300, size: 14, font });
  const { context, catalog } = doc;

  const script = context.register(context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(HOSTILE_MARKERS.script) }));
  catalog.set(PDFName.of('OpenAction'), script);
  await doc.attach(Buffer.from(HOSTILE_MARKERS.attachment), 'payload.exe', { mimeType: 'application/octet-stream', description: 'payload' });
  // attach() fills /Names /EmbeddedFiles when saving; add the JavaScript name tree beside it.
  const names = context.obj({ JavaScript: context.obj({ Names: [PDFString.of('startup'), script] }) });
  catalog.set(PDFName.of('Names'), context.register(names));

  page.node.set(PDFName.of('AA'), context.obj({ O: script }));
  const link = context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 100],
    A: context.obj({ Type: 'Action', S: 'URI', URI: PDFString.of(HOSTILE_MARKERS.link) }),
  });
  const fileSpec = context.obj({ Type: 'Filespec', F: PDFString.of('inner.exe'), EF: context.obj({ F: context.register(context.stream(HOSTILE_MARKERS.attachment, { Type: 'EmbeddedFile' })) }) });
  const attachmentAnnot = context.obj({ Type: 'Annot', Subtype: 'FileAttachment', Rect: [100, 0, 120, 20], FS: context.register(fileSpec) });
  page.node.set(PDFName.of('Annots'), context.obj([context.register(link), context.register(attachmentAnnot)]));
  doc.getForm().createTextField('name').addToPage(page, { x: 40, y: 200 });
  const resources = page.node.Resources();
  resources?.set(PDFName.of('Smuggled'), script);
  return Buffer.from(await doc.save());
}

/** Every name (key or value) and string in every object of a PDF, as pdf-lib reads it. */
export async function namesAndStringsIn(bytes: Buffer): Promise<{ keys: Set<string>; names: Set<string>; strings: string[]; objectCount: number }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const keys = new Set<string>();
  const names = new Set<string>();
  const strings: string[] = [];
  const seen = new Set<PDFObject>();
  const walk = (object: PDFObject): void => {
    if (seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFName) names.add(object.decodeText());
    else if (object instanceof PDFString) strings.push(object.decodeText());
    else if (object instanceof PDFArray) object.asArray().forEach(walk);
    else if (object instanceof PDFStream) {
      walk(object.dict);
      strings.push(Buffer.from(object.getContents()).toString('latin1'));
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        keys.add(key.decodeText());
        walk(value);
      }
    } else if (object instanceof PDFRef) {
      // Followed through enumerateIndirectObjects below.
    }
  };
  const objects = doc.context.enumerateIndirectObjects();
  for (const [, object] of objects) walk(object);
  return { keys, names, strings, objectCount: objects.length };
}
