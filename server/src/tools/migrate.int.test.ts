import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_SCHEME, PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { itWhere, needsPostgres } from '#server/testing/requires';
import { connectAsAppRole, createTestDb } from '#server/testing/test-db';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

/** A data key as the code before decision 019 wrote it: under the raw master key, scheme column left to its default. */
function legacyWrapped(masterKey: Buffer, subjectId: string, dataKey: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(`data-key:${subjectId}`));
  const ct = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

describe('npm run migrate', { timeout: TOOL_TIMEOUT_MS * 2 }, () => {
  it('migrates the embedded database, then reports nothing to do', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-migrate-'));
    try {
      const first = runTool('migrate.ts', [], { SAHAY_DATA_DIR: dataDir });
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Applied: 1732200000000_event-store');
      expect(first.stdout).toContain('1732200001100_app-role');
      const second = runTool('migrate.ts', [], { SAHAY_DATA_DIR: dataDir });
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('The database schema is up to date.');
      expect(second.stdout).toContain('The keys are up to date.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an owner URL without an app URL, naming the variable', () => {
    const result = runTool('migrate.ts', [], { SAHAY_DATA_DIR: os.tmpdir(), DATABASE_OWNER_URL: 'postgres://owner@127.0.0.1:1/sahay' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_OWNER_URL: needs DATABASE_URL too');
  });

  itWhere([needsPostgres], 're-wraps old-scheme data keys as the owner while DATABASE_URL names the app role', async () => {
    const testDb = await createTestDb('postgres', { poolSize: 2 });
    const app = await connectAsAppRole(testDb);
    try {
      const masterKey = crypto.randomBytes(32);
      const subjectId = `user-${crypto.randomUUID()}`;
      const dataKey = crypto.randomBytes(32);
      await testDb.db.query(`INSERT INTO data_keys (subject_id, wrapped_key) VALUES ($1, $2)`, [subjectId, legacyWrapped(masterKey, subjectId, dataKey)]);
      const vault = new PersonalDataVault(masterKey);
      const sealed = await testDb.db.transaction((tx) => vault.seal(tx, subjectId, 'kept'));

      const env = { DATABASE_URL: app.url, DATABASE_OWNER_URL: testDb.url!, SAHAY_MASTER_KEY: masterKey.toString('base64'), SAHAY_DATA_DIR: os.tmpdir() };
      const first = runTool('migrate.ts', [], env);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('The database schema is up to date.');
      expect(first.stdout).toContain('Re-wrapped 1 data key(s) with the derived wrapping key.');
      const { rows } = await testDb.db.query<{ key_scheme: number }>(`SELECT key_scheme FROM data_keys WHERE subject_id = $1`, [subjectId]);
      expect(rows).toEqual([{ key_scheme: KEY_SCHEME.DERIVED }]);
      expect(await vault.reveal(app.db, sealed)).toBe('kept');

      const second = runTool('migrate.ts', [], env);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('The keys are up to date.');
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
