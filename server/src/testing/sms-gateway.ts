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

/** One request as the gateway saw it. */
export interface GatewayRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface TestSmsGateway {
  /** Its address, as `SMS_HTTP_URL` names it. */
  url: string;
  /** The sender that posts to it, as `SMS_PROVIDER=http` does (decision 037). */
  sender: SmsSender;
  /** The messages it accepted, in order. */
  received: GatewaySms[];
  /** Every request, accepted or not, in order. */
  requests: GatewayRequest[];
  /** How it answers from now on (202 at once unless told otherwise). */
  answer: { status: number; delayMs?: number };
  close(): Promise<void>;
}

/**
 * An SMS gateway on 127.0.0.1 (a real HTTP server, as the foundation's provider or relay would be)
 * that keeps what it receives and answers as the test tells it to.
 */
export async function startTestSmsGateway(): Promise<TestSmsGateway> {
  const gateway: Omit<TestSmsGateway, 'url' | 'sender' | 'close'> = { received: [], requests: [], answer: { status: 202 } };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      gateway.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const { status, delayMs = 0 } = gateway.answer;
      if (status < 300 && typeof body === 'object' && body !== null && 'to' in body && 'text' in body && 'idempotencyKey' in body) {
        gateway.received.push({ to: String(body.to), text: String(body.text), idempotencyKey: String(body.idempotencyKey) });
      }
      setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"id":"gw-1"}'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/sms`;
  return Object.assign(gateway, {
    url,
    sender: createHttpSms({ url }, pino({ level: 'silent' })),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
