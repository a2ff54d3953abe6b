import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from 'pino';
import { toSingleLine } from './text.schema.ts';

export interface MailAttachment {
  /** The name the reader sees, e.g. "receipt-SAHAY-2026-00001.pdf". */
  filename: string;
  content: Buffer;
  /** e.g. "application/pdf" */
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: readonly MailAttachment[];
  /** Makes sending idempotent: the same key writes the same file, and is the Message-ID over SMTP. */
  idempotencyKey: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const SAFE_KEY = /^[A-Za-z0-9_.-]{1,200}$/;
// What a reader's mail program shows as the attachment's name: no folders, no control characters.
const SAFE_FILENAME = /^[^\\/\p{Cc}\p{Cf}]{1,200}$/u;
const CONTENT_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]*$/i;
/** Well under the 20–25 MB most providers accept, after base64 adds a third. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * The header fields made safe, whatever text from settings or input they were built from (issue 29:
 * a line break in the foundation's name made every receipt mail fail for good): the recipient and
 * subject on one line without hidden characters, attachment names without folders or hidden
 * characters. The body is left as it is.
 */
export function sanitizeMailHeaders(message: MailMessage): MailMessage {
  return {
    ...message,
    to: toSingleLine(message.to),
    subject: toSingleLine(message.subject),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((attachment) => ({
            ...attachment,
            filename: toSingleLine(attachment.filename.replace(/[\\/]/g, '-')).replace(/^\.+$/, '').slice(0, 200) || 'attachment',
          })),
        }
      : {}),
  };
}

/** Refuses a message that could not be sent as meant, before anything is written or sent. */
export function checkMailMessage(message: MailMessage): void {
  if (!SAFE_KEY.test(message.idempotencyKey)) throw new Error('Mail idempotency key has unsafe characters');
  if (/[\r\n]/.test(message.to) || /[\r\n]/.test(message.subject)) throw new Error('Mail recipient and subject must be single lines');
  let total = 0;
  for (const attachment of message.attachments ?? []) {
    if (!SAFE_FILENAME.test(attachment.filename) || attachment.filename.trim() !== attachment.filename || /^\.+$/.test(attachment.filename)) {
      throw new Error(`Mail attachment name ${JSON.stringify(attachment.filename)} is not allowed: use 1–200 characters, no slashes or control characters`);
    }
    if (!CONTENT_TYPE.test(attachment.contentType)) throw new Error(`Mail attachment ${attachment.filename} has an invalid content type ${JSON.stringify(attachment.contentType)}`);
    if (!Buffer.isBuffer(attachment.content) || attachment.content.length === 0) throw new Error(`Mail attachment ${attachment.filename} is empty`);
    total += attachment.content.length;
  }
  if (total > MAX_ATTACHMENT_BYTES) throw new Error(`Mail attachments are ${total} bytes; at most ${MAX_ATTACHMENT_BYTES} may be sent`);
}

/** The same message for both transports. */
function toNodemailer(from: string, message: MailMessage): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    attachments: (message.attachments ?? []).map((attachment) => ({
      filename: attachment.filename,
      content: attachment.content,
      contentType: attachment.contentType,
      contentDisposition: 'attachment' as const,
    })),
    messageId: `<${message.idempotencyKey}@sahay.local>`,
    // Quoted-printable whatever the mix of scripts, so the text stays readable in the raw message
    // (nodemailer would otherwise switch to base64 when Devanagari outweighs Latin letters).
    textEncoding: 'quoted-printable',
    // Contents are always given as buffers; nodemailer must never read a path or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Embedded default: each message is written to the outbox folder as an .eml file and logged. */
export function createOutboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(unsafe) {
      const message = sanitizeMailHeaders(unsafe);
      checkMailMessage(message);
      const info = await transport.sendMail(toNodemailer(from, message));
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${message.idempotencyKey}.eml`);
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      const partial = `${file}.${crypto.randomUUID()}.part`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      log.info({ mail: { subject: message.subject, file, attachments: message.attachments?.length ?? 0 } }, 'mail written to outbox');
    },
    close() {
      transport.close();
    },
  };
}

/**
 * Connections to the SMTP server kept open and reused: a receipt mail otherwise pays for a TCP
 * connection, the greeting, EHLO and QUIT of its own (issue 33: 50 receipts a second). As many as
 * the worker runs jobs side by side by default; `?pool=false&maxConnections=…` in SMTP_URL overrides.
 */
const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

export function createSmtpMailer(url: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({ ...SMTP_POOL, url });
  // The message is built whole first and handed over as one buffer: streamed as nodemailer builds it,
  // an attachment reaches the socket as hundreds of base64 lines, a write each (decision 084).
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'smtp',
    async send(unsafe) {
      const message = sanitizeMailHeaders(unsafe);
      checkMailMessage(message);
      const built = await composer.sendMail(toNodemailer(from, message));
      await transport.sendMail({ envelope: built.envelope, raw: built.message as Buffer, disableFileAccess: true, disableUrlAccess: true });
      log.info({ mail: { subject: message.subject, attachments: message.attachments?.length ?? 0 } }, 'mail sent');
    },
    close() {
      transport.close();
      composer.close();
    },
  };
}
