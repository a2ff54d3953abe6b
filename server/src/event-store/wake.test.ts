import { describe, expect, it } from 'vitest';
import type { Db, QueryResult, Transaction } from '#server/db/db';
import { configureEventsWake, EVENTS_CHANNEL, EventsWake, eventsWake, notifyPayload, parseNotifyPayload } from './wake.ts';

/**
 * A PostgreSQL-shaped Db that records the NOTIFYs asked of it and lets the test decide when each
 * one completes and what arrives on the LISTEN connection. No database, no timers.
 */
function fakePostgres() {
  const sent: { payload: string; complete(): void; fail(error: Error): void }[] = [];
  const listeners: { onNotify(payload: string): void; onLost?(error: unknown): void }[] = [];
  let listens = 0;
  let unlistens = 0;
  let failNextListen: Error | undefined;
  const empty = <R>(): QueryResult<R> => ({ rows: [], rowCount: 0 });
  const db: Db = {
    kind: 'postgres',
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      if (!text.includes('pg_notify')) throw new Error(`unexpected query: ${text}`);
      expect(params?.[0]).toBe(EVENTS_CHANNEL);
      await new Promise<void>((resolve, reject) => sent.push({ payload: String(params?.[1]), complete: resolve, fail: reject }));
      return empty<R>();
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return fn({ query: db.query, afterCommit: () => {} });
    },
    async exec() {},
    async listen(channel, onNotify, onLost) {
      expect(channel).toBe(EVENTS_CHANNEL);
      listens++;
      if (failNextListen) {
        const error = failNextListen;
        failNextListen = undefined;
        throw error;
      }
      const listener = { onNotify, onLost };
      listeners.push(listener);
      return async () => {
        unlistens++;
        listeners.splice(listeners.indexOf(listener), 1);
      };
    },
    async close() {},
  };
  return {
    db,
    sent,
    deliver: (payload: string) => listeners.forEach((listener) => listener.onNotify(payload)),
    cut: (error: Error) => listeners.splice(0).forEach((listener) => listener.onLost?.(error)),
    failNextListen: (error: Error) => (failNextListen = error),
    counts: () => ({ listens, unlistens, listening: listeners.length }),
  };
}

