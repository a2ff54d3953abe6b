import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { uniqueDonor, verifiedDonation } from '../donations.test-helper.ts';
import { shredRetainedReceipts } from './shred-retained-receipts.job.ts';

/**
 * The daily shred of receipts kept past an erasure (issue 29 review): when more are due than one
 * batch holds, a run goes on batch after batch until none is left, and a run that is out of time
 * leaves the rest to the next one instead of never catching up.
 */
describe.each(testDbKinds())('shredding retained receipts in batches on %s', (kind) => {
  let app: TestApp;
  const clock = new Date('2031-07-01T06:00:00.000Z');

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    for (let n = 0; n < 5; n++) {
      const { email } = uniqueDonor(`kept-${n}`);
      await verifiedDonation(app, finance, { input: { donorName: 'Lata Joshi', email, pan: 'ABCDE1234F', address: '7 Temple Road, Nashik' }, receivedOn: '2031-07-01' });
      await membersAdmin.admin.members.eraseContact({ contact: email, reason: 'The donor asked to be forgotten' });
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const keptRecords = async () => (await app.services.db.query(`SELECT 1 FROM donation_receipt_retention WHERE record IS NOT NULL`)).rows.length;

  it('stops after the batch under way when its time is up, and the next run catches up batch after batch', async () => {
    expect(await keptRecords()).toBe(5);
    const due = new Date('2040-04-01T12:00:00.000Z');
    expect(await shredRetainedReceipts(app.services, due, { batchSize: 2, timeBudgetMs: 0 })).toBe(2);
    expect(await keptRecords()).toBe(3);
    expect(await shredRetainedReceipts(app.services, due, { batchSize: 2 })).toBe(3);
    expect(await keptRecords()).toBe(0);
    expect(await shredRetainedReceipts(app.services, due, { batchSize: 2 })).toBe(0);
  });
});
