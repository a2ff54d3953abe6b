import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMail } from '#server/mail/render-mail';
import { createPdfLayout } from '#server/pdf/pdf-layout';
import { decodeHeader, leafParts, parseHeaderValue, parseMime, type MimePart } from '#server/testing/mime';
import { readOutbox } from '#server/testing/outbox';
import { startTestSmtpServer, type TestSmtpServer } from '#server/testing/smtp-server';
import { createOutboxMailer, createSmtpMailer, MAX_ATTACHMENT_BYTES, type MailMessage } from './mailer.ts';

const log = pino({ level: 'silent' });
const from = 'Sahay Foundation <no-reply@sahay.local>';

async function receiptPdf(): Promise<Buffer> {
  const layout = createPdfLayout({ title: 'Receipt SAHAY-2026-00001', createdAt: new Date('2026-03-14T09:30:00Z') });
  layout.header({ name: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' }, pan: 'ABCDE1234F' }, { qr: 'https://sahay.example/r/1' });
  layout.heading({ en: 'Donation receipt', hi: 'दान रसीद' });
  layout.labelValues([{ label: { en: 'Donor', hi: 'दाता' }, value: 'श्रीमती कृष्णा देवी' }]);
  return layout.toBuffer();
}

function receiptMessage(pdf: Buffer, idempotencyKey: string): MailMessage {
  const fileName = 'receipt-SAHAY-2026-00001.pdf';
  return {
    to: 'geeta@example.org',
    idempotencyKey,
    ...renderMail('documentAttached', {
      name: 'श्रीमती कृष्णा देवी',
      document: { en: 'Donation receipt SAHAY-2026-00001', hi: 'दान रसीद SAHAY-2026-00001' },
      fileName,
    }),
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  };
}

/** Checks a received message part by part: headers, both bodies, and the attachment byte for byte. */
function expectIntact(raw: Buffer, message: MailMessage) {
  const mail = parseMime(raw);
  expect(mail.type).toBe('multipart/mixed');
  expect(mail.headers.get('message-id')).toBe(`<${message.idempotencyKey}@sahay.local>`);
  expect(mail.headers.get('to')).toBe(message.to);
  expect(decodeHeader(mail.headers.get('subject')!)).toBe(message.subject);

  const leaves = leafParts(mail);
  const byType = (type: string): MimePart => {
    const found = leaves.filter((part) => part.type === type);
    expect(found, type).toHaveLength(1);
    return found[0]!;
  };
  const text = byType('text/plain');
  expect(text.params.charset).toBe('utf-8');
  expect(text.headers.get('content-transfer-encoding')).toBe('quoted-printable');
  expect(text.body.toString('utf8')).toBe(message.text);
  expect(byType('text/html').body.toString('utf8')).toBe(message.html);

  const attachment = byType('application/pdf');
  const disposition = parseHeaderValue(attachment.headers.get('content-disposition')!);
  expect(disposition.value).toBe('attachment');
  expect(disposition.params.filename).toBe(message.attachments![0]!.filename);
  expect(attachment.headers.get('content-transfer-encoding')).toBe('base64');
  expect(attachment.body.equals(message.attachments![0]!.content)).toBe(true);
  expect(attachment.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('SMTP mailer, against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let pdf: Buffer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    pdf = await receiptPdf();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('delivers a bilingual mail with a PDF attachment intact', async () => {
    const mailer = createSmtpMailer(smtp.url, from, log);
    const message = receiptMessage(pdf, 'evt-1_send-receipt');
    await mailer.send(message);
    mailer.close();
    const received = smtp.received.filter((mail) => mail.raw.includes('evt-1_send-receipt@sahay.local'));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['geeta@example.org']);
    expect(received[0]!.from).toBe('no-reply@sahay.local');
    expectIntact(received[0]!.raw, message);
  });

  it('sends a mail without attachments as text and HTML alternatives', async () => {
    const mailer = createSmtpMailer(smtp.url, from, log);
    const message: MailMessage = { to: 'member@example.org', idempotencyKey: 'evt-2_reset', ...renderMail('passwordResetCode', { name: 'Geeta', userId: 'SH1234567', code: '042917', validMinutes: 15, maxTries: 5 }) };
    await mailer.send(message);
    mailer.close();
    const raw = smtp.received.find((mail) => mail.raw.includes('evt-2_reset@sahay.local'))!.raw;
    const mail = parseMime(raw);
    expect(mail.type).toBe('multipart/alternative');
    expect(leafParts(mail).map((part) => part.type)).toEqual(['text/plain', 'text/html']);
    expect(leafParts(mail)[0]!.body.toString('utf8')).toBe(message.text);
  });

  it('sends one mail after another over one connection, each intact (issue 33)', async () => {
    const mailer = createSmtpMailer(smtp.url, from, log);
    const before = smtp.connections();
    const messages = ['evt-4_a', 'evt-4_b', 'evt-4_c'].map((key) => receiptMessage(pdf, key));
    for (const message of messages) await mailer.send(message);
    mailer.close();
    expect(smtp.connections() - before).toBe(1);
    for (const message of messages) {
      const received = smtp.received.filter((mail) => mail.raw.includes(`${message.idempotencyKey}@sahay.local`));
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['geeta@example.org']);
      expect(received[0]!.from).toBe('no-reply@sahay.local');
      expectIntact(received[0]!.raw, message);
    }
  });

  it('refuses a bad message before connecting: nothing reaches the server', async () => {
    const mailer = createSmtpMailer(smtp.url, from, log);
    const before = smtp.received.length;
    await expect(mailer.send({ ...receiptMessage(pdf, 'evt-3'), idempotencyKey: 'evt 3<' })).rejects.toThrow('Mail idempotency key has unsafe characters');
    mailer.close();
    expect(smtp.received.length).toBe(before);
  });
});

