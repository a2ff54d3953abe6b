import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '#server/config';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mailer.ts';

export function createMailer(config: Config, log: Logger): Mailer {
  return config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM, log)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.MAIL_FROM, log);
}
