import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ZCreateDonationRequestSchema } from '#server/modules/donations/giving/create-donation.schema';
import { createDonation } from '#server/modules/donations/donations.api';
import { createAccount, getMemberEntry } from '#server/modules/identity/identity.api';
import { createServices } from '#server/create-services';
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

  it(
    'erases a donor who never had an account by the contact they gave (issue 29); says so when nothing is left; refuses a bad contact',
    async () => {
      let services = await open();
      let reference: string;
      try {
        const meta = { actor: 'anonymous', correlationId: crypto.randomUUID() };
        const input = ZCreateDonationRequestSchema.parse({ amountPaise: 50_000, cause: 'general', donorName: 'Contact Only Donor', email: 'contact.only@example.org', address: '9 Nehru Road' });
        reference = (await createDonation(services, input, null, meta)).reference.replace('-', '');
      } finally {
        await services.close();
      }
      const bad = runTool('erase.ts', ['--contact', 'not-a-contact', '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--contact: Enter the e-mail address or mobile number/)]);
      const result = runTool('erase.ts', ['--contact', 'Contact.Only@example.org', '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([result.code, result.stderr]).toEqual([0, '']);
      expect(result.stdout).toMatch(/erased[\s\S]*donations: 1/);
      const again = runTool('erase.ts', ['--contact', 'contact.only@example.org', '--reason', 'Asked to be forgotten'], { SAHAY_DATA_DIR: dataDir });
      expect([again.code, again.stdout]).toEqual([0, expect.stringContaining('Nothing given with this contact is left to erase')]);

      services = await open();
      try {
        const { rows } = await services.db.query(`SELECT donor_name, donor_email, donor_address FROM donations WHERE reference = $1`, [reference]);
        expect(rows).toEqual([{ donor_name: null, donor_email: null, donor_address: null }]);
        // This erasure's record (the file's first test erased a member, with a record of its own).
        const records = (
          await services.db.query<{ data: { userId: string | null; erased: Record<string, number> }; metadata: { actor: string } }>(
            `SELECT data, metadata FROM events WHERE type = 'PersonErased' AND data->>'userId' IS NULL`,
          )
        ).rows;
        expect(records).toEqual([expect.objectContaining({ data: expect.objectContaining({ userId: null, erased: expect.objectContaining({ donations: 1 }) }), metadata: expect.objectContaining({ actor: 'tool:erase' }) })]);
        expect(JSON.stringify(records)).not.toMatch(/contact\.only|Nehru/i);
      } finally {
        await services.close();
      }
    },
    TOOL_TIMEOUT_MS * 5,
  );
});
