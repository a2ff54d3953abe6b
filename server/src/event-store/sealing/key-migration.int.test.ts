import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '#server/db/db';
import { connectPostgres } from '#server/db/postgres';
import type { SahayModule } from '#server/modules/module';
import { createTestDb, testDbKinds, type TestDb } from '#server/testing/test-db';
import { EventStore } from '../event-store.ts';
import { reindexModules, rewrapDataKeys, runKeyMigrations, type ReindexContext } from './key-migration.ts';
import { KEY_SCHEME, PersonalDataVault, type Sealed } from './personal-data.ts';
import { replayAndCompare } from '../replay.ts';
import type { Projection } from '../types.ts';
import { meta, uniqueId } from '../test-fixtures.ts';

const NOW = new Date('2026-03-01T10:00:00Z');
const now = () => NOW;

// Written out independently of personal-data.ts, so a change there that stops matching them fails.
const hkdf = (masterKey: Buffer, info: string) => Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));

function aesGcm(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

function aesGcmOpen(key: Buffer, bytes: Buffer, aad: string): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

/** What the code before decision 019 did: a data key wrapped with the raw master key, no scheme column written. */
async function insertLegacyKey(q: Queryable, masterKey: Buffer, subjectId: string): Promise<void> {
  await q.query(`INSERT INTO data_keys (subject_id, wrapped_key) VALUES ($1, $2)`, [
    subjectId,
    aesGcm(masterKey, crypto.randomBytes(32), `data-key:${subjectId}`),
  ]);
}

/** The blind index before decision 019: HMAC under the raw master key. */
const legacyBlindIndex = (masterKey: Buffer, purpose: string, value: string) =>
  crypto.createHmac('sha256', masterKey).update(`${purpose}\u0000${value}`).digest('base64url');

async function keyRows(db: Queryable, prefix: string) {
  const { rows } = await db.query<{ subject_id: string; wrapped_key: Uint8Array | null; key_scheme: number }>(
    `SELECT subject_id, wrapped_key, key_scheme FROM data_keys WHERE subject_id LIKE $1 || '%' ORDER BY subject_id`,
    [prefix],
  );
  return rows.map((row) => ({ ...row, wrapped_key: row.wrapped_key ? Buffer.from(row.wrapped_key).toString('hex') : null }));
}

interface LegacyPerson {
  subjectId: string;
  sealed: Sealed;
  file: Buffer;
  isErased: boolean;
}

/** Subjects with old-scheme keys, a sealed value and sealed bytes each; every third one erased. */
async function populateLegacy(db: Db, vault: PersonalDataVault, masterKey: Buffer, prefix: string, count: number): Promise<LegacyPerson[]> {
  const people: LegacyPerson[] = [];
  for (let index = 0; index < count; index++) {
    const subjectId = `${prefix}${String(index).padStart(3, '0')}`;
    const person = await db.transaction(async (tx) => {
      await insertLegacyKey(tx, masterKey, subjectId);
      // seal finds the legacy key in place and seals under it, as the old code did.
      const sealed = await vault.seal(tx, subjectId, { name: `Person ${index}`, email: `p${index}@example.org` });
      const file = await vault.sealBytes(tx, subjectId, `file-${index}`, Buffer.from(`bytes of ${index}`));
      return { subjectId, sealed, file, isErased: index % 3 === 2 };
    });
    if (person.isErased) await vault.destroyKey(db, subjectId);
    people.push(person);
  }
  return people;
}

async function expectAllOpen(db: Db, vault: PersonalDataVault, people: readonly LegacyPerson[]): Promise<void> {
  for (const [index, person] of people.entries()) {
    const value = await vault.reveal<{ name: string }>(db, person.sealed);
    const bytes = await vault.openBytes(db, person.subjectId, `file-${index}`, person.file);
    if (person.isErased) {
      expect(value).toBeNull();
      expect(bytes).toBeNull();
    } else {
      expect(value).toEqual({ name: `Person ${index}`, email: `p${index}@example.org` });
      expect(bytes?.toString()).toBe(`bytes of ${index}`);
    }
  }
}

describe.each(testDbKinds())('derived keys and the key migration on %s', (kind) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(kind, { poolSize: 10 });
    await testDb.db.query(`CREATE TABLE test_indexed (
      subject_id text PRIMARY KEY,
      email      text,
      email_hash text UNIQUE
    )`);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('wraps new data keys with the HKDF wrapping key, never with the master key itself', async () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const subjectId = uniqueId('derived-');
    const sealed = await testDb.db.transaction((tx) => vault.seal(tx, subjectId, 'hello'));
    const [row] = await keyRows(testDb.db, subjectId);
    expect(row!.key_scheme).toBe(KEY_SCHEME.DERIVED);
    const wrapped = Buffer.from(row!.wrapped_key!, 'hex');
    expect(() => aesGcmOpen(masterKey, wrapped, `data-key:${subjectId}`)).toThrow();
    const dataKey = aesGcmOpen(hkdf(masterKey, 'sahay-vault:data-key-wrap'), wrapped, `data-key:${subjectId}`);
    expect(dataKey).toHaveLength(32);
    expect(await vault.reveal(testDb.db, sealed)).toBe('hello');
  });

  it('keys blind indexes with the HKDF blind-index key, apart from every other derived key', () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const expected = crypto.createHmac('sha256', hkdf(masterKey, 'sahay-vault:blind-index')).update('email\u0000a@example.org').digest('base64url');
    expect(vault.blindIndex('email', 'a@example.org')).toBe(expected);
    expect(vault.blindIndex('email', 'a@example.org')).not.toBe(legacyBlindIndex(masterKey, 'email', 'a@example.org'));
    // deriveKey's info is `sahay:<purpose>`: no purpose reaches the vault's own keys.
    expect(vault.deriveKey('vault:blind-index').equals(hkdf(masterKey, 'sahay-vault:blind-index'))).toBe(false);
    expect(vault.deriveKey('id-card').equals(hkdf(masterKey, 'sahay:id-card'))).toBe(true);
    // The key ID names the key: the same master key gives the same ID, another key another.
    expect(new PersonalDataVault(masterKey).blindIndexKeyId).toBe(vault.blindIndexKeyId);
    expect(new PersonalDataVault(crypto.randomBytes(32)).blindIndexKeyId).not.toBe(vault.blindIndexKeyId);
    expect(vault.blindIndexKeyId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives projections the current blind index through their context', async () => {
    const vault = new PersonalDataVault(crypto.randomBytes(32));
    const store = new EventStore({ db: testDb.db, vault });
    const context = store.projectionContext(testDb.db);
    expect(context.blindIndex('email', 'x@example.org')).toBe(vault.blindIndex('email', 'x@example.org'));
  });

  it('re-wraps every live old-scheme key in batches; everything still opens, erased keys stay erased, a second run changes nothing', async () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const prefix = uniqueId('legacy-');
    const people = await populateLegacy(testDb.db, vault, masterKey, prefix, 8);
    const before = await keyRows(testDb.db, prefix);
    expect(before.every((row) => row.key_scheme === KEY_SCHEME.MASTER)).toBe(true);
    // Old-scheme keys open before the migration too: a process may serve before it has run.
    await expectAllOpen(testDb.db, vault, people);

    const rewrapped = await rewrapDataKeys({ db: testDb.db, vault, batchSize: 3 });
    const live = people.filter((person) => !person.isErased).length;
    expect(live).toBe(6);
    // Other tests' rows in this database are new-scheme already; only this test's are re-wrapped.
    expect(rewrapped).toBe(live);
    const after = await keyRows(testDb.db, prefix);
    expect(after.map((row) => row.key_scheme)).toEqual(after.map(() => KEY_SCHEME.DERIVED));
    for (const [index, row] of after.entries()) {
      expect(row.wrapped_key === null).toBe(people[index]!.isErased);
      if (row.wrapped_key) {
        expect(row.wrapped_key).not.toBe(before[index]!.wrapped_key);
        // The data key is the same one, now under the derived key.
        const underMaster = aesGcmOpen(masterKey, Buffer.from(before[index]!.wrapped_key!, 'hex'), `data-key:${row.subject_id}`);
        const underDerived = aesGcmOpen(hkdf(masterKey, 'sahay-vault:data-key-wrap'), Buffer.from(row.wrapped_key, 'hex'), `data-key:${row.subject_id}`);
        expect(underDerived.equals(underMaster)).toBe(true);
      }
    }
    await expectAllOpen(testDb.db, vault, people);
    // Erased stays erased: nothing new can be sealed for them.
    await expect(testDb.db.transaction((tx) => vault.seal(tx, people[2]!.subjectId, 'again'))).rejects.toThrow(/erased/);

    const again = await runKeyMigrations({ db: testDb.db, vault, modules: [], now });
    expect(again).toEqual({ rewrapped: 0, reindexed: [] });
    expect(await keyRows(testDb.db, prefix)).toEqual(after);
  });

  it('loses nothing when a run stops half-way, and the next run finishes it', async () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const prefix = uniqueId('halfway-');
    const people = await populateLegacy(testDb.db, vault, masterKey, prefix, 6);

    // One batch commits; the next one fails before its commit (a crash), so it rolls back.
    await testDb.db.transaction((tx) => vault.rewrapMasterWrappedKeys(tx, 2));
    await expect(
      testDb.db.transaction(async (tx) => {
        await vault.rewrapMasterWrappedKeys(tx, 2);
        throw new Error('the process died');
      }),
    ).rejects.toThrow('the process died');
    const mixed = await keyRows(testDb.db, prefix);
    expect(new Set(mixed.map((row) => row.key_scheme))).toEqual(new Set([KEY_SCHEME.MASTER, KEY_SCHEME.DERIVED]));
    await expectAllOpen(testDb.db, vault, people);

    await runKeyMigrations({ db: testDb.db, vault, modules: [], now });
    expect((await keyRows(testDb.db, prefix)).every((row) => row.key_scheme === KEY_SCHEME.DERIVED)).toBe(true);
    await expectAllOpen(testDb.db, vault, people);
  });

  it('stops, saying which key to check, when an old-scheme key does not open with the master key given', async () => {
    const prefix = uniqueId('wrong-master-');
    await insertLegacyKey(testDb.db, crypto.randomBytes(32), `${prefix}a`);
    const before = await keyRows(testDb.db, prefix);
    const vault = new PersonalDataVault(crypto.randomBytes(32));
    await expect(runKeyMigrations({ db: testDb.db, vault, modules: [], now })).rejects.toThrow(
      `The data key of ${prefix}a does not open with this master key: is SAHAY_MASTER_KEY (or $SAHAY_DATA_DIR/master.key) the one this database was made with?`,
    );
    expect(await keyRows(testDb.db, prefix)).toEqual(before);
    // Out of the way of the tests after this one, which re-wrap every old-scheme key there is.
    await testDb.db.query(`DELETE FROM data_keys WHERE subject_id LIKE $1 || '%'`, [prefix]);
  });

  it('refuses a key scheme it does not know, naming it', async () => {
    const vault = new PersonalDataVault(crypto.randomBytes(32));
    const subjectId = uniqueId('future-');
    await testDb.db.query(`INSERT INTO data_keys (subject_id, wrapped_key, key_scheme) VALUES ($1, $2, 9)`, [subjectId, crypto.randomBytes(60)]);
    await expect(vault.openBytes(testDb.db, subjectId, 'f', crypto.randomBytes(40))).rejects.toThrow(`uses key scheme 9`);
    await expect(testDb.db.query(`INSERT INTO data_keys (subject_id, wrapped_key, key_scheme) VALUES ($1, NULL, 0)`, [uniqueId('zero-')])).rejects.toThrow(
      /check/i,
    );
  });

  it('re-indexes a module once per blind-index key, in one transaction with its marker', async () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const name = uniqueId('test-module-');
    const subjectId = uniqueId('indexed-');
    await testDb.db.query(`INSERT INTO test_indexed (subject_id, email, email_hash) VALUES ($1, $2, $3)`, [
      subjectId,
      'a@example.org',
      legacyBlindIndex(masterKey, 'email', 'a@example.org'),
    ]);
    const calls: string[] = [];
    let shouldFail = true;
    const module: SahayModule = {
      name,
      async reindex({ tx, blindIndex }: ReindexContext) {
        calls.push(name);
        await tx.query(`UPDATE test_indexed SET email_hash = $2 WHERE subject_id = $1`, [subjectId, blindIndex('email', 'a@example.org')]);
        if (shouldFail) throw new Error('reindex failed half-way');
      },
    };
    const hashOf = async () => (await testDb.db.query<{ email_hash: string }>(`SELECT email_hash FROM test_indexed WHERE subject_id = $1`, [subjectId])).rows[0]!.email_hash;

    // A hook that fails leaves neither its writes nor the marker: the next run tries again.
    await expect(reindexModules({ db: testDb.db, vault, modules: [module], now })).rejects.toThrow('reindex failed half-way');
    expect(await hashOf()).toBe(legacyBlindIndex(masterKey, 'email', 'a@example.org'));
    shouldFail = false;

    expect(await runKeyMigrations({ db: testDb.db, vault, modules: [module], now })).toEqual({ rewrapped: 0, reindexed: [name] });
    expect(await hashOf()).toBe(vault.blindIndex('email', 'a@example.org'));
    const { rows } = await testDb.db.query<{ key_id: string; indexed_at: Date }>(`SELECT key_id, indexed_at FROM blind_index_versions WHERE module = $1`, [name]);
    expect(rows).toEqual([{ key_id: vault.blindIndexKeyId, indexed_at: NOW }]);

    expect(await runKeyMigrations({ db: testDb.db, vault, modules: [module], now })).toEqual({ rewrapped: 0, reindexed: [] });
    expect(calls).toHaveLength(2);

    // Another master key (a rotation) is another blind-index key: re-indexed once more.
    const rotated = new PersonalDataVault(crypto.randomBytes(32));
    expect(await reindexModules({ db: testDb.db, vault: rotated, modules: [module], now })).toEqual([name]);
    expect(await hashOf()).toBe(rotated.blindIndex('email', 'a@example.org'));
    expect(calls).toHaveLength(3);
  });

  it('makes replay equal live again once a projection that hashes with the current key is re-indexed', async () => {
    const masterKey = crypto.randomBytes(32);
    const vault = new PersonalDataVault(masterKey);
    const table = `test_people_${crypto.randomBytes(4).toString('hex')}`;
    await testDb.db.query(`CREATE TABLE ${table} (subject_id text PRIMARY KEY, email text, email_hash text UNIQUE)`);
    const projection: Projection<string> = {
      name: table,
      tables: [table],
      handles: ['TestPersonRegistered'],
      async apply(event, { tx, tables, reveal, blindIndex }) {
        const { subjectId, personal } = event.data as { subjectId: string; personal: Sealed };
        const email = (await reveal<{ email: string }>(personal))?.email ?? null;
        await tx.query(`INSERT INTO ${tables[table]} (subject_id, email, email_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
          subjectId,
          email,
          email === null ? null : blindIndex('email', email),
        ]);
      },
    };
    const module: SahayModule = {
      name: table,
      inlineProjections: [projection],
      async reindex({ tx, blindIndex }) {
        const { rows } = await tx.query<{ subject_id: string; email: string }>(`SELECT subject_id, email FROM ${table} WHERE email IS NOT NULL`);
        for (const row of rows) await tx.query(`UPDATE ${table} SET email_hash = $2 WHERE subject_id = $1`, [row.subject_id, blindIndex('email', row.email)]);
      },
    };
    const store = new EventStore({ db: testDb.db, vault, inlineProjections: [projection] });
    const prefix = uniqueId('person-');
    for (const index of [1, 2, 3]) {
      const subjectId = `${prefix}${index}`;
      await store.append(async (tx) => {
        await insertLegacyKey(tx, masterKey, subjectId);
        const personal = await vault.seal(tx, subjectId, { email: `p${index}@example.org` });
        return [{ streamId: `test-person-${subjectId}`, expected: 'no_stream', events: [{ type: 'TestPersonRegistered', data: { subjectId, personal } }] }];
      }, meta());
    }
    // The read model as the code before decision 019 left it: hashes under the master key.
    await testDb.db.query(`UPDATE ${table} SET email_hash = NULL`);
    for (const index of [1, 2, 3]) {
      await testDb.db.query(`UPDATE ${table} SET email_hash = $2 WHERE subject_id = $1`, [
        `${prefix}${index}`,
        legacyBlindIndex(masterKey, 'email', `p${index}@example.org`),
      ]);
    }
    const [stale] = await replayAndCompare({ db: testDb.db, eventStore: store }, table);
    expect(stale!.differences).toHaveLength(1);

    const report = await runKeyMigrations({ db: testDb.db, vault, modules: [module], now });
    expect(report.reindexed).toEqual([table]);
    expect(report.rewrapped).toBe(3);
    const [fresh] = await replayAndCompare({ db: testDb.db, eventStore: store }, table);
    expect(fresh).toEqual({ projection: table, events: 3, differences: [] });
  });

  if (kind === 'postgres') {
    it('is safe when two processes run it at once: every key re-wrapped once, each module re-indexed once', async () => {
      const masterKey = crypto.randomBytes(32);
      const vault = new PersonalDataVault(masterKey);
      const prefix = uniqueId('together-');
      const people = await populateLegacy(testDb.db, vault, masterKey, prefix, 30);
      const name = uniqueId('together-module-');
      let reindexCalls = 0;
      const module: SahayModule = {
        name,
        async reindex({ tx }) {
          reindexCalls += 1;
          // Long enough for the other process to arrive and wait on the lock.
          await tx.query('SELECT pg_sleep(0.2)');
        },
      };
      // Two pools: two processes' worth of connections.
      const other = connectPostgres(testDb.url!, { poolSize: 3 });
      try {
        const [a, b] = await Promise.all([
          runKeyMigrations({ db: testDb.db, vault, modules: [module], now, batchSize: 4 }),
          runKeyMigrations({ db: other, vault: new PersonalDataVault(masterKey), modules: [module], now, batchSize: 4 }),
        ]);
        expect(a.rewrapped + b.rewrapped).toBe(people.filter((person) => !person.isErased).length);
        expect([...a.reindexed, ...b.reindexed]).toEqual([name]);
        expect(reindexCalls).toBe(1);
      } finally {
        await other.close();
      }
      expect((await keyRows(testDb.db, prefix)).every((row) => row.key_scheme === KEY_SCHEME.DERIVED)).toBe(true);
      await expectAllOpen(testDb.db, vault, people);
    });
  }
});
