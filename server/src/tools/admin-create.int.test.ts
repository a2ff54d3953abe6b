import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { logIn } from '#server/modules/identity/identity.api';
import { getMe } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';

describe('npm run admin:create', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-admin-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates a confirmed super-admin who can sign in, and prints the new user ID last',
    async () => {
      const result = runTool('admin-create.ts', ['--email', 'Office@Example.org', '--name', 'Office Admin'], {
        SAHAY_DATA_DIR: dataDir,
        SAHAY_ADMIN_PASSWORD: 'a long admin password',
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const userId = result.stdout.trim().split('\n').at(-1);
      expect(userId).toMatch(/^SH\d{7}$/);

      const config = loadConfig({ SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });
      try {
        const session = await logIn(services, { email: 'office@example.org', password: 'a long admin password' }, { kind: 'bearer', requireAdmin: true });
        expect(session.user).toMatchObject({ userId, role: 'admin', permissions: ['content', 'finance', 'verification', 'members', 'settings'] });
        expect(await getMe(services.db, userId!)).toMatchObject({ isActive: true, isEmailVerified: true });
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS,
  );

  it(
    'with --permissions, creates a staff admin holding just those, who can sign in to the console',
    async () => {
      const result = runTool('admin-create.ts', ['--email', 'accounts@example.org', '--name', 'Accounts Staff', '--permissions', 'finance, content'], {
        SAHAY_DATA_DIR: dataDir,
        SAHAY_ADMIN_PASSWORD: 'a long staff password',
      });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toContain('Created staff admin Accounts Staff <accounts@example.org> with the permissions content, finance.');
      const userId = result.stdout.trim().split('\n').at(-1);
      const config = loadConfig({ SAHAY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const services = await createServices({ config, log: pino({ level: 'silent' }), owner: 'test', runsJobs: false });
      try {
        const session = await logIn(services, { email: 'accounts@example.org', password: 'a long staff password' }, { kind: 'bearer', requireAdmin: true });
        expect(session.user).toMatchObject({ userId, role: 'admin', permissions: ['content', 'finance'] });
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS,
  );

  it(
    'refuses bad arguments, a short password and a duplicate e-mail, naming what is wrong',
    () => {
      const env = { SAHAY_DATA_DIR: dataDir, SAHAY_ADMIN_PASSWORD: 'a long admin password' };
      const noEmail = runTool('admin-create.ts', ['--name', 'Someone'], env);
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toMatch(/--email: E-mail is required/);
      const short = runTool('admin-create.ts', ['--email', 'x@example.org', '--name', 'Someone'], { ...env, SAHAY_ADMIN_PASSWORD: 'short' });
      expect(short.code).toBe(2);
      expect(short.stderr).toMatch(/at least 8 characters/);
      const noPassword = runTool('admin-create.ts', ['--email', 'x@example.org', '--name', 'Someone'], { SAHAY_DATA_DIR: dataDir });
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toMatch(/SAHAY_ADMIN_PASSWORD/);
      const unknown = runTool('admin-create.ts', ['--email', 'y@example.org', '--name', 'Someone', '--permissions', 'finance,payouts'], env);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/--permissions.*unknown permission "payouts" \(known: content, finance, verification, members, settings\)/);
      const empty = runTool('admin-create.ts', ['--email', 'y@example.org', '--name', 'Someone', '--permissions', ' , '], env);
      expect([empty.code, empty.stderr]).toEqual([2, expect.stringMatching(/--permissions: name at least one permission/)]);
      const twice = runTool('admin-create.ts', ['--email', 'y@example.org', '--name', 'Someone', '--permissions', 'finance,finance'], env);
      expect([twice.code, twice.stderr]).toEqual([2, expect.stringMatching(/--permissions: a permission is named twice/)]);
      const duplicate = runTool('admin-create.ts', ['--email', 'office@example.org', '--name', 'Again'], env);
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toMatch(/already exists/);
    },
    TOOL_TIMEOUT_MS * 2,
  );
});
