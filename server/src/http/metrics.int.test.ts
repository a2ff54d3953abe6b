import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { ConfigError, loadConfig } from '#server/config';
import { StartupFailure } from '#server/startup-failure';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { isMetricsToken } from '#server/lib/metrics';
import { startMetricsServer } from './metrics-endpoint.ts';

let counter = 0;
/** A donor's e-mail and mobile no other test uses. */
function uniqueDonor(): { email: string; phone: string } {
  counter += 1;
  return { email: `metrics.${process.pid}.${counter}@example.org`, phone: `8${String((process.pid * 1000 + counter) % 1_000_000_000).padStart(9, '0')}` };
}
/** A 12-digit UTR no other test uses. */
function uniqueUtr(): string {
  counter += 1;
  return String(200_000_000_000 + ((process.pid * 7919 + counter * 104_729) % 799_999_999_999));
}

const TOKEN = 'a'.repeat(16) + '0123456789abcdef0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|\+Inf|-Inf))$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the Prometheus text format strictly: every line a comment (# HELP, # TYPE) or a sample; anything else fails the test. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe.each(testDbKinds())('/metrics on %s', (kind) => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  let financeToken: string;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-07-01T06:00:00.000Z'), env: { METRICS_TOKEN: TOKEN } });
    http = app.http();
    financeToken = (await app.account({ role: 'admin', permissions: ['finance'] })).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function scrape(): Promise<Sample[]> {
    const res = await request(http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return parseMetrics(res.text);
  }

  it('after a donation is pledged, paid and verified, the scrape counts its events, requests, serial, jobs and mail', async () => {
    const before = await scrape();
    const donor = uniqueDonor();
    const pledged = await request(http).post('/api/donations').send({ amount: '1250.50', cause: 'education', donorName: 'Sunita Devi', email: donor.email, phone: donor.phone });
    expect(pledged.status).toBe(201);
    const reference = pledged.body.reference as string;
    expect((await request(http).post(`/api/donations/${reference}/proof`).send({ contact: donor.email, utr: uniqueUtr() })).status).toBe(200);
    const verified = await request(http).post(`/api/admin/donations/${reference}/verify`).set('Authorization', `Bearer ${financeToken}`).send({ receivedOn: '2031-07-01', mode: 'bank-transfer' });
    expect(verified.status).toBe(200);
    expect((await request(http).get(`/api/donations/${reference}/status`).query({ contact: donor.email })).status).toBe(200);
    await app.runJobs();
    const after = await scrape();

    // Pledge, proof and verification: donations' events, at least one each.
    expect(total(after, 'sahay_events_appended_total', { module: 'donations' }) - total(before, 'sahay_events_appended_total', { module: 'donations' })).toBeGreaterThanOrEqual(3);
    expect(total(after, 'sahay_receipt_serial_allocation_seconds_count') - total(before, 'sahay_receipt_serial_allocation_seconds_count')).toBe(1);
    const verifyRoute = { route: '/api/admin/donations/{reference}/verify', method: 'POST', status: '200' };
    expect(total(after, 'sahay_http_request_duration_seconds_count', verifyRoute) - total(before, 'sahay_http_request_duration_seconds_count', verifyRoute)).toBe(1);
    const statusRoute = { route: '/api/donations/{reference}/status', method: 'GET', status: '200' };
    expect(total(after, 'sahay_http_request_duration_seconds_count', statusRoute)).toBeGreaterThanOrEqual(1);
    // The receipt's mail (and the pledge's, if any) went to the outbox.
    expect(total(after, 'sahay_mails_total', { outcome: 'sent' })).toBeGreaterThan(total(before, 'sahay_mails_total', { outcome: 'sent' }));
    // Deltas throughout: the counters are the process's, and test files share a process (decision 045).
    expect(total(after, 'sahay_mails_total', { outcome: 'failed' }) - total(before, 'sahay_mails_total', { outcome: 'failed' })).toBe(0);
    expect(total(after, 'sahay_jobs_total', { queue: 'in-process', outcome: 'completed' })).toBeGreaterThan(total(before, 'sahay_jobs_total', { queue: 'in-process', outcome: 'completed' }));
    expect(total(after, 'sahay_jobs_failed_total') - total(before, 'sahay_jobs_failed_total')).toBe(0);
    // The relay and every async projection report their lag.
    const lagEvents = after.filter((sample) => sample.name === 'sahay_projection_lag_events');
    expect(lagEvents.map((sample) => sample.labels.processor)).toContain('relay');
    expect(lagEvents.some((sample) => sample.labels.processor?.startsWith('projection:'))).toBe(true);
    expect(after.some((sample) => sample.name === 'sahay_jobs_queue_depth' && sample.labels.state === 'waiting')).toBe(true);
    // prom-client's process figures.
    expect(total(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    // The pool on PostgreSQL; the embedded database has none (one connection in this process).
    expect(after.some((sample) => sample.name === 'sahay_db_pool_connections')).toBe(kind === 'postgres');

    // No label anywhere holds the reference, the donor's contacts or a raw path.
    const labelValues = after.flatMap((sample) => Object.values(sample.labels));
    for (const secret of [reference, donor.email, donor.phone, reference.replace('-', '')]) {
      expect(labelValues.filter((value) => value.includes(secret))).toEqual([]);
    }
  });

  it('the lag counts the events appended since the relay last read, and goes back to 0 when it has read them', async () => {
    await app.runJobs();
    const before = await scrape();
    const donor = uniqueDonor();
    expect((await request(http).post('/api/donations').send({ amount: 500, cause: 'general', donorName: 'Asha Rani', email: donor.email })).status).toBe(201);
    const pending = await scrape();
    const appended = total(pending, 'sahay_events_appended_total') - total(before, 'sahay_events_appended_total');
    expect(appended).toBeGreaterThanOrEqual(1);
    expect(total(pending, 'sahay_projection_lag_events', { processor: 'relay' }) - total(before, 'sahay_projection_lag_events', { processor: 'relay' })).toBe(appended);
    expect(total(pending, 'sahay_projection_lag_seconds', { processor: 'relay' })).toBeGreaterThanOrEqual(0);
    // Jobs may append events of their own (a mail recorded): the relay reads those at its next batch.
    await app.runJobs();
    await app.runJobs();
    const caughtUp = await scrape();
    expect([total(caughtUp, 'sahay_projection_lag_events', { processor: 'relay' }), total(caughtUp, 'sahay_projection_lag_seconds', { processor: 'relay' })]).toEqual([0, 0]);
  });

  it('a path with a reference is reported by its pattern; an unknown path by one fixed label, whatever it was', async () => {
    const before = await scrape();
    for (const reference of ['ABCD-2345', 'EFGH-6789', 'JKLM-2345']) {
      await request(http).get(`/api/donations/${reference}/status`).query({ contact: uniqueDonor().email });
      await request(http).get(`/api/no-such-thing/${reference}`);
      await request(http).get(`/trpc/no.such.procedure${reference}`);
    }
    const after = await scrape();
    const routesOf = (samples: typeof after) => new Set(samples.filter((sample) => sample.name === 'sahay_http_request_duration_seconds_count').map((sample) => sample.labels.route));
    const routes = routesOf(after);
    expect([...routes].filter((route) => /ABCD|EFGH|JKLM|no-such|no\.such/.test(route ?? ''))).toEqual([]);
    // Not found, or refused as no reference (400): under the pattern either way.
    const statusRoute = { route: '/api/donations/{reference}/status' };
    expect(total(after, 'sahay_http_request_duration_seconds_count', statusRoute) - total(before, 'sahay_http_request_duration_seconds_count', statusRoute)).toBe(3);
    const unmatched = { route: '(unmatched)' };
    expect(total(after, 'sahay_http_request_duration_seconds_count', unmatched) - total(before, 'sahay_http_request_duration_seconds_count', unmatched)).toBe(6);
    // Nine requests to three paths each, with three references: at most the two labels above are new.
    // (The registry is the process's: with the suite's shared workers it also holds other files' routes.)
    const earlier = routesOf(before);
    expect([...routes].filter((route) => !earlier.has(route)).every((route) => route === statusRoute.route || route === unmatched.route)).toBe(true);
  });

  it('the main port asks for the token: 401 without it or with a wrong one, never the figures', async () => {
    const none = await request(http).get('/metrics');
    expect([none.status, none.headers['www-authenticate']]).toEqual([401, 'Bearer realm="metrics"']);
    expect(none.text).not.toContain('sahay_');
    for (const header of [`Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, `Bearer`, TOKEN, `Bearer ${TOKEN} ${TOKEN}`]) {
      const res = await request(http).get('/metrics').set('Authorization', header);
      expect([header, res.status]).toEqual([header, 401]);
      expect(res.text).not.toContain('sahay_');
    }
    // A staff session is no metrics token either.
    expect((await request(http).get('/metrics').set('Authorization', `Bearer ${financeToken}`)).status).toBe(401);
  });

  it('without METRICS_TOKEN, the main port has no /metrics at all (404), token or not', async () => {
    const untokened = createApp({ ...app.services, config: { ...app.services.config, METRICS_TOKEN: undefined } }, { webDistDir: `${app.dataDir}/no-web-build` });
    expect((await request(untokened).get('/metrics')).status).toBe(404);
    const withHeader = await request(untokened).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(withHeader.status).toBe(404);
    expect(withHeader.text).not.toContain('sahay_');
  });

  it('METRICS_PORT serves /metrics alone on its own port, and asks for METRICS_TOKEN there too when it is set', async () => {
    const open = await startMetricsServer({ ...app.services, config: { ...app.services.config, METRICS_PORT: 0, METRICS_TOKEN: undefined } });
    const tokened = await startMetricsServer({ ...app.services, config: { ...app.services.config, METRICS_PORT: 0 } });
    try {
      const res = await fetch(open!.url);
      expect(res.status).toBe(200);
      expect(parseMetrics(await res.text()).some((sample) => sample.name === 'sahay_events_appended_total')).toBe(true);
      expect((await fetch(open!.url.replace('/metrics', '/api/donations'))).status).toBe(404);
      expect((await fetch(open!.url, { method: 'POST' })).status).toBe(404);
      expect((await fetch(tokened!.url)).status).toBe(401);
      expect((await fetch(tokened!.url, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      // The same port again: a line naming METRICS_PORT, not PORT.
      const port = new URL(open!.url).port;
      await expect(startMetricsServer({ ...app.services, config: { ...app.services.config, METRICS_PORT: Number(port) } })).rejects.toThrow(StartupFailure);
    } finally {
      await open?.close();
      await tokened?.close();
    }
    expect(await startMetricsServer(app.services)).toBeNull();
  });
});

describe('metrics configuration', () => {
  it('refuses a short or spaced token and METRICS_PORT equal to PORT, naming the variable', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${TOKEN} ${TOKEN}` })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN });
    expect([config.METRICS_PORT, config.METRICS_HOST, config.METRICS_TOKEN]).toEqual([9464, '127.0.0.1', TOKEN]);
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
  });

  it('compares the token whole: a prefix, a longer one or another scheme is refused', () => {
    expect(isMetricsToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(isMetricsToken(`Bearer ${TOKEN.slice(0, 20)}`, TOKEN)).toBe(false);
    expect(isMetricsToken(`Bearer ${TOKEN}0`, TOKEN)).toBe(false);
    expect(isMetricsToken(undefined, TOKEN)).toBe(false);
    expect(isMetricsToken('', TOKEN)).toBe(false);
  });
});
