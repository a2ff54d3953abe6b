import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { sahayModules } from '#server/modules/registry';
import { createServices } from '#server/create-services';
import { raceCalls } from '#server/testing/assertions';
import { createTestDb, testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { CONTENT_SLUGS } from './content/content.schema.ts';
import { getContentPages, seedContent } from './content/content.ts';
import { CONTENT_CONFLICT } from './content/content.decider.ts';
import { SEED_CONTENT } from './content/seed-content.ts';
import { SETTINGS_CONFLICT } from './settings/settings.decider.ts';
import { contentStreamId, SETTINGS_STREAM } from './site.events.ts';

/**
 * Race tests (issue 9) for the site's commands: ten identical calls at once record exactly the right
 * number of events, every call that does not succeed is refused with a clear 4xx, and the read models
 * agree. On PGlite the calls are serialised; on PostgreSQL (TEST_DATABASE_URL) they overlap.
 */

const CALLS = 10;
const CLOCK = new Date('2031-05-01T09:00:00.000Z');
const TOO_MANY_MESSAGES = /^You have sent too many messages\. Please try again in \d+ (minutes?|seconds?)\.$/;

describe.each(testDbKinds())('site commands racing on %s', (kind) => {
  let app: TestApp;
  let adminToken: string;
  let adminCaller: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => CLOCK });
    adminToken = (await app.account({ role: 'admin', permissions: ['content', 'settings'] })).token;
    adminCaller = await app.caller({ token: adminToken });
  });
  afterAll(async () => {
    await app?.close();
  });

  const asAdmin = async () => app.caller({ token: adminToken });

  async function countEvents(streamId: string, type: string): Promise<number> {
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND type = $2`, [
      streamId,
      type,
    ]);
    return rows[0]!.count;
  }

  /** The streams of the events of a type recorded after `position`. */
  async function streamsSince(position: number, type: string): Promise<string[]> {
    const { rows } = await app.services.db.query<{ stream_id: string }>(`SELECT stream_id FROM events WHERE global_position > $1 AND type = $2`, [
      position,
      type,
    ]);
    return rows.map((row) => row.stream_id);
  }

  async function lastPosition(): Promise<number> {
    const { rows } = await app.services.db.query<{ position: string | null }>(`SELECT max(global_position)::text AS position FROM events`);
    return Number(rows[0]!.position ?? 0);
  }

  it('settings.update over one version, ten times: one SettingsChanged, nine told someone else changed them', async () => {
    const { version } = await adminCaller.site.settings.get();
    const before = await countEvents(SETTINGS_STREAM, 'SettingsChanged');
    const meetingLink = `https://meet.example.org/race-${crypto.randomUUID()}`;
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await asAdmin()).site.settings.update({ expectedVersion: version, data: { meetingLink } }));
    expect(succeeded.map((result) => result.version)).toEqual([version + 1]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', SETTINGS_CONFLICT]));
    expect(await countEvents(SETTINGS_STREAM, 'SettingsChanged')).toBe(before + 1);
    const after = await (await app.caller()).site.settings.get();
    expect([after.version, after.settings.meetingLink]).toEqual([version + 1, meetingLink]);
  });

  it('content.update over one version, ten times: one ContentPageSaved, nine told someone else saved it', async () => {
    const slug = CONTENT_SLUGS[0];
    const page = await (await app.caller()).site.content.get({ slug });
    const before = await countEvents(contentStreamId(slug), 'ContentPageSaved');
    const title = { en: `Raced ${crypto.randomUUID().slice(0, 8)}`, hi: 'दौड़' };
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await asAdmin()).site.content.update({ slug, expectedVersion: page.version, data: { title, body: page.body } }));
    expect(succeeded.map((result) => [result.version, result.title])).toEqual([[page.version + 1, title]]);
    expect(refusals).toEqual(Array(CALLS - 1).fill(['CONFLICT', CONTENT_CONFLICT]));
    expect(await countEvents(contentStreamId(slug), 'ContentPageSaved')).toBe(before + 1);
    const after = await (await app.caller()).site.content.get({ slug });
    expect([after.version, after.title]).toEqual([page.version + 1, title]);
  });

  it('contact.create with no IP, ten times: ten ContactMessageReceived, each on its own stream', async () => {
    const since = await lastPosition();
    const text = `Raced message ${crypto.randomUUID()}`;
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) => (await app.caller()).site.contact.create({ name: `Visitor ${index}`, email: uniqueEmail('visitor'), message: text }));
    expect(refusals).toEqual([]);
    expect(succeeded).toEqual(Array(CALLS).fill({ ok: true }));
    const streams = await streamsSince(since, 'ContactMessageReceived');
    expect(streams).toHaveLength(CALLS);
    expect(new Set(streams).size).toBe(CALLS);
    const stored = (await adminCaller.site.contact.getMany({ status: 'all' })).messages.filter((message) => message.message === text);
    expect(stored.map((message) => `contact-${message.id}`).sort()).toEqual([...streams].sort());
  });

  it('contact.create from one IP, ten times: as many events as successes, at most the per-IP limit, the rest 429', async () => {
    const since = await lastPosition();
    const ip = '198.51.100.23';
    const text = `From one address ${crypto.randomUUID()}`;
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ ip })).site.contact.create({ name: 'Busy Visitor', phone: '+91 98765 43210', message: text }));
    expect(succeeded).toHaveLength(app.services.limits.contactPerIp.limit);
    for (const [code, message] of refusals) expect([code, message]).toEqual(['TOO_MANY_REQUESTS', expect.stringMatching(TOO_MANY_MESSAGES)]);
    expect(refusals).toHaveLength(CALLS - succeeded.length);
    expect(new Set(await streamsSince(since, 'ContactMessageReceived')).size).toBe(succeeded.length);
    expect((await adminCaller.site.contact.getMany({ status: 'all' })).messages.filter((message) => message.message === text)).toHaveLength(succeeded.length);
  });

  it('contact.markHandled, ten times: one ContactMessageHandled, and all ten calls succeed', async () => {
    const text = `To be handled ${crypto.randomUUID()}`;
    await (await app.caller()).site.contact.create({ name: 'Asha', email: uniqueEmail('asha'), message: text });
    const [message] = (await adminCaller.site.contact.getMany({ status: 'open' })).messages.filter((candidate) => candidate.message === text);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await asAdmin()).site.contact.markHandled({ id: message!.id }));
    expect(refusals).toEqual([]);
    expect(succeeded.map((result) => [result.id, result.handledAt])).toEqual(Array(CALLS).fill([message!.id, CLOCK.toISOString()]));
    expect(await countEvents(`contact-${message!.id}`, 'ContactMessageHandled')).toBe(1);
    expect((await adminCaller.site.contact.get({ id: message!.id })).handledAt).toBe(CLOCK.toISOString());
  });

  it('seedContent run ten times at once on a fresh database: exactly one ContentPageSaved per page', async () => {
    const testDb = await createTestDb(kind);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-seed-race-'));
    // Every module but without their seeds: a database as a first start finds it, before any seeding.
    const services = await createServices({
      config: loadConfig({ NODE_ENV: 'test', SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      log: pino({ level: 'silent' }),
      owner: 'seed-race',
      db: testDb.db,
      masterKey: crypto.randomBytes(32),
      runsJobs: false,
      modules: sahayModules.map((module) => ({ ...module, seed: undefined })),
      now: () => CLOCK,
    });
    try {
      const { rows: none } = await testDb.db.query(`SELECT 1 FROM events WHERE type = 'ContentPageSaved'`);
      expect(none).toEqual([]);
      const results = await Promise.allSettled(Array.from({ length: CALLS }, () => seedContent(services)));
      expect(results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason))).toEqual([]);
      const { rows } = await testDb.db.query<{ stream_id: string; count: number }>(
        `SELECT stream_id, count(*)::int AS count FROM events WHERE type = 'ContentPageSaved' GROUP BY stream_id ORDER BY stream_id`,
      );
      expect(rows).toEqual([...CONTENT_SLUGS].map(contentStreamId).sort().map((stream_id) => ({ stream_id, count: 1 })));
      const pages = await getContentPages(testDb.db);
      for (const slug of CONTENT_SLUGS) expect([slug, pages[slug].version, pages[slug].title]).toEqual([slug, 1, SEED_CONTENT[slug].title]);
    } finally {
      await services.close();
      await testDb.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A second database, migrated from scratch: on PGlite that alone takes seconds on a busy machine.
  }, 90_000);
});
