import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { asyncProjectionProcessorName, catchUpAsyncProjections, startAsyncProjections } from './async-projections.ts';
import { readCheckpoint } from './processor.ts';
import { replayAndCompare } from './replay.ts';

/**
 * An async projection (here the invite-code transfer report) trails the commit: replay compares it
 * with the events its processor has read, so a projection that is behind is not a difference, and
 * one that has caught up matches a full rebuild.
 */
describe.each(testDbKinds())('async projections on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function transferRows(): Promise<number> {
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM epin_transfers`);
    return rows[0]!.count;
  }

  it('are listed apart from the inline ones, and replay compares each up to its checkpoint', async () => {
    expect(app.services.eventStore.asyncProjections.map((projection) => projection.name)).toEqual(expect.arrayContaining(['epin_transfers', 'member_impact', 'site_counters']));
    expect(app.services.eventStore.inlineProjections.map((projection) => projection.name)).not.toContain('epin_transfers');
    await catchUpAsyncProjections(app.services, 'test');

    const admin = await app.account({ role: 'admin' });
    const member = await app.account();
    const caller = await app.caller({ token: admin.token });
    await caller.community.epins.generate({ count: 2 });
    await caller.community.epins.transfer({ toUserId: member.userId, count: 2 });
    // Behind: the transfer is not in the report yet, and that is no difference.
    expect(await transferRows()).toBe(0);
    const behind = await replayAndCompare(app.services, 'epin_transfers');
    expect(behind).toEqual([expect.objectContaining({ projection: 'epin_transfers', events: 0, differences: [] })]);

    expect(await catchUpAsyncProjections(app.services, 'test')).toBe(true);
    expect(await transferRows()).toBe(1);
    const caughtUp = await replayAndCompare(app.services, 'epin_transfers');
    expect(caughtUp).toEqual([expect.objectContaining({ events: 1, differences: [] })]);
    const projection = app.services.eventStore.asyncProjections.find((candidate) => candidate.name === 'epin_transfers')!;
    expect(await readCheckpoint(app.services.db, asyncProjectionProcessorName(projection))).toMatchObject({ owner: 'test' });
  });

  it('run on their own once started, and stop cleanly', async () => {
    const admin = await app.account({ role: 'admin' });
    const member = await app.account();
    await catchUpAsyncProjections(app.services, 'test');
    const before = await transferRows();
    // Another owner than the catch-up's: let its lease go first.
    await app.services.db.query(`UPDATE processor_checkpoints SET owner = NULL, lease_until = NULL WHERE processor LIKE 'projection:%'`);
    const running = startAsyncProjections(app.services, { owner: 'background', pollMs: 50 });
    try {
      const caller = await app.caller({ token: admin.token });
      await caller.community.epins.generate({ count: 1 });
      await caller.community.epins.transfer({ toUserId: member.userId, count: 1 });
      const deadline = Date.now() + 30_000;
      while ((await transferRows()) === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await transferRows()).toBe(before + 1);
    } finally {
      await running.stop();
    }
  });
});
