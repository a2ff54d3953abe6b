import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { createAccount, getMemberEntry } from '#server/modules/identity/identity.api';
import { createServices } from '#server/services';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

describe('npm run erase', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-erase-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const open = () => createServices({ config: loadConfig({ SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });

  it(
    'erases a person with a reason, recorded with the tool as actor; says so when done already; refuses bad arguments',
    async () => {
      let services = await open();
      let userId: string;
      try {
        userId = await createAccount(
          services,
          { role: 'member', permissions: [], password: 'a long member password', fullName: 'Tool Erased', email: 'tool.erased@example.org', phone: '9876543210', address: '1 Lane', city: 'Agra', state: 'Uttar Pradesh' },
          { actor: 'system', correlationId: crypto.randomUUID() },
        );
      } finally {
        await services.close();
      }

      const noReason = runTool('erase.ts', [userId], { SAHAY_DATA_DIR: dataDir });
      expect([noReason.code, noReason.stderr]).toEqual([2, expect.stringMatching(/--reason: Give a reason/)]);
      const personal = runTool('erase.ts', [userId, '--reason', 'asked by tool.erased@example.org'], { SAHAY_DATA_DIR: dataDir });
      expect([personal.code, personal.stderr]).toEqual([2, expect.stringMatching(/without names, e-mail addresses or phone numbers/)]);
      const noUser = runTool('erase.ts', ['--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([noUser.code, noUser.stderr]).toEqual([2, expect.stringMatching(/user ID/)]);
      const unknown = runTool('erase.ts', ['SH0000001', '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/not found/)]);

      const result = runTool('erase.ts', [userId.toLowerCase(), '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toContain(`The personal data of ${userId} is erased`);
      const again = runTool('erase.ts', [userId, '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('was already erased')]);

      services = await open();
      try {
        expect(await getMemberEntry(services.db, userId)).toMatchObject({ status: 'erased', fullName: '[erased]', email: null });
        const erased = (await services.eventStore.readStream(`user-${userId}`)).filter((event) => event.type === 'PersonalDataErased');
        expect(erased).toHaveLength(1);
        expect(erased[0]).toMatchObject({ data: { reason: 'Asked to be forgotten' }, metadata: { actor: 'tool:erase' } });
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS * 6,
  );
});