/** Lets the wake's own promise chains run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EventsWake', () => {
  it('wakes this process at once and sends one NOTIFY at a time, however many commits come meanwhile', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db, { notifyIntervalMs: 0 });
    let wakes = 0;
    const subscription = await wake.subscribe(() => wakes++);

    wake.appended();
    expect(wakes).toBe(1);
    await settle();
    expect(fake.sent).toHaveLength(1);

    // Five commits while the first NOTIFY is in flight: one more NOTIFY covers them all.
    for (let n = 0; n < 5; n++) wake.appended();
    expect(wakes).toBe(6);
    await settle();
    expect(fake.sent).toHaveLength(1);
    fake.sent[0]!.complete();
    await settle();
    expect(fake.sent).toHaveLength(2);
    fake.sent[1]!.complete();
    await settle();
    expect(fake.sent).toHaveLength(2);
    expect(wake.notifiesSent).toBe(2);

    // Idle again: the next commit is announced at once.
    wake.appended();
    await settle();
    expect(fake.sent).toHaveLength(3);
    fake.sent[2]!.complete();
    await settle();
    await subscription.stop();
  });

  it('ignores its own NOTIFY (its readers were woken at the commit) and wakes on every other one', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db, { notifyIntervalMs: 0 });
    let wakes = 0;
    const subscription = await wake.subscribe(() => wakes++);
    wake.appended();
    await settle();
    const own = fake.sent[0]!.payload;
    fake.sent[0]!.complete();
    expect(wakes).toBe(1);
    fake.deliver(own);
    expect(wakes).toBe(1);
    fake.deliver('another-process');
    fake.deliver('');
    expect(wakes).toBe(3);
    await subscription.stop();
  });

  it('wakes a reader only for the types it reads: in this process, from another process, and always when types are not known', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db, { notifyIntervalMs: 0 });
    const woken: string[] = [];
    const subscriptions = await Promise.all([
      wake.subscribe(() => woken.push('donations'), undefined, ['DonationRecorded', 'DonationVerified']),
      wake.subscribe(() => woken.push('kanyadan'), undefined, ['KanyadanApplicationVerified']),
      wake.subscribe(() => woken.push('nothing'), undefined, []),
      wake.subscribe(() => woken.push('all')),
    ]);

    wake.appended(['KanyadanDocumentProcessed']);
    expect(woken).toEqual(['all']);
    woken.length = 0;
    wake.appended(['KanyadanDocumentProcessed', 'DonationVerified']);
    expect(woken.sort()).toEqual(['all', 'donations']);
    woken.length = 0;
    wake.appended();
    expect(woken.sort()).toEqual(['all', 'donations', 'kanyadan', 'nothing']);
    woken.length = 0;

    fake.deliver('another-process KanyadanApplicationVerified,UserRegistered');
    expect(woken.sort()).toEqual(['all', 'kanyadan']);
    woken.length = 0;
    fake.deliver('another-process');
    expect(woken.sort()).toEqual(['all', 'donations', 'kanyadan', 'nothing']);
    woken.length = 0;

    // A lost LISTEN connection may have dropped any announcement: everyone reads.
    fake.cut(new Error('connection reset'));
    expect(woken.sort()).toEqual(['all', 'donations', 'kanyadan', 'nothing']);
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });

  it('names in each NOTIFY the types appended since the last one, or none when one append did not say', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db, { notifyIntervalMs: 0 });
    wake.appended(['A']);
    await settle();
    // Two commits while the first NOTIFY is in flight: the next one names both.
    wake.appended(['B']);
    wake.appended(['C', 'B']);
    fake.sent[0]!.complete();
    await settle();
    wake.appended(['D']);
    wake.appended();
    fake.sent[1]!.complete();
    await settle();
    fake.sent[2]!.complete();
    await settle();
    const sent = fake.sent.map(({ payload }) => parseNotifyPayload(payload));
    expect(new Set(sent.map(({ senderId }) => senderId)).size).toBe(1);
    expect(sent.map(({ types }) => (types ? [...types].sort() : null))).toEqual([['A'], ['B', 'C'], null]);
  });

  it('leaves the types out of a payload that would be too long or could not be read back', () => {
    expect(notifyPayload('me', new Set(['A', 'B']))).toBe('me A,B');
    expect(parseNotifyPayload('me A,B')).toEqual({ senderId: 'me', types: new Set(['A', 'B']) });
    expect(notifyPayload('me', null)).toBe('me');
    expect(notifyPayload('me', new Set())).toBe('me');
    expect(notifyPayload('me', new Set(['Has,Comma']))).toBe('me');
    expect(notifyPayload('me', new Set(['Has Space']))).toBe('me');
    const many = new Set(Array.from({ length: 400 }, (_, n) => `SomeRatherLongEventTypeName${n}`));
    expect(notifyPayload('me', many)).toBe('me');
    expect(parseNotifyPayload('me')).toEqual({ senderId: 'me', types: null });
  });

  it('a failed NOTIFY is dropped, and the next commit sends again', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db, { notifyIntervalMs: 0 });
    wake.appended();
    await settle();
    fake.sent[0]!.fail(new Error('Cannot use a pool after calling end on the pool'));
    await settle();
    expect(wake.notifiesSent).toBe(0);
    wake.appended();
    await settle();
    expect(fake.sent).toHaveLength(2);
    fake.sent[1]!.complete();
    await settle();
    expect(wake.notifiesSent).toBe(1);
  });

  it('shares one LISTEN among its readers and stops listening when the last one stops', async () => {
    const fake = fakePostgres();
    const wake = new EventsWake(fake.db);
    const woken: string[] = [];
    const [a, b] = await Promise.all([wake.subscribe(() => woken.push('a')), wake.subscribe(() => woken.push('b'))]);
    expect(fake.counts()).toEqual({ listens: 1, unlistens: 0, listening: 1 });
    fake.deliver('another-process');
    expect(woken.sort()).toEqual(['a', 'b']);
    await a.stop();
    expect(fake.counts().unlistens).toBe(0);
    await b.stop();
    expect(fake.counts()).toEqual({ listens: 1, unlistens: 1, listening: 0 });
  });

  it('when listening fails, tells its readers, wakes them once and keeps waking them in-process', async () => {
    const fake = fakePostgres();
    fake.failNextListen(new Error('connection refused'));
    const wake = new EventsWake(fake.db, { notifiesOtherProcesses: false });
    const errors: string[] = [];
    let wakes = 0;
    const subscription = await wake.subscribe(
      () => wakes++,
      (error) => errors.push(String(error)),
    );
    expect(errors).toEqual(['Error: connection refused']);
    expect(wakes).toBe(1);
    wake.appended();
    expect(wakes).toBe(2);
    await subscription.stop();
  });

  it('on PGlite neither sends nor listens: one process has nobody else to tell', async () => {
    const fake = fakePostgres();
    const pglite: Db = { ...fake.db, kind: 'pglite' };
    const wake = new EventsWake(pglite);
    let wakes = 0;
    const subscription = await wake.subscribe(() => wakes++);
    wake.appended();
    await settle();
    expect(wakes).toBe(1);
    expect(fake.sent).toHaveLength(0);
    expect(fake.counts().listens).toBe(0);
    await subscription.stop();
  });

  it('refuses a negative or non-numeric notify interval', () => {
    const { db } = fakePostgres();
    expect(() => new EventsWake(db, { notifyIntervalMs: -1 })).toThrow(/notifyIntervalMs must be a non-negative number/);
    expect(() => new EventsWake(db, { notifyIntervalMs: Number.NaN })).toThrow(/notifyIntervalMs must be a non-negative number/);
  });

  it('is configured only before a database handle\'s wake is first used', () => {
    const { db } = fakePostgres();
    const configured = configureEventsWake(db, { notifyIntervalMs: 5 });
    expect(eventsWake(db)).toBe(configured);
    expect(() => configureEventsWake(db, { notifyIntervalMs: 5 })).toThrow(/already in use/);
    const other = fakePostgres().db;
    eventsWake(other);
    expect(() => configureEventsWake(other, { notifiesOtherProcesses: false })).toThrow(/already in use/);
  });
});
