import { describe, expect, it } from 'vitest';
import { fileProgress, layoutMultipart, percentOf, TYPICAL_BOUNDARY_LENGTH } from './upload-progress.ts';

/** What a browser sends for these parts with this boundary, built by hand as RFC 7578 says. */
function encode(boundary: string, texts: Array<[string, string]>, files: Array<{ name: string; filename: string; type: string; content: string }>): string {
  let body = '';
  for (const [name, value] of texts) body += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  for (const file of files) body += `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`;
  return `${body}--${boundary}--\r\n`;
}

const boundary = '----WebKitFormBoundaryABCDEFGHIJKLMNOP';
const texts: Array<[string, string]> = [
  ['girlName', 'आशा कुमारी'],
  ['phone', '9876543210'],
];
const files = [
  { name: 'birthCertificate', filename: 'janm praman.pdf', type: 'application/pdf', content: 'P'.repeat(300) },
  { name: 'photo', filename: 'फोटो.jpg', type: 'image/jpeg', content: 'J'.repeat(100) },
];

describe('layoutMultipart', () => {
  it('places each file exactly where a browser puts it (text fields first, then the files in order)', () => {
    expect(boundary.length).toBe(TYPICAL_BOUNDARY_LENGTH);
    const body = new TextEncoder().encode(encode(boundary, texts, files));
    const layout = layoutMultipart(
      texts.map(([name, value]) => ({ name, value })),
      files.map((file) => ({ name: file.name, filename: file.filename, type: file.type, size: file.content.length })),
    );
    expect(layout.total).toBe(body.length);
    const text = new TextDecoder().decode(body);
    const bytesBefore = (marker: string) => new TextEncoder().encode(text.slice(0, text.indexOf(marker))).length;
    expect(layout.files).toEqual([
      { name: 'birthCertificate', start: bytesBefore('PPP'), end: bytesBefore('PPP') + 300 },
      { name: 'photo', start: bytesBefore('JJJ'), end: bytesBefore('JJJ') + 100 },
    ]);
  });
});

describe('fileProgress', () => {
  const layout = layoutMultipart(
    [{ name: 'girlName', value: 'Asha' }],
    [
      { name: 'birthCertificate', filename: 'b.pdf', type: 'application/pdf', size: 1000 },
      { name: 'photo', filename: 'p.jpg', type: 'image/jpeg', size: 1000 },
    ],
  );
  const [certificate, photo] = layout.files;

  it('fills the files one after the other as the body goes', () => {
    expect(fileProgress(layout, 0)).toEqual({ birthCertificate: 0, photo: 0 });
    expect(fileProgress(layout, certificate!.start + 500)).toEqual({ birthCertificate: 0.5, photo: 0 });
    expect(fileProgress(layout, certificate!.end)).toEqual({ birthCertificate: 1, photo: 0 });
    expect(fileProgress(layout, photo!.start + 250)).toEqual({ birthCertificate: 1, photo: 0.25 });
    expect(fileProgress(layout, layout.total)).toEqual({ birthCertificate: 1, photo: 1 });
  });

  it('scales to the size the browser reports, and is complete when the browser says all is sent', () => {
    const reported = layout.total + 40;
    const halfway = fileProgress(layout, Math.round((certificate!.start + 500) * (reported / layout.total)), reported);
    expect(halfway.birthCertificate).toBeCloseTo(0.5, 2);
    expect(fileProgress(layout, reported, reported)).toEqual({ birthCertificate: 1, photo: 1 });
  });

  it('never reports 100 % before the end', () => {
    expect(percentOf(0.999)).toBe(99);
    expect(percentOf(1)).toBe(100);
    expect(percentOf(-0.1)).toBe(0);
    expect(percentOf(0.424)).toBe(42);
  });
});