describe('outbox mailer', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-outbox-'));
  const outbox = path.join(dataDir, 'outbox');
  const mailer = createOutboxMailer(outbox, from, log);
  afterAll(() => {
    mailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the attachment into the .eml, named by the idempotency key, and nothing else', async () => {
    const message = receiptMessage(await receiptPdf(), 'evt-4_send-receipt');
    await mailer.send(message);
    await mailer.send(message);
    expect(fs.readdirSync(outbox)).toEqual(['evt-4_send-receipt.eml']);
    expectIntact(fs.readFileSync(path.join(outbox, 'evt-4_send-receipt.eml')), message);
  });

  it('keeps the text readable by the existing outbox helper (quoted-printable, Hindi included)', async () => {
    await mailer.send({ to: 'reset@example.org', idempotencyKey: 'evt-5_reset', ...renderMail('passwordResetCode', { name: null, userId: 'SH7654321', code: '123456', validMinutes: 15, maxTries: 5 }) });
    const mail = readOutbox(dataDir).find((entry) => entry.file === 'evt-5_reset.eml')!;
    expect(/Your code is: (\d{6})/.exec(mail.text)?.[1]).toBe('123456');
    expect(mail.text).toContain('आपका कोड है: 123456');
    expect(mail.text).toContain('To: reset@example.org');
  });

  it.each([
    ['an unsafe idempotency key', { idempotencyKey: '../x' }, 'Mail idempotency key has unsafe characters'],
    ['an empty attachment', { attachments: [{ filename: 'a.pdf', content: Buffer.alloc(0), contentType: 'application/pdf' }] }, 'Mail attachment a.pdf is empty'],
    ['an invalid content type', { attachments: [{ filename: 'a.pdf', content: Buffer.from('%PDF-'), contentType: 'pdf\r\nX-Evil: 1' }] }, 'has an invalid content type'],
    ['attachments over the size limit', { attachments: [{ filename: 'a.pdf', content: Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 1), contentType: 'application/pdf' }] }, 'at most 10485760 may be sent'],
  ] satisfies Array<[string, Partial<MailMessage>, string]>)('refuses %s and writes nothing', async (_label, change, error) => {
    const key = 'evt-6_bad';
    await expect(mailer.send({ to: 'x@example.org', subject: 'Subject', text: 'Text', idempotencyKey: key, ...change })).rejects.toThrow(error);
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.startsWith('evt-6') || file.endsWith('.part')) : []).toEqual([]);
  });

  // Issue 29: a line break in the foundation's name (a setting) made every receipt mail fail for good.
  it.each([
    ['a subject with a line break', { subject: 'Receipt from Sahay\nBcc: x@example.org' }],
    ['a subject with bidi and zero-width characters', { subject: 'Receipt\u202E from\u200B Sahay\r\n' }],
    ['a recipient with a line break', { to: 'x@example.org\r\nBcc: y@example.org' }],
    ['attachment names with a slash, a control character, or only dots', { attachments: ['a/b.pdf', 'c\u0000\n.pdf', '..'].map((filename) => ({ filename, content: Buffer.from('%PDF-'), contentType: 'application/pdf' })) }],
  ] as Array<[string, Partial<MailMessage>]>)('sends %s with the header made safe, never failing for it', async (_label, change) => {
    const key = `evt-7_${crypto.randomUUID()}`;
    await mailer.send({ to: 'x@example.org', subject: 'Subject', text: 'Text', idempotencyKey: key, ...change });
    const eml = fs.readFileSync(path.join(outbox, `${key}.eml`), 'utf8');
    const headers = eml.slice(0, eml.indexOf('\n\n'));
    // One Subject and one To, no header added by the text, no hidden character in any header.
    expect(headers).not.toMatch(/^Bcc:/im);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(headers).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u202E\u200B]/);
    if (change.subject) expect(headers).toMatch(/^Subject: Receipt from Sahay(?: Bcc: x@example\.org)?$/m);
    if (change.attachments) {
      expect([...eml.matchAll(/filename="?([^"\n;]+)"?/g)].map((match) => match[1])).toEqual(['a-b.pdf', 'c .pdf', 'attachment']);
    }
  });
});
