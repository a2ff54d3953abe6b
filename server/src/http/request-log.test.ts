import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLogSerializers, serializeRequest, withoutQueryValues } from './request-log.ts';

describe('request log lines', () => {
  it('keep the path and the query parameters’ names, never their values', () => {
    expect(withoutQueryValues('/api/kanyadan/applications/KNYDN1234567/status?phone=9876543210')).toBe('/api/kanyadan/applications/KNYDN1234567/status?phone=…');
    expect(withoutQueryValues('/trpc/kanyadan.getStatus?input=%7B%22regNo%22%3A%22KNYDN1234567%22%2C%22phone%22%3A%229876543210%22%7D')).toBe('/trpc/kanyadan.getStatus?input=…');
    expect(withoutQueryValues('/api/donations/ABCD2345/status?contact=a%40b.org&contact=x')).toBe('/api/donations/ABCD2345/status?contact=…');
    expect(withoutQueryValues('/healthz')).toBe('/healthz');
  });

  it('drop the parsed query from the serialised request', () => {
    const line = JSON.stringify(serializeRequest({ id: '1', method: 'GET', url: '/x?phone=9876543210', query: { phone: '9876543210' } }));
    expect(line).not.toContain('9876543210');
    expect(line).toContain('/x?phone=…');
  });
});

/** Issue 36: one short line per request at info (no headers either way); everything at debug. */
describe('request log lines by level', () => {
  async function logLines(level: 'info' | 'debug'): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) });
    const log = pino({ level }, sink);
    const app = express();
    app.use(pinoHttp({ logger: log, serializers: requestLogSerializers(log) }));
    app.get('/donate', (_req, res) => res.send('ok'));
    await request(app).get('/donate?amount=500').set('User-Agent', 'Mozilla/5.0 (Linux; Android 14)').set('Cookie', 'sahay_session=abc');
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('at info: the method, the path without query values, the status, and no header', async () => {
    const [line] = await logLines('info');
    expect(line!.req).toEqual({ id: expect.anything(), method: 'GET', url: '/donate?amount=…' });
    expect(line!.res).toEqual({ statusCode: 200 });
    expect(JSON.stringify(line)).not.toMatch(/Android|sahay_session|user-agent|content-type/i);
  });

  it('at debug: the headers too (the cookie redacted by the app\'s logger)', async () => {
    const [line] = await logLines('debug');
    expect(JSON.stringify((line!.req as { headers: unknown }).headers)).toContain('Android 14');
    expect(line!.res).toHaveProperty('headers');
  });
});
