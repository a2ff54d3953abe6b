import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message exactly as the client sent it (after the SMTP dot-unstuffing). */
  raw: Buffer;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for createSmtpMailer or SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many connections clients have opened so far. */
  connections(): number;
  close(): Promise<void>;
}

/** A test SMTP server's settings: plain SMTP, no TLS, no authentication (it listens on 127.0.0.1 only). */
export const PLAIN_LOCAL_SMTP: SMTPServerOptions = { authOptional: true, hideSTARTTLS: true, disabledCommands: ['AUTH'], logger: false };

/**
 * A real SMTP server (npm smtp-server) on a free local port, keeping every message it receives in
 * memory. No TLS and no authentication: it speaks plain SMTP on 127.0.0.1 only.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    ...PLAIN_LOCAL_SMTP,
    // A mailer keeps its connections open (a pool, lib/mailer.ts); one a test left open would hold
    // close() for smtp-server's default 30 s before it is ended. A test server ends them at once.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The test SMTP server is not listening on a TCP port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
