import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { catchUpAsyncProjections } from '#server/event-store/async-projections';
import { runRelayBatch } from '#server/event-store/relay';
import { assertRedisReachable, deleteRedisKeys, eventually, redisTestPrefix } from '#server/event-store/test-fixtures';
import { createBullmqQueue } from '#server/queue/bullmq-queue';
import { createTestApp, type TestApp, uniqueEmail } from '#server/testing/test-services';
import { drainBatches, HELD_BACK_PATIENCE_MS } from '#server/testing/held-back';
import { itWhere, needsRedis } from '#server/testing/requires';
import { testDbKinds } from '#server/testing/test-db';
import { isTracing, tracesUrl } from './tracing.ts';

/** One span as the OTLP/HTTP JSON export carries it. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: unknown }[];
  status?: { code?: number };
}

interface Receiver {
  url: string;
  spans: ExportedSpan[];
  /** Every export's body, as received: resource attributes included. */
  bodies: string[];
  paths: string[];
  close(): Promise<void>;
}

/** A small OTLP/HTTP receiver: a plain HTTP server decoding each JSON export to /v1/traces. */
async function startReceiver(): Promise<Receiver> {
  const spans: ExportedSpan[] = [];
  const bodies: string[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      paths.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      const parsed = JSON.parse(body) as { resourceSpans?: { scopeSpans?: { spans?: ExportedSpan[] }[] }[] };
      for (const resource of parsed.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, bodies, paths, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const attribute = (span: ExportedSpan, key: string): unknown => {
  const value = span.attributes?.find((entry) => entry.key === key)?.value as Record<string, unknown> | undefined;
  return value && Object.values(value)[0];
};

/** What a visitor types into the contact form: none of it may reach a span. */
function visitor() {
  return { name: 'Tracy Spanwright', email: uniqueEmail('tracy'), phone: '+91 98111 22334', message: 'Where do I send old school books for the children?' };
}

/** The contact form over HTTP, as the site's page sends it. */
async function sendContactForm(app: TestApp, form: ReturnType<typeof visitor>) {
  const response = await request(app.http()).post('/trpc/site.contact.create').set('x-sahay-csrf', '1').send(form);
  expect(response.status).toBe(200);
}

/**
 * The request span, the command and append spans, the job's and the mail's: one trace, each the
 * child of the one before (the job's parent is the append, carried in the job's data).
 */
function expectOneTrace(spans: readonly ExportedSpan[], queue: string) {
  const requestSpan = spans.find((span) => span.name === 'POST /trpc/site.contact.create');
  expect(requestSpan, spans.map((span) => span.name).join(', ')).toBeDefined();
  const trace = spans.filter((span) => span.traceId === requestSpan!.traceId);
  const byName = (name: string) => trace.find((span) => span.name === name);
  const command = byName('command');
  const append = byName('event-store.append');
  const job = byName('job notify-contact-message');
  const mail = byName('mail.send');
  expect({ command, append, job, mail }).toEqual({ command: expect.anything(), append: expect.anything(), job: expect.anything(), mail: expect.anything() });
  expect(requestSpan!.parentSpanId || undefined).toBeUndefined();
  expect(command!.parentSpanId).toBe(requestSpan!.spanId);
  expect(append!.parentSpanId).toBe(command!.spanId);
  expect(job!.parentSpanId).toBe(append!.spanId);
  expect(mail!.parentSpanId).toBe(job!.spanId);
  expect(attribute(requestSpan!, 'http.route')).toBe('/trpc/site.contact.create');
  expect(attribute(requestSpan!, 'http.response.status_code')).toBe(200);
  expect(attribute(append!, 'sahay.event.types')).toEqual({ values: [{ stringValue: 'ContactMessageReceived' }] });
  expect(attribute(job!, 'sahay.job.queue')).toBe(queue);
  expect(attribute(mail!, 'sahay.mail.transport')).toBe('outbox');
}

/** No span name or attribute, nor the resource, holds what the visitor typed (the phone in any spacing). */
function expectNoPersonalData(receiver: Receiver, form: ReturnType<typeof visitor>) {
  const exported = receiver.bodies.join('\n');
  const digits = exported.replace(/[\s+-]/g, '');
  for (const value of [form.email, form.name, 'Tracy', 'Spanwright', form.message.slice(0, 20)]) expect(exported).not.toContain(value);
  expect(digits).not.toContain('9811122334');
  expect(exported).not.toContain('tracy.');
}

describe('traces (OpenTelemetry, OTLP/HTTP)', () => {
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  afterEach(() => {
    receiver.spans.length = 0;
    receiver.bodies.length = 0;
  });

  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing is sent', async () => {
    const app = await createTestApp(testDbKinds()[0]!);
    try {
      expect(isTracing()).toBe(false);
      const form = visitor();
      await sendContactForm(app, form);
      await app.runJobs();
    } finally {
      await app.close();
    }
    expect(receiver.bodies).toEqual([]);
  });

  it('refuses an endpoint that is not an http(s) URL, and a service name with spaces, naming the variable', () => {
    for (const endpoint of ['collector:4318', 'ftp://collector:4318', 'not a url']) {
      expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    }
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SERVICE_NAME: 'sahay server' })).toThrow(/OTEL_SERVICE_NAME/);
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(isTracing()).toBe(false);
  });

  it('one trace from the request through the command, the append, the in-process job and the mail, without personal data', async () => {
    const app = await createTestApp(testDbKinds()[0]!, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.url}/` } });
    const form = visitor();
    try {
      expect(isTracing()).toBe(true);
      await sendContactForm(app, form);
      await app.runJobs();
    } finally {
      // Closing flushes the last spans and stops tracing.
      await app.close();
    }
    expect(isTracing()).toBe(false);
    expect(receiver.paths.every((line) => line.startsWith(`POST ${new URL(tracesUrl(receiver.url)).pathname} application/json`))).toBe(true);
    expectOneTrace(receiver.spans, 'in-process');
    expectNoPersonalData(receiver, form);
  });

  itWhere([needsRedis], 'the same trace when the job runs on BullMQ: its parent travels in the job\'s data', async () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    await assertRedisReachable(redisUrl);
    const prefix = redisTestPrefix();
    const app = await createTestApp(testDbKinds().at(-1)!, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    const form = visitor();
    try {
      await app.services.queue.close();
      const bullmq = createBullmqQueue({ url: redisUrl, prefix, runsJobs: true, handlers: app.services.jobHandlers, context: app.services, log: app.services.log });
      app.services.queue = bullmq;
      await sendContactForm(app, form);
      // On a PostgreSQL shared with other tests' databases an open transaction elsewhere holds the
      // new event back for a while (held-back.ts): drain as runJobs does, with the same patience,
      // where one batch would find nothing to relay yet.
      expect(await catchUpAsyncProjections(app.services, 'test', HELD_BACK_PATIENCE_MS)).toBe(true);
      await drainBatches(app.services.db, 'relay', () => runRelayBatch(app.services, { owner: 'test' }));
      const [waiting] = await bullmq.queue.getJobs(['waiting', 'active', 'completed'], 0, 10);
      expect(waiting?.data).toMatchObject({ handler: 'notify-contact-message', traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/) });
      await eventually(async () => (await bullmq.queue.getJobCounts('completed')).completed === 1, 60_000, 'the BullMQ job to complete');
    } finally {
      await app.close();
      await deleteRedisKeys(redisUrl, prefix);
    }
    expectOneTrace(receiver.spans, 'sahay-jobs');
    expectNoPersonalData(receiver, form);
  }, 300_000);
});
