import pino, { type Logger } from 'pino';
import type { Config } from '#server/config';

/** JSON logs. Personal data never goes in: redact what could carry it by accident. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string): Logger {
  return pino({
    name,
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.currentPassword'],
      censor: '[redacted]',
    },
  });
}
