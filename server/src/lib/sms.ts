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
 * `SMS_PROVIDER=http` posts each to an SMS gateway's HTTP endpoint (a DLT-registered sender in
 * India, or the foundation's relay to one: see createHttpSms); `SMS_PROVIDER=none` sends none.
 */
export interface SmsSender {
  readonly kind: 'outbox' | 'http' | 'none';
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

export interface HttpSmsOptions {
  url: string;
  /** Sent as `Authorization: Bearer …` when given. */
  token?: string;
  /** The DLT-registered sender ID (header) the gateway sends as, when it needs one. */
  senderId?: string;
  timeoutMs?: number;
}

/** How long a gateway may take to answer before the send counts as failed (the job then retries). */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * An SMS gateway reached over HTTP: each message is one POST of JSON
 * `{ to: "+91XXXXXXXXXX", text, sender?, idempotencyKey }` with the same key in an
 * `Idempotency-Key` header, so a gateway (or the relay in front of one) can drop a second delivery
 * of a retried job. A 2xx answer is sent; anything else, a timeout or a network error throws, and
 * the job that sent it retries and, in the end, lists it among the failed jobs. The log names
 * neither the number nor the text.
 */
export function createHttpSms(options: HttpSmsOptions, log: Logger): SmsSender {
  return {
    kind: 'http',
    async send(message) {
      checkSmsMessage(message);
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Idempotency-Key': message.idempotencyKey,
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: `+91${message.to}`, text: message.text, ...(options.senderId ? { sender: options.senderId } : {}), idempotencyKey: message.idempotencyKey }),
        signal: AbortSignal.timeout(options.timeoutMs ?? GATEWAY_TIMEOUT_MS),
      });
      // The answer's body is not needed; reading it frees the connection.
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`The SMS gateway answered ${response.status} ${response.statusText}`.trim());
      log.info({ sms: { gateway: new URL(options.url).host, status: response.status, key: message.idempotencyKey } }, 'sms sent to the gateway');
    },
  };
}

export function createSms(config: Config, log: Logger): SmsSender {
  switch (config.SMS_PROVIDER) {
    case 'none':
      return noSms;
    case 'http':
      // loadConfig refuses `http` without a URL.
      return createHttpSms({ url: config.SMS_HTTP_URL!, token: config.SMS_HTTP_TOKEN, senderId: config.SMS_SENDER_ID }, log);
    case 'outbox':
      return createOutboxSms(path.join(config.dataDir, 'sms-outbox'), log);
  }
}
