import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { readOutbox } from '#server/testing/outbox';
import { startTestSmsGateway, type GatewayRequest, type TestSmsGateway } from '#server/testing/sms-gateway';
import { createTestApp } from '#server/testing/test-services';
import { createHttpSms, createSms } from './sms.ts';

/**
 * An SMS gateway on this machine (a real HTTP server, as the foundation's provider or relay would
 * be): it records each request and answers as the test tells it to (server/src/testing/sms-gateway.ts).
 */
describe('text messages through an SMS gateway over HTTP', () => {
  let gateway: TestSmsGateway;
  let url: string;
  let received: GatewayRequest[];
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    gateway = await startTestSmsGateway();
    url = gateway.url;
    received = gateway.requests;
  });
  beforeEach(() => {
    received.length = 0;
    gateway.answer = { status: 202 };
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const message = { to: '9876543210', text: 'Sahay: your password reset code is 123456. सहाय: पासवर्ड बदलने का आपका कोड 123456 है।', idempotencyKey: 'send-reset_abc-123' };

  it('posts the number with +91, the text in UTF-8, the sender ID and the idempotency key, with the token', async () => {
    await createHttpSms({ url, token: 'gateway-token', senderId: 'SAHAYF' }, log).send(message);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/sms',
        headers: expect.objectContaining({ authorization: 'Bearer gateway-token', 'idempotency-key': 'send-reset_abc-123', 'content-type': 'application/json; charset=utf-8' }),
        body: { to: '+919876543210', text: message.text, sender: 'SAHAYF', idempotencyKey: 'send-reset_abc-123' },
      },
    ]);
  });

  it('is the sender the configuration names, without a token or sender ID when none is set', async () => {
    const sms = createSms(loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: url }), log);
    expect(sms.kind).toBe('http');
    await sms.send(message);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(received[0]!.body).toEqual({ to: '+919876543210', text: message.text, idempotencyKey: message.idempotencyKey });
  });

  it('throws on a refusal, a failure or a gateway that does not answer in time, so the job retries', async () => {
    const sms = createHttpSms({ url, timeoutMs: 300 }, log);
    for (const status of [400, 401, 429, 500, 503]) {
      gateway.answer = { status };
      await expect(sms.send(message), String(status)).rejects.toThrow(`The SMS gateway answered ${status}`);
    }
    gateway.answer = { status: 202, delayMs: 2_000 };
    const started = Date.now();
    await expect(sms.send(message)).rejects.toThrow(/timeout|aborted/i);
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(createHttpSms({ url: 'http://127.0.0.1:1/nothing-listens' }, log).send(message)).rejects.toThrow();
  });

  it('sends nothing for a message that is not one: a number that is not an Indian mobile, an empty or overlong text, a bad key', async () => {
    const sms = createHttpSms({ url }, log);
    for (const bad of [{ to: '12345' }, { to: '+919876543210' }, { text: '' }, { text: 'x'.repeat(269) }, { idempotencyKey: 'has space' }]) {
      await expect(sms.send({ ...message, ...bad }), JSON.stringify(bad)).rejects.toThrow();
    }
    expect(received).toEqual([]);
  });

  it('carries a member’s password reset code through the job, once however often the job runs', async () => {
    const app = await createTestApp('pglite', { sms: createHttpSms({ url, token: 'gateway-token' }, log) });
    try {
      const member = await app.account({ phone: '7012388888' });
      const asked = await (await app.caller({ ip: '203.0.113.77' })).identity.requestPasswordReset({ userId: member.userId, phone: '7012388888' });
      expect(asked.message).toContain('and the mobile number');
      await app.runJobs();
      await app.runJobs();
      const mail = readOutbox(app.dataDir).find((entry) => entry.text.includes(`To: ${member.email}`) && entry.text.includes('Your code is:'));
      const code = /Your code is: (\d{6})/.exec(mail!.text)![1]!;
      expect(received.map((request) => request.body)).toEqual([{ to: '+917012388888', text: expect.stringContaining(`your password reset code is ${code}.`), idempotencyKey: expect.any(String) }]);
    } finally {
      await app.close();
    }
  });
});
