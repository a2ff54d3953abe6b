import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/db';
import { connectPostgres } from '#server/db/postgres';
import { EventStore } from '#server/event-store/event-store';
import { raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import type { Services } from '#server/services';
import { pledgeInput, uniqueUtr } from '../donations.test-helper.ts';
import { utrAlreadyUsed } from '../donation.decider.ts';
import { verifyDonation } from '../verification/verify-donation.ts';

/**
 * Receipt serials are gap-free per financial year (issue 10): allocated inside the verifying append
 * as the exact version of the year's serial stream, read under a row lock. On PostgreSQL the
 * verifications below really overlap — half of them through a second connection pool, as a second
 * server process would; on PGlite they are serialised.
 */
describe.each(testDbKinds())('receipt serials and UTR claims on %s', (kind) => {
  let app: TestApp;
  const SEPTEMBER_2030 = new Date('2030-09-01T06:00:00.000Z');
  let clock = SEPTEMBER_2030;
  let finance: AppCaller;
  let otherFinance: AppCaller;
  let financeUserId: string;
  /** Another "server process": its own pool on the same database, the same master key. */
  let otherProcess: Services;
  let otherDb: Db | null = null;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    const admin = await app.account({ role: 'admin', permissions: ['finance'] });
    financeUserId = admin.userId;
    finance = await app.caller({ token: admin.token });
    otherFinance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    otherProcess = app.services;
    if (kind === 'postgres') {
      const { rows } = await app.services.db.query<{ name: string }>(`SELECT current_database() AS name`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      otherDb = connectPostgres(url.toString(), { poolSize: 12, applicationName: 'sahay-test-second-process' });
      const { eventStore } = app.services;
      otherProcess = {
        ...app.services,
        db: otherDb,
        eventStore: new EventStore({
          db: otherDb,
          vault: eventStore.vault,
          upcasters: eventStore.upcasters,
          inlineProjections: eventStore.inlineProjections,
          asyncProjections: eventStore.asyncProjections,
        }),
      };
    }
  });
  afterAll(async () => {
    await otherDb?.close();
    await app?.close();
  });

  /** `count` donations with their proof in, ready to verify. */
  async function pledgesWithProof(count: number): Promise<{ reference: string; utr: string }[]> {
    const visitor = await app.caller();
    const pledges: { reference: string; utr: string }[] = [];
    for (let index = 0; index < count; index++) {
      const input = pledgeInput();
      const { reference } = await visitor.donations.create(input);
      const utr = uniqueUtr();
      await visitor.donations.submitProof({ reference, contact: input.email!, utr });
      pledges.push({ reference: reference.replace('-', ''), utr });
    }
    return pledges;
  }

  async function allocations(streamId: string): Promise<{ number: number; reference: string; serial: string }[]> {
    const events = await app.services.eventStore.readStream(streamId);
    return events.map((event) => {
      const data = event.data as { number: number; reference: string; serial: string };
      expect(event.streamVersion).toBe(data.number);
      return { number: data.number, reference: data.reference, serial: data.serial };
    });
  }

  it('gives 20 verifications at once the serials 1 to 20 of the year, each once, with no gap', async () => {
    const pledges = await pledgesWithProof(20);
    const { succeeded, refusals } = await raceCalls(20, (index) =>
      verifyDonation(index % 2 === 0 ? app.services : otherProcess, { reference: pledges[index]!.reference, receivedOn: '2030-09-01', mode: 'upi' }, {
        actor: financeUserId,
        correlationId: `serial-race-${index}`,
      }),
    );
    expect(refusals).toEqual([]);
    const numbers = succeeded.map((result) => Number(result.receiptSerial.split('/')[2])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(new Set(succeeded.map((result) => result.receiptSerial)).size).toBe(20);
    expect(succeeded.every((result) => result.receiptSerial.startsWith('SAHAY/2030-31/'))).toBe(true);

    const stream = await allocations('receipt-serials-SAHAY-2030-31');
    expect(stream.map((entry) => entry.number)).toEqual(numbers);
    expect(new Set(stream.map((entry) => entry.reference))).toEqual(new Set(pledges.map((pledge) => pledge.reference)));
    // Each donation's receipt holds the serial the stream allocated to it.
    const { rows } = await app.services.db.query<{ reference: string; receipt_serial: string }>(
      `SELECT reference, receipt_serial FROM donations WHERE financial_year = '2030-31' ORDER BY receipt_serial`,
    );
    expect(rows.map((row) => [row.reference, row.receipt_serial])).toEqual(stream.map((entry) => [entry.reference, entry.serial]));
  });

  it('never frees a number: after a cancellation the next verification takes the next serial, and the cancelled one keeps its own', async () => {
    const before = await allocations('receipt-serials-SAHAY-2030-31');
    const [first, second] = await pledgesWithProof(2);
    const issued = await finance.donations.admin.verify({ reference: first!.reference, receivedOn: '2030-09-01', mode: 'upi' });
    expect(issued.receiptSerial).toBe(`SAHAY/2030-31/${String(before.length + 1).padStart(6, '0')}`);
    const cancelled = await finance.donations.admin.cancel({ reference: first!.reference, reason: 'Chargeback from the bank' });
    expect(cancelled).toMatchObject({ status: 'cancelled', receiptSerial: issued.receiptSerial });
    const next = await finance.donations.admin.verify({ reference: second!.reference, receivedOn: '2030-09-01', mode: 'upi' });
    expect(next.receiptSerial).toBe(`SAHAY/2030-31/${String(before.length + 2).padStart(6, '0')}`);
    expect((await allocations('receipt-serials-SAHAY-2030-31')).map((entry) => entry.number)).toEqual(Array.from({ length: before.length + 2 }, (_, index) => index + 1));
  });

  it('numbers each financial year from 1', async () => {
    // Early April 2029: cash counted at the office on 31 March belongs to the year that just ended.
    clock = new Date('2029-04-02T06:00:00.000Z');
    try {
      const gift = (receivedOn: string) =>
        finance.donations.admin.recordOffline({ amountPaise: 1_000_00, cause: 'general', donorName: 'Year End', phone: '9876500001', mode: 'cash', receivedOn, showName: false });
      const inMarch = await gift('2029-03-31');
      const inApril = await gift('2029-04-01');
      expect([inMarch.receiptSerial, inApril.receiptSerial]).toEqual(['SAHAY/2028-29/000001', 'SAHAY/2029-30/000001']);
    } finally {
      clock = SEPTEMBER_2030;
    }
  });

  it('a new receipt prefix starts its own series from 1, and a later settings change never alters an issued receipt', async () => {
    const settingsAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['settings'] })).token });
    const [earlier, later] = await pledgesWithProof(2);
    await finance.donations.admin.verify({ reference: earlier!.reference, receivedOn: '2030-09-01', mode: 'upi' });
    const { version } = await settingsAdmin.site.settings.get();
    await settingsAdmin.site.settings.update({ expectedVersion: version, data: { receiptPrefix: 'SF-NEW', foundationName: { en: 'Sahay Trust', hi: 'सहाय ट्रस्ट' }, pan: 'AAATS1234F' } });
    try {
      const fresh = await finance.donations.admin.verify({ reference: later!.reference, receivedOn: '2030-09-01', mode: 'upi' });
      expect(fresh.receiptSerial).toBe('SF-NEW/2030-31/000001');
      const receiptOf = async (reference: string) => {
        const events = await app.services.eventStore.readStream(`donation-${reference}`);
        return (events.find((event) => event.type === 'DonationVerified')!.data as { receipt: { serial: string; issuer: { foundationName: { en: string }; pan: string } } }).receipt;
      };
      expect(await receiptOf(earlier!.reference)).toMatchObject({ serial: expect.stringMatching(/^SAHAY\//), issuer: { foundationName: { en: 'Sahay Foundation' }, pan: '' } });
      expect(await receiptOf(later!.reference)).toMatchObject({ serial: 'SF-NEW/2030-31/000001', issuer: { foundationName: { en: 'Sahay Trust' }, pan: 'AAATS1234F' } });
    } finally {
      const current = await settingsAdmin.site.settings.get();
      await settingsAdmin.site.settings.update({ expectedVersion: current.version, data: { receiptPrefix: 'SAHAY', foundationName: { en: 'Sahay Foundation', hi: 'सहाय फ़ाउंडेशन' }, pan: '' } });
    }
  });

  it('two admins verifying two donations with the same UTR at once: exactly one succeeds, the other is told which donation holds it', async () => {
    for (let round = 0; round < 5; round++) {
      const utr = uniqueUtr();
      const visitor = await app.caller();
      const references: string[] = [];
      for (let index = 0; index < 2; index++) {
        const input = pledgeInput();
        const { reference } = await visitor.donations.create(input);
        await visitor.donations.submitProof({ reference, contact: input.email!, utr });
        references.push(reference);
      }
      const admins = [finance, otherFinance];
      const results = await Promise.allSettled(references.map((reference, index) => admins[index]!.donations.admin.verify({ reference, receivedOn: '2030-09-01', mode: 'upi' })));
      const winners = results.flatMap((result, index) => (result.status === 'fulfilled' ? [references[index]!] : []));
      const losers = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code: string; message: string }] : []));
      expect(winners).toHaveLength(1);
      expect(losers.map((error) => [error.code, error.message])).toEqual([['CONFLICT', utrAlreadyUsed(winners[0]!.replace('-', ''))]]);
      const { rows } = await app.services.db.query<{ reference: string }>(`SELECT data->>'reference' AS reference FROM events WHERE type = 'UtrClaimed' AND stream_id LIKE 'donation-utr-%' AND data->>'reference' = ANY($1::text[])`, [
        references.map((reference) => reference.replace('-', '')),
      ]);
      expect(rows.map((row) => row.reference)).toEqual([winners[0]!.replace('-', '')]);
      const statuses = await app.services.db.query<{ status: string }>(`SELECT status FROM donations WHERE reference = ANY($1::text[]) ORDER BY status`, [
        references.map((reference) => reference.replace('-', '')),
      ]);
      expect(statuses.rows.map((row) => row.status)).toEqual(['proof_received', 'verified']);
    }
  });
});
