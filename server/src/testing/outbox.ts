import fs from 'node:fs';
import path from 'node:path';

/**
 * The e-mails the embedded mailer wrote to `<dataDir>/outbox`, with their quoted-printable bodies
 * decoded to UTF-8 text, in the order they were written.
 */
export function readOutbox(dataDir: string): { file: string; text: string }[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .map((file) => ({ file, mtime: fs.statSync(path.join(outbox, file)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime)
    .map(({ file }) => ({
      file,
      text: Buffer.from(
        fs
          .readFileSync(path.join(outbox, file), 'latin1')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    }));
}

/** The text messages the embedded SMS sender wrote to `<dataDir>/sms-outbox`, oldest first. */
export function readSmsOutbox(dataDir: string): { file: string; text: string }[] {
  const outbox = path.join(dataDir, 'sms-outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.endsWith('.txt'))
    .map((file) => ({ file, mtime: fs.statSync(path.join(outbox, file)).mtimeMs, text: fs.readFileSync(path.join(outbox, file), 'utf8') }))
    .sort((a, b) => a.mtime - b.mtime)
    .map(({ file, text }) => ({ file, text }));
}
