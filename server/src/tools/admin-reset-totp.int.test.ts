import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { base32Decode, totp } from '#server/lib/totp';
import { beginTotpSetup, confirmTotpSetup, createAccount, getTotpStatus, logIn } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

describe('npm run admin:reset-totp', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-reset-totp-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const open = () => createServices({ config: loadConfig({ SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });

  it(
    'turns off an admin’s two-factor sign-in with a reason, recorded with the tool as actor; refuses bad arguments',
    async () => {
      let services = await open();
      let userId: string;
      try {
        userId = await createAccount(
          services,
          { role: 'admin', permissions: ['members'], password: 'a long admin password', fullName: 'Only Admin', email: 'only@example.org', phone: '9876543210', address: '-', city: '-', state: '-' },
          { actor: 'system', correlationId: crypto.randomUUID() },
        );
        const { secret } = await beginTotpSetup(services, { userId });
        await confirmTotpSetup(services, { userId }, totp(base32Decode(secret), new Date()), { actor: userId, correlationId: crypto.randomUUID() });
        expect((await getTotpStatus(services.db, userId)).enabled).toBe(true);
      } finally {
        await services.close();
      }

      const noReason = runTool('admin-reset-totp.ts', [userId], { SAHAY_DATA_DIR: dataDir });
      expect(noReason.code).toBe(2);
      expect(noReason.stderr).toMatch(/--reason: Give a reason/);
      const noUser = runTool('admin-reset-totp.ts', ['--reason', 'Lost phone'], { SAHAY_DATA_DIR: dataDir });
      expect(noUser.code).toBe(2);
      expect(noUser.stderr).toMatch(/user ID/);

      const result = runTool('admin-reset-totp.ts', [userId.toLowerCase(), '--reason', 'Lost phone, checked in person'], { SAHAY_DATA_DIR: dataDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Two-factor sign-in is off for ${userId}`);
      const again = runTool('admin-reset-totp.ts', [userId, '--reason', 'Lost phone, checked in person'], { SAHAY_DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/not on/);

      services = await open();
      try {
        expect((await getTotpStatus(services.db, userId)).enabled).toBe(false);
        const [disabled] = (await services.eventStore.readStream(`user-${userId}`)).filter((event) => event.type === 'AdminTotpDisabled');
        expect(disabled).toMatchObject({ data: { by: 'admin', reason: 'Lost phone, checked in person' }, metadata: { actor: 'tool:admin:reset-totp' } });
        await expect(logIn(services, { userId, password: 'a long admin password' }, { kind: 'bearer', requireAdmin: true })).resolves.toBeDefined();
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS * 3,
  );
});
