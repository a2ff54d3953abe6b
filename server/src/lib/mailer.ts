import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Makes sending idempotent: the same key writes the same file, and is the Message-ID over SMTP. */
  idempotencyKey: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const SAFE_KEY = /^[A-Za-z0-9_.-]{1,200}$/;

/** Embedded default: each message is written to the outbox folder as an .eml file and logged. */
export function createOutboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      if (!SAFE_KEY.test(message.idempotencyKey)) throw new Error('Mail idempotency key has unsafe characters');
      const info = await transport.sendMail({ from, ...message, messageId: `<${message.idempotencyKey}@sahay.local>` });
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${message.idempotencyKey}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ mail: { subject: message.subject, file } }, 'mail written to outbox');
    },
    close() {
      transport.close();
    },
  };
}

export function createSmtpMailer(url: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message, messageId: `<${message.idempotencyKey}@sahay.local>` });
      log.info({ mail: { subject: message.subject } }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
