import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/db';
import { connectPostgres } from '#server/db/postgres';
import { PERMISSIONS } from '#server/modules/identity/identity.api';
import { eventually } from '#server/event-store/test-fixtures';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { testDbKinds } from '#server/testing/test-db';
import { setStaffPermissions, suspendMember } from '../members/member-admin.ts';
import { SessionCache } from './session-cache.ts';
import { hashToken, revokeSession } from './sessions.ts';

const meta = { actor: 'SH-TOOL', correlationId: 'session-cache-test' };
const tool = { userId: 'SH-TOOL', permissions: [...PERMISSIONS] };

/** How long a change may take to reach a cache (the NOTIFY), at most. */
const WITHIN_MS = 5_000;

/** A handle on the same database whose session reads wait for `gate` (a read under way, held open). */
function gatedDb(db: Db): { db: Db; hold(): () => void } {
  let gate: Promise<void> | null = null;
  const gated: Db = Object.create(db) as Db;
  gated.query = async (text, params, options) => {
    if (options?.name === 'sahay_resolve_session' && gate) await gate;
    return db.query(text, params, options);
  };
  gated.listen = (channel, onNotify, onLost) => db.listen(channel, onNotify, onLost);
  return {
    db: gated,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

describe.each(testDbKinds())('the session cache on %s', (kind) => {
  let app: TestApp;
  const caches: SessionCache[] = [];
  const cacheOn = (db: Db, options?: ConstructorParameters<typeof SessionCache>[1]) => {
    const cache = new SessionCache(db, options);
    caches.push(cache);
    return cache;
  };
  /** Resolves once, then waits until the cache listens and resolves again so that the session is kept. */
  async function kept(cache: SessionCache, token: string) {
    await eventually(async () => {
      await cache.resolve(token, app.services.now());
      return cache.stats.isListening;
    }, WITHIN_MS);
    const user = await cache.resolve(token, app.services.now());
    expect(cache.stats.size).toBeGreaterThan(0);
    return user;
  }

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((cache) => cache.stop()));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a signed-in session from memory after the first read, with what the database answers', async () => {
    const cache = cacheOn(app.services.db);
    const { token, userId } = await app.account({ fullName: 'Asha Verma' });
    const first = await kept(cache, token);
    const misses = cache.stats.misses;
    const again = await cache.resolve(token, app.services.now());
    expect(again).toEqual(first);
    expect(again).toMatchObject({ userId, fullName: 'Asha Verma', role: 'member' });
    expect(cache.stats.misses).toBe(misses);
    expect(cache.stats.hits).toBeGreaterThan(0);
    // One object serves every request of the session: none can change it for the next.
    expect(() => again!.permissions.push('finance')).toThrow(TypeError);
    expect(() => Object.assign(again!, { role: 'admin' })).toThrow(TypeError);
    expect(await cache.resolve(token, app.services.now())).toMatchObject({ role: 'member', permissions: [] });
  });

  it('never keeps a refusal: a token that is no session asks the database every time', async () => {
    const cache = cacheOn(app.services.db);
    const { token } = await app.account();
    await kept(cache, token);
    const unknown = 'x'.repeat(43);
    expect(await cache.resolve(unknown, app.services.now())).toBeNull();
    const misses = cache.stats.misses;
    expect(await cache.resolve(unknown, app.services.now())).toBeNull();
    expect(cache.stats.misses).toBe(misses + 1);
    // Malformed tokens are refused before any read.
    expect(await cache.resolve('short', app.services.now())).toBeNull();
    expect(cache.stats.misses).toBe(misses + 1);
  });

  it('forgets a session signed out in this process before the sign-out returns', async () => {
    const cache = cacheOn(app.services.db);
    const { token } = await app.account();
    await kept(cache, token);
    await revokeSession(app.services.db, token, app.services.now());
    expect(await cache.resolve(token, app.services.now())).toBeNull();
  });

  it('forgets an account suspended, or its permissions changed, by a command in this process at once', async () => {
    const cache = cacheOn(app.services.db);
    const member = await app.account();
    const staff = await app.account({ role: 'admin', permissions: ['content', 'members'] });
    await kept(cache, member.token);
    await kept(cache, staff.token);

    await suspendMember(app.services, member.userId, 'Test', tool, meta);
    expect(await cache.resolve(member.token, app.services.now())).toBeNull();

    await setStaffPermissions(app.services, { userId: staff.userId, permissions: ['content'], reason: 'Test' }, tool, meta);
    expect(await cache.resolve(staff.token, app.services.now())).toMatchObject({ userId: staff.userId, permissions: ['content'] });
  });

  it('hears from the database itself of a change no code of this process made (another process, a tool)', async () => {
    const cache = cacheOn(app.services.db);
    const other = await app.account({ fullName: 'Old Name' });
    const revoked = await app.account();
    const suspended = await app.account();
    for (const account of [other, revoked, suspended]) await kept(cache, account.token);

    // Written as another process would: nothing here calls sessionsChanged.
    const elsewhere = kind === 'postgres' ? connectPostgres(app.databaseUrl!, { poolSize: 2 }) : app.services.db;
    try {
      await elsewhere.query(`UPDATE users SET full_name = 'New Name' WHERE user_id = $1`, [other.userId]);
      await elsewhere.query(`UPDATE sessions SET revoked_at = now() WHERE id_hash = $1`, [hashToken(revoked.token)]);
      await elsewhere.query(`UPDATE users SET status = 'suspended' WHERE user_id = $1`, [suspended.userId]);
      await eventually(async () => (await cache.resolve(other.token, app.services.now()))?.fullName === 'New Name', WITHIN_MS);
      await eventually(async () => (await cache.resolve(revoked.token, app.services.now())) === null, WITHIN_MS);
      await eventually(async () => (await cache.resolve(suspended.token, app.services.now())) === null, WITHIN_MS);
    } finally {
      if (elsewhere !== app.services.db) await elsewhere.close();
    }
  });

  it('is not told of changes that do not reach a session (a phone number), and keeps those sessions', async () => {
    const cache = cacheOn(app.services.db);
    const quiet = await app.account();
    const marker = await app.account();
    await kept(cache, quiet.token);
    await kept(cache, marker.token);
    const sizeBefore = cache.stats.size;
    await app.services.db.query(`UPDATE users SET phone = '9123456780', address = 'Elsewhere' WHERE user_id = $1`, [quiet.userId]);
    // Announcements arrive in commit order: once the marker's is heard, the phone's would have been.
    await app.services.db.query(`UPDATE users SET full_name = 'Marker' WHERE user_id = $1`, [marker.userId]);
    await eventually(() => cache.stats.size === sizeBefore - 1, WITHIN_MS);
    const misses = cache.stats.misses;
    expect(await cache.resolve(quiet.token, app.services.now())).toMatchObject({ userId: quiet.userId });
    expect(cache.stats.misses).toBe(misses);
  });

  it('does not keep a read that was under way when a change was announced', async () => {
    const gated = gatedDb(app.services.db);
    const cache = cacheOn(gated.db);
    const { token, userId } = await app.account();
    await kept(cache, token);
    cache.forget(null);
    const release = gated.hold();
    const reading = cache.resolve(token, app.services.now());
    // The read has begun (it waits at the gate); now the account changes.
    await new Promise((resolve) => setTimeout(resolve, 20));
    cache.forget(userId);
    release();
    expect(await reading).toMatchObject({ userId });
    expect(cache.stats.size).toBe(0);
    // The next request asks again, and is kept.
    await cache.resolve(token, app.services.now());
    expect(cache.stats.size).toBe(1);
  });

  it('asks again once its time is up, and never answers a session past its end', async () => {
    let clock = 0;
    const cache = cacheOn(app.services.db, { ttlMs: 1_000, clock: () => clock });
    const { token, userId } = await app.account();
    await kept(cache, token);
    const misses = cache.stats.misses;
    clock = 999;
    await cache.resolve(token, app.services.now());
    expect(cache.stats.misses).toBe(misses);
    clock = 1_001;
    await cache.resolve(token, app.services.now());
    expect(cache.stats.misses).toBe(misses + 1);

    const { rows } = await app.services.db.query<{ expires_at: Date }>(`SELECT expires_at FROM sessions WHERE id_hash = $1`, [hashToken(token)]);
    const end = new Date(rows[0]!.expires_at);
    expect(await cache.resolve(token, new Date(end.getTime() - 1_000))).toMatchObject({ userId });
    expect(await cache.resolve(token, new Date(end.getTime() + 1))).toBeNull();
  });

  it('keeps at most maxEntries sessions, dropping the oldest', async () => {
    const cache = cacheOn(app.services.db, { maxEntries: 2 });
    const accounts = [await app.account(), await app.account(), await app.account()];
    for (const account of accounts) await kept(cache, account.token);
    expect(cache.stats.size).toBe(2);
    const misses = cache.stats.misses;
    await cache.resolve(accounts[2]!.token, app.services.now());
    expect(cache.stats.misses).toBe(misses);
    await cache.resolve(accounts[0]!.token, app.services.now());
    expect(cache.stats.misses).toBe(misses + 1);
  });

  it('keeps nothing while it cannot listen, says so, and still answers from the database', async () => {
    const errors: unknown[] = [];
    const deaf: Db = Object.create(app.services.db) as Db;
    deaf.listen = async () => {
      throw new Error('listening refused');
    };
    const cache = cacheOn(deaf, { onListenError: (error) => errors.push(error) });
    const { token, userId } = await app.account();
    for (let n = 0; n < 3; n++) expect(await cache.resolve(token, app.services.now())).toMatchObject({ userId });
    await eventually(() => errors.length > 0, WITHIN_MS);
    await cache.resolve(token, app.services.now());
    expect(cache.stats).toMatchObject({ size: 0, hits: 0, isListening: false });
  });

  it('stops listening when stopped, and then always asks the database', async () => {
    const cache = cacheOn(app.services.db);
    const { token } = await app.account();
    await kept(cache, token);
    await cache.stop();
    const misses = cache.stats.misses;
    await cache.resolve(token, app.services.now());
    await cache.resolve(token, app.services.now());
    expect(cache.stats).toMatchObject({ size: 0, isListening: false, misses: misses + 2 });
  });
});
