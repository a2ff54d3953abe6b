/**
 * Prints the SHA-256 and length of a receipt issued before issue 31 (its frozen issuer has none of
 * the fields issue 31 added), as issued and as cancelled, drawn in a fresh process: the test suite
 * shares module state between files (vitest `isolate: false`), and a PDF's bytes may depend on what
 * the process shaped before. Run by receipt-signed.test.ts.
 */
import crypto from 'node:crypto';
import { renderReceiptPdf, type ReceiptPdfInput } from '#server/modules/donations/donations.api';

const input: Extract<ReceiptPdfInput, { variant: 'issued' }> = JSON.parse(process.argv[2]!, (key, value: unknown) => (key === 'createdAt' ? new Date(value as string) : value));
const issued = await renderReceiptPdf(input);
const cancelled = await renderReceiptPdf({
  ...input,
  variant: 'cancelled',
  cancellation: { cancelledAt: '2026-01-10T10:00:00Z', reason: 'Cheque bounced' },
  createdAt: new Date('2026-01-10T10:00:00Z'),
});
const digest = (bytes: Buffer) => [crypto.createHash('sha256').update(bytes).digest('hex'), bytes.length];
console.log(JSON.stringify({ issued: digest(issued), cancelled: digest(cancelled) }));
