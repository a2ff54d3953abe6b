import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createHttpSms, type SmsSender } from '#server/lib/sms';

export interface GatewaySms {
  /** +91 and the 10 digits, as the gateway receives it. */
  to: string;
  text: string;
  idempotencyKey: string;
}

export interface TestSmsGateway {
  /** The sender that posts to it, as `SMS_PROVIDER=http` does (decision 037). */
  sender: SmsSender;
  received: GatewaySms[];
  close(): Promise<void>;
}

/**
 * An SMS gateway on 127.0.0.1 (a real HTTP server, as the foundation's provider or relay would be)
 * that accepts every message and keeps what it received, in order.
 */
export async function startTestSmsGateway(): Promise<TestSmsGateway> {
  const received: GatewaySms[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof body === 'object' && body !== null && 'to' in body && 'text' in body && 'idempotencyKey' in body) {
        received.push({ to: String(body.to), text: String(body.text), idempotencyKey: String(body.idempotencyKey) });
      }
      res.writeHead(202, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`;
  return {
    sender: createHttpSms({ url }, pino({ level: 'silent' })),
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
