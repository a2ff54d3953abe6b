import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceCalls, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { REPLAY_CHECK_NOT_FOUND } from './replay-checks.schema.ts';
import { replayCheckStreamId } from './replay-checks.ts';

/**
 * "Check all read models" from the console (issue 15): a super-admin starts it, a job rebuilds every
 * read model and compares; a clean database is equal everywhere, a corrupted row is reported with
 * its projection and table; ten presses at once start one check; the request and outcome are events.
 */
describe.each(testDbKinds())('read-model checks on %s', (kind) => {
  let app: TestApp;
  let superAdmin: AppCaller;
  let superToken: string;
  let settingsAdmin: AppCaller;
  let reference: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    superToken = (await app.account({ role: 'admin' })).token;
    superAdmin = await app.caller({ token: superToken });
    settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token });
    // Something in the read models: a verified donation and a contact message.
    const visitor = await app.caller();
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const pledge = await visitor.donations.create({ amountPaise: 4_000_00, cause: 'general', donorName: 'Replay Donor', email, showName: false });
    reference = pledge.reference.replace('-', '');
    await visitor.donations.submitProof({ reference, contact: email, utr: '723456789012' });
    await superAdmin.donations.admin.verify({ reference, receivedOn: indiaToday(app.services.now()), mode: 'upi' });
    await visitor.site.contact.create({ name: 'Visitor', email, message: 'Replay me, please.' });
    await app.runJobs();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds every read model equal on a clean database, with the progress at its total and the outcome recorded', async () => {
    const started = await superAdmin.admin.replayChecks.start();
    expect(started.status).toBe('queued');
    await app.runJobs();
    const check = await settingsAdmin.admin.replayChecks.get({ checkId: started.checkId });
    expect(check.status).toBe('done');
    expect(check.eventsTotal).toBeGreaterThan(0);
    expect(check.eventsReplayed).toBe(check.eventsTotal);
    expect(check.result!.length).toBeGreaterThan(5);
    expect(check.result!.filter((one) => !one.isEqual)).toEqual([]);
    expect(check.result!.find((one) => one.projection === 'donations')!.events).toBeGreaterThanOrEqual(3);

    const events = await app.services.eventStore.readStream(replayCheckStreamId(started.checkId));
    expect(events.map((event) => event.type)).toEqual(['ReplayCheckRequested', 'ReplayCheckCompleted']);
    expect(events[1]!.data).toMatchObject({ outcome: 'equal' });
    expect(events[1]!.metadata).toMatchObject({ actor: 'system', causationId: events[0]!.eventId });
    // Run again (a second delivery): nothing more is recorded.
    await app.runJobs();
    expect(await app.services.eventStore.readStream(replayCheckStreamId(started.checkId))).toHaveLength(2);
  });

  it('reports a deliberately corrupted row: its projection, its table and the row each way', async () => {
    await app.services.db.query(`UPDATE donations SET amount_paise = amount_paise + 1 WHERE reference = $1`, [reference]);
    try {
      const started = await superAdmin.admin.replayChecks.start();
      await app.runJobs();
      const check = await superAdmin.admin.replayChecks.get({ checkId: started.checkId });
      const different = check.result!.filter((one) => !one.isEqual);
      expect(different.map((one) => one.projection)).toEqual(['donations']);
      const [difference] = different[0]!.differences;
      expect(difference).toMatchObject({ table: 'donations', onlyInLiveCount: 1, onlyInReplayCount: 1 });
      expect(difference!.onlyInLive[0]).toMatchObject({ reference, amount_paise: 4_000_01 });
      expect(difference!.onlyInReplay[0]).toMatchObject({ reference, amount_paise: 4_000_00 });
      const [, completed] = await app.services.eventStore.readStream(replayCheckStreamId(started.checkId));
      expect(completed!.data).toMatchObject({ outcome: 'different' });
    } finally {
      await app.services.db.query(`UPDATE donations SET amount_paise = amount_paise - 1 WHERE reference = $1`, [reference]);
    }
  });

  it('starts one check when ten presses arrive at once', async () => {
    const { succeeded, refusals } = await raceCalls(10, () => superAdmin.admin.replayChecks.start());
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((check) => check.checkId)).size).toBe(1);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE type = 'ReplayCheckRequested' AND data->>'checkId' = $1`, [succeeded[0]!.checkId]);
    expect(rows[0]!.count).toBe(1);
    const { rows: all } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM read_model_checks WHERE status IN ('queued', 'running')`);
    expect(all[0]!.count).toBe(1);
    await app.runJobs();
    expect((await superAdmin.admin.replayChecks.list()).checks[0]).toMatchObject({ checkId: succeeded[0]!.checkId, status: 'done' });
  });

  it('lets a settings admin start and watch one, and nobody else; refusals write nothing', async () => {
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const before = await app.eventCount();
    expect((await rejection(finance.admin.replayChecks.start())).code).toBe('FORBIDDEN');
    expect(await rejection(settingsAdmin.admin.replayChecks.get({ checkId: crypto.randomUUID() }))).toMatchObject({ code: 'NOT_FOUND', message: REPLAY_CHECK_NOT_FOUND });
    expect((await rejection(settingsAdmin.admin.replayChecks.get({ checkId: 'not-a-uuid' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(finance.admin.replayChecks.list())).code).toBe('FORBIDDEN');
    expect(await app.eventCount()).toBe(before);
    // A settings admin may start one.
    const started = await settingsAdmin.admin.replayChecks.start();
    await app.runJobs();
    expect((await settingsAdmin.admin.replayChecks.get({ checkId: started.checkId })).status).toBe('done');
  });

  it('answers POST /api/admin/replay-checks with 202 and GET /api/admin/replay-checks/{checkId} with its progress', async () => {
    const http = app.http();
    const started = await request(http).post('/api/admin/replay-checks').set({ Authorization: `Bearer ${superToken}` }).send({});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await request(http).post('/api/admin/replay-checks').set({ Authorization: `Bearer ${superToken}` }).send({ projection: 'donations' })).status).toBe(400);
    await app.runJobs();
    const shown = await request(http).get(`/api/admin/replay-checks/${started.body.checkId as string}`).set({ Authorization: `Bearer ${superToken}` });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ checkId: started.body.checkId, status: 'done' });
    expect((await request(http).get(`/api/admin/replay-checks/${crypto.randomUUID()}`).set({ Authorization: `Bearer ${superToken}` })).status).toBe(404);
    expect((await request(http).get('/api/admin/replay-checks/nope').set({ Authorization: `Bearer ${superToken}` })).status).toBe(400);
    expect((await request(http).post('/api/admin/replay-checks').send({})).status).toBe(401);
  });
});
