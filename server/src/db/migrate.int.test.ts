import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';
import { createTestDb, testDbKinds } from '#server/testing/test-db';
import { migrate, migrateOnStart, migrationNames, pendingMigrations } from './migrate.ts';

describe('the owner URL in the configuration', () => {
  it('is kept apart from the app URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@db:5432/sahay', DATABASE_OWNER_URL: 'postgres://owner@db:5432/sahay' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://app@db:5432/sahay', ownerUrl: 'postgres://owner@db:5432/sahay' });
  });

  it.each([
    ['a URL of another kind', { DATABASE_URL: 'postgres://app@db/sahay', DATABASE_OWNER_URL: 'mysql://owner@db/sahay' }, /DATABASE_OWNER_URL:/],
    ['no URL at all', { DATABASE_URL: 'postgres://app@db/sahay', DATABASE_OWNER_URL: 'owner' }, /DATABASE_OWNER_URL:/],
    ['an owner without an app URL', { DATABASE_OWNER_URL: 'postgres://owner@db/sahay' }, /DATABASE_OWNER_URL: needs DATABASE_URL too/],
  ])('refuses %s, naming the variable', (_, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe.each(testDbKinds())('migrations on %s', (kind) => {
  it('lists every migration as pending on an empty database and none once migrated; a start then does nothing', async () => {
    const testDb = await createTestDb(kind, { isMigrated: false });
    try {
      const names = migrationNames();
      expect(names).toEqual([...names].sort());
      expect(names).toContain('1732200001000_key-schemes');
      expect(names).toContain('1732200001100_app-role');
      expect(await pendingMigrations(testDb.db)).toEqual(names);
      expect(await migrateOnStart(testDb.db, { url: testDb.url })).toEqual(names);
      expect(await pendingMigrations(testDb.db)).toEqual([]);
      expect(await migrateOnStart(testDb.db, { url: testDb.url })).toEqual([]);
    } finally {
      await testDb.drop();
    }
  });

  if (kind === 'postgres') {
    it('lets two processes migrate one database at once: one applies, the other waits and finds nothing to do', async () => {
      const testDb = await createTestDb(kind, { isMigrated: false });
      try {
        const [a, b] = await Promise.all([migrate(testDb.url!), migrate(testDb.url!)]);
        expect([a, b].sort((x, y) => y.length - x.length)).toEqual([migrationNames(), []]);
        expect(await pendingMigrations(testDb.db)).toEqual([]);
      } finally {
        await testDb.drop();
      }
    });
  }
});
