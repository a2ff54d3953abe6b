import { describe, expect, it } from 'vitest';
import { documentProblem, formatFileSize, isAcceptedFor, mediaTypeOf, sniffFile } from './file-type.public.ts';

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe('mediaTypeOf', () => {
  it('recognises JPEG, PNG, WebP and PDF from their first bytes', () => {
    expect(mediaTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(mediaTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(mediaTypeOf(bytes('RIFF', 0x24, 0x10, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(mediaTypeOf(bytes('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses what only looks like one of them: other RIFF files, text, a GIF, a cut-off header', () => {
    expect(mediaTypeOf(bytes('RIFF', 0x24, 0x10, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(mediaTypeOf(bytes('hello world'))).toBeNull();
    expect(mediaTypeOf(bytes('GIF89a'))).toBeNull();
    expect(mediaTypeOf(bytes(0xff, 0xd8))).toBeNull();
    expect(mediaTypeOf(bytes('%PDF'))).toBeNull();
    expect(mediaTypeOf(bytes('RIFF'))).toBeNull();
    expect(mediaTypeOf(new Uint8Array())).toBeNull();
  });

  it('reads the type from the content whatever the name and declared type say', async () => {
    const renamed = new File([bytes('%PDF-1.4 rest of the file')], 'photo.jpg', { type: 'image/jpeg' });
    expect(await sniffFile(renamed)).toBe('application/pdf');
    const disguised = new File([bytes('MZ', 0x90, 0)], 'birth.pdf', { type: 'application/pdf' });
    expect(await sniffFile(disguised)).toBeNull();
  });
});

describe('documentProblem', () => {
  const MB = 1024 * 1024;

  it('takes images or a PDF for the certificates, and only images for the photo', () => {
    expect(isAcceptedFor('birthCertificate', 'application/pdf')).toBe(true);
    expect(isAcceptedFor('girlAadhaar', 'image/webp')).toBe(true);
    expect(isAcceptedFor('photo', 'image/png')).toBe(true);
    expect(isAcceptedFor('photo', 'application/pdf')).toBe(false);
    expect(isAcceptedFor('fatherAadhaar', null)).toBe(false);
  });

  it('answers with the server’s own messages', () => {
    expect(documentProblem('photo', MB, 'application/pdf')).toBe('Only JPEG, PNG or WebP images can be uploaded.');
    expect(documentProblem('birthCertificate', MB, null)).toBe('Only JPEG, PNG or WebP images or PDF files can be uploaded.');
    expect(documentProblem('birthCertificate', 5 * MB + 1, 'application/pdf')).toBe('The file is larger than 5 MB. Please choose a smaller one.');
    expect(documentProblem('photo', 0, null)).toBe('The file is empty. Please choose another one.');
  });

  it('accepts a file of exactly 5 MB of an allowed type', () => {
    expect(documentProblem('photo', 5 * MB, 'image/jpeg')).toBeNull();
    expect(documentProblem('girlAadhaar', 1, 'application/pdf')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('shows sizes as phones do', () => {
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(formatFileSize(340 * 1024)).toBe('340 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(120)).toBe('120 B');
  });
});
