import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '#server/config';

/** A text message to an Indian mobile number (its 10 digits), sent at most once per idempotency key. */
export interface SmsMessage {
  to: string;
  text: string;
  /** The job's ID: a second delivery of the job writes the same file (or is refused by a provider). */
  idempotencyKey: string;
}

/**
 * Where text messages go (issue 16: reset codes and user-ID reminders reach people who mostly use a
 * phone). The embedded default writes each to an outbox folder, as the mailer does without SMTP;
 * `SMS_PROVIDER=none` sends none. A provider with an HTTP API (a DLT-registered sender in India)
 * implements this interface; none is built here, since this machine reaches no such service.
 */
export interface SmsSender {
  readonly kind: 'outbox' | 'none';
  send(message: SmsMessage): Promise<void>;
}

const MOBILE = /^[6-9]\d{9}$/;
/** One message: 4 SMS parts of Unicode (Hindi) text at most. */
const MAX_LENGTH = 4 * 67;

export function checkSmsMessage(message: SmsMessage): void {
  if (!MOBILE.test(message.to)) throw new Error('An SMS goes to a 10-digit Indian mobile number');
  if (message.text.length === 0 || message.text.length > MAX_LENGTH) throw new Error(`An SMS has 1 to ${MAX_LENGTH} characters`);
  if (!/^[\w-]{1,200}$/.test(message.idempotencyKey)) throw new Error('An SMS needs an idempotency key of letters, digits, - and _');
}

export function createOutboxSms(outboxDir: string, log: Logger): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      checkSmsMessage(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${message.idempotencyKey}.txt`);
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      const partial = `${file}.${crypto.randomUUID()}.part`;
      await fs.writeFile(partial, `To: +91${message.to}\n\n${message.text}\n`);
      await fs.rename(partial, file);
      log.info({ sms: { file } }, 'sms written to outbox');
    },
  };
}

export const noSms: SmsSender = {
  kind: 'none',
  async send(message) {
    checkSmsMessage(message);
  },
};

export function createSms(config: Config, log: Logger): SmsSender {
  return config.SMS_PROVIDER === 'none' ? noSms : createOutboxSms(path.join(config.dataDir, 'sms-outbox'), log);
}
