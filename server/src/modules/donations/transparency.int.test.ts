import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { MIGRATIONS_DIR } from '#server/db/migrate';
import { catchUpAsyncProjections } from '#server/event-store/async-projections';
import { HELD_BACK_PATIENCE_MS } from '#server/testing/held-back';
import { replayAndCompare } from '#server/event-store/replay';
import { eraseDonation } from './erase-donation.ts';
import { pledgeInput, uniqueUtr } from './donations.test-helper.ts';
import { rejection } from '#server/testing/assertions';
import { fakeWebDist } from '#server/testing/fake-web-dist';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { PAGE_INVALID } from '#server/modules/transparency/transparency.schema';

describe.each(testDbKinds())('the transparency page on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2031-05-20T09:00:00.000Z');
  let finance: AppCaller;
  /** The app with a (fake) web build, so its pages render. */
  let web: Express;
  const dist = fakeWebDist();

  /** A pledge by a donor named `donorName`, with proof, verified as received on `receivedOn`. */
  async function verified(donorName: string, options: { showName: boolean; amountPaise: number; receivedOn: string; cause?: 'general' | 'medical' }) {
    clock = new Date(`${options.receivedOn}T06:00:00.000Z`);
    const input = pledgeInput({ donorName, showName: options.showName, amountPaise: options.amountPaise, cause: options.cause ?? 'general' });
    const visitor = await app.caller();
    const pay = await visitor.donations.create(input);
    await visitor.donations.submitProof({ reference: pay.reference, contact: input.email!, utr: uniqueUtr() });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn: options.receivedOn, mode: 'upi' });
    return pay.reference;
  }

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    web = createApp(app.services, { webDistDir: dist });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('lists verified gifts newest first, names only donors who agreed, leaves out cancelled and unverified ones, and replay equals live', async () => {
    await verified('Asha Early', { showName: true, amountPaise: 300_00, receivedOn: '2031-03-15', cause: 'medical' });
    const named = await verified('सुनीता देवी', { showName: true, amountPaise: 1_250_50, receivedOn: '2031-05-18' });
    await verified('Private Person', { showName: false, amountPaise: 500_00, receivedOn: '2031-05-19' });
    const bounced = await verified('Bounced Cheque', { showName: true, amountPaise: 9_999_00, receivedOn: '2031-05-19' });
    await finance.donations.admin.cancel({ reference: bounced, reason: 'Chargeback from the bank' });
    await (await app.caller()).donations.create(pledgeInput({ donorName: 'Never Paid', showName: true, amountPaise: 7_000_00 }));
    await app.runJobs();

    const page = await (await app.caller()).transparency.report.get({});
    expect(page.gifts).toEqual({
      page: 1,
      pageCount: 1,
      pageSize: 20,
      total: 3,
      items: [
        { receivedOn: '2031-05-19', amountPaise: 500_00, cause: 'general', donorName: null },
        { receivedOn: '2031-05-18', amountPaise: 1_250_50, cause: 'general', donorName: 'सुनीता देवी' },
        { receivedOn: '2031-03-15', amountPaise: 300_00, cause: 'medical', donorName: 'Asha Early' },
      ],
    });
    // 24 months ending in May 2031; the cancelled gift counts nowhere.
    expect(page.months).toHaveLength(24);
    expect([page.months[0]!.month, page.months.at(-1)!.month]).toEqual(['2029-06', '2031-05']);
    expect(page.months.filter((month) => month.receivedPaise !== 0)).toEqual([
      { month: '2031-03', receivedPaise: 300_00, disbursedPaise: 0 },
      { month: '2031-05', receivedPaise: 1_750_50, disbursedPaise: 0 },
    ]);
    expect(page.causes.map((cause) => [cause.cause, cause.receivedPaise])).toEqual([
      ['general', 1_750_50],
      ['kanyadan', 0],
      ['medical', 300_00],
      ['education', 0],
      ['accident', 0],
      ['environment', 0],
    ]);
    expect(page.totals).toEqual({ receivedPaise: 2_050_50, disbursedPaise: 0 });

    // REST answers the same; no page, API or download carries a name given without consent.
    const http = request(web);
    const json = await http.get('/api/transparency');
    expect([json.status, json.body]).toEqual([200, page]);
    const html = await http.get('/transparency');
    expect(html.status).toBe(200);
    expect(html.text).toContain(JSON.stringify(page.gifts));
    const csv = await http.get('/api/transparency.csv?lang=hi');
    expect([csv.status, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    for (const text of [JSON.stringify(json.body), html.text, csv.text]) {
      for (const hidden of ['Private Person', 'Bounced Cheque', 'Never Paid']) expect(text).not.toContain(hidden);
    }

    // A gift's name goes with its donor's data; the gift stays, anonymous.
    await eraseDonation(app.services, { reference: named.replace('-', ''), reason: 'Asked by the donor' }, { actor: 'system', correlationId: 'test', ip: null });
    await app.runJobs();
    const afterErasure = await (await app.caller()).transparency.report.get({});
    expect(afterErasure.gifts.items.map((gift) => gift.donorName)).toEqual([null, null, 'Asha Early']);
    expect(afterErasure.totals).toEqual(page.totals);

    const [result] = await replayAndCompare(app.services, 'site_transparency');
    expect(result!.differences).toEqual([]);
  });

  it('gives the page as a CSV with a BOM, its headings and "Anonymous" in the language asked for, names intact', async () => {
    const csv = await request(app.http()).get('/api/transparency.csv?lang=hi').buffer(true);
    const text = csv.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true }) as string[][];
    const page = await (await app.caller()).transparency.report.get({});
    expect(rows).toEqual([
      ['तारीख़', 'राशि (₹)', 'उद्देश्य', 'दाता'],
      ...page.gifts.items.map((gift) => [gift.receivedOn, `${Math.floor(gift.amountPaise / 100)}.${String(gift.amountPaise % 100).padStart(2, '0')}`, gift.cause === 'medical' ? 'चिकित्सा सहायता' : 'सामान्य', gift.donorName ?? 'गुमनाम']),
    ]);
    const english = parse((await request(app.http()).get('/api/transparency.csv')).text, { bom: true }) as string[][];
    expect(english[0]).toEqual(['Date', 'Amount (₹)', 'Cause', 'Donor']);
    expect(english.slice(1).map((row) => row[3])).toContain('Anonymous');
  });

  it('pages 20 gifts at a time, and a page past the last shows the last', async () => {
    for (let index = 0; index < 18; index += 1) await verified(`Donor ${index}`, { showName: true, amountPaise: 100_00 + index, receivedOn: '2031-06-01' });
    await app.runJobs();
    const visitor = await app.caller();
    const first = await visitor.transparency.report.get({ page: 1 });
    const second = await visitor.transparency.report.get({ page: 2 });
    expect([first.gifts.total, first.gifts.pageCount, first.gifts.items.length, second.gifts.items.length]).toEqual([21, 2, 20, 1]);
    expect(second.gifts.items[0]).toMatchObject({ receivedOn: '2031-03-15', donorName: 'Asha Early' });
    expect((await visitor.transparency.report.get({ page: 99 })).gifts).toEqual(second.gifts);
    const html = await request(web).get('/transparency?page=2');
    expect(html.text).toContain(JSON.stringify(second.gifts));
  });

  it('shows a gift once the worker has projected it, even when no event follows (the read before it is not kept)', async () => {
    await app.runJobs();
    const visitor = await app.caller();
    const before = await visitor.transparency.report.get({});
    await verified('Late Projected', { showName: true, amountPaise: 42_00, receivedOn: '2031-06-03' });
    // Read before the worker's projection, then only the projection runs: no event comes after it.
    expect((await visitor.transparency.report.get({})).gifts.total).toBe(before.gifts.total);
    const countersBefore = await visitor.transparency.counters.get();
    expect(await catchUpAsyncProjections(app.services, 'test', HELD_BACK_PATIENCE_MS)).toBe(true);
    const after = await visitor.transparency.report.get({});
    expect([after.gifts.total, after.gifts.items[0]?.donorName]).toEqual([before.gifts.total + 1, 'Late Projected']);
    expect((await visitor.transparency.counters.get()).fundsRaisedPaise - countersBefore.fundsRaisedPaise).toBe(42_00);
    await app.runJobs();
  });

  it('lists the payments out newest first with nobody named, 20 a page; the migration that made the list fills it as a replay would', async () => {
    const iso = (day: number) => `2031-04-${String(day).padStart(2, '0')}`;
    // 23 payments on 23 days of April, every third a Kanyadan benefit, the rest help withdrawals; then one more benefit on the last day.
    const payment = (index: number, day: number) =>
      index % 3 === 0
        ? { type: 'KanyadanBenefitDisbursed', data: { regNo: `KNYDN${8_000_000 + index}`, amountPaise: 21_000_00, utr: uniqueUtr(), paidOn: iso(day), district: 'Gaya', disbursedAt: `${iso(day)}T10:00:00.000Z` } }
        : {
            type: 'DisbursementPaid',
            data: { requestId: 'PAYS2345', disbursementId: crypto.randomUUID(), utr: uniqueUtr(), paidOn: iso(day), paidBy: 'SH0000001', paidAt: `${iso(day)}T10:00:00.000Z`, amountPaise: 1_000_00 + index, netPaise: 975_00 + index, cause: 'medical' },
          };
    const events = [...Array.from({ length: 23 }, (_, index) => payment(index, index + 1)), payment(24, 23)];
    await app.services.eventStore.append([{ streamId: `test-payments-${crypto.randomUUID()}`, expected: 'no_stream', events }], { actor: 'system', correlationId: 'payments-test' });
    await app.runJobs();

    const visitor = await app.caller();
    const first = await visitor.transparency.report.get({});
    const second = await visitor.transparency.report.get({ paidPage: 2 });
    expect([first.payments.total, first.payments.pageCount, first.payments.items.length, second.payments.items.length]).toEqual([24, 2, 20, 4]);
    // Newest day first; on one day, the one paid last first.
    expect(first.payments.items.slice(0, 3)).toEqual([
      { paidOn: iso(23), amountPaise: 21_000_00, cause: 'kanyadan', scheme: 'kanyadan' },
      { paidOn: iso(23), amountPaise: 975_00 + 22, cause: 'medical', scheme: 'help' },
      { paidOn: iso(22), amountPaise: 21_000_00, cause: 'kanyadan', scheme: 'kanyadan' },
    ]);
    expect(second.payments.items.map((item) => item.paidOn)).toEqual([iso(4), iso(3), iso(2), iso(1)]);
    expect(second.gifts).toEqual(first.gifts);
    expect((await visitor.transparency.report.get({ paidPage: 99 })).payments).toEqual(second.payments);
    // Nothing that points at a person or an application: no number, request, place or staff ID.
    const shown = JSON.stringify([first, second]);
    for (const hidden of ['KNYDN', 'PAYS2345', 'Gaya', 'SH0000001', events[1]!.data.utr as string]) expect(shown).not.toContain(hidden);

    const http = request(web);
    expect((await http.get('/api/transparency?paidPage=2')).body.payments).toEqual(second.payments);
    const html = await http.get('/transparency?paidPage=2');
    expect(html.text).toContain(JSON.stringify(second.payments));
    // Its spreadsheet: the same rows, in the language asked for, nobody named.
    const csv = await http.get('/api/transparency/payments.csv?paidPage=2&lang=hi').buffer(true);
    expect([csv.status, csv.headers['content-type'], csv.headers['content-disposition']]).toEqual([200, 'text/csv; charset=utf-8', 'attachment; filename="transparency-payments-page-2.csv"']);
    expect(csv.text.charCodeAt(0)).toBe(0xfeff);
    expect(parse(csv.text, { bom: true })).toEqual([
      ['तारीख़', 'राशि (₹)', 'उद्देश्य', 'भुगतान'],
      [iso(4), '21000.00', 'कन्यादान', 'एक परिवार को कन्यादान सहायता'],
      [iso(3), '975.02', 'चिकित्सा सहायता', 'ज़रूरतमंद सदस्य को सहायता'],
      [iso(2), '975.01', 'चिकित्सा सहायता', 'ज़रूरतमंद सदस्य को सहायता'],
      [iso(1), '21000.00', 'कन्यादान', 'एक परिवार को कन्यादान सहायता'],
    ]);
    const english = parse((await http.get('/api/transparency/payments.csv')).text, { bom: true }) as string[][];
    expect([english[0], english.length]).toEqual([['Date', 'Amount (₹)', 'Cause', 'Paid as'], 21]);
    expect(english[1]).toEqual([iso(23), '21000.00', 'Kanyadan', 'Kanyadan benefit to a family']);

    const [result] = await replayAndCompare(app.services, 'site_transparency');
    expect(result!.differences).toEqual([]);

    // A database that had these payments before the list existed: the migration's own text, down and up again, fills it the same.
    const rows = async () => (await app.services.db.query(`SELECT * FROM site_transparency_payments ORDER BY payment_key`)).rows;
    const live = await rows();
    const [up, down] = fs.readFileSync(path.join(MIGRATIONS_DIR, '1732200002900_transparency-payments.sql'), 'utf8').split('-- Down Migration');
    await app.services.db.exec(down!);
    await app.services.db.exec(up!);
    expect(await rows()).toEqual(live);
    expect(live).toHaveLength(24);
  });

  it('refuses a page that is not a page number and unknown parameters, on every route', async () => {
    const http = request(web);
    for (const query of ['page=0', 'page=abc', 'page=1.5', 'page=-2', 'paidPage=0', 'paidPage=two', 'sort=name', 'lang=fr']) {
      const csv = await http.get(`/api/transparency.csv?${query}`);
      expect(csv.status, query).toBe(400);
      // Each list's spreadsheet takes its own page only.
      const paymentsQuery = query.replace(/^page=/, 'paidPage=').replace(/^paidPage=(0|two)$/, 'page=1');
      expect((await http.get(`/api/transparency/payments.csv?${paymentsQuery}`)).status, paymentsQuery).toBe(400);
      if (query !== 'lang=fr') expect((await http.get(`/api/transparency?${query}`)).status, query).toBe(400);
    }
    const json = await http.get('/api/transparency?page=0');
    expect(json.body.fieldErrors).toEqual({ page: [PAGE_INVALID] });
    expect((await http.get('/api/transparency?paidPage=-1')).body.fieldErrors).toEqual({ paidPage: [PAGE_INVALID] });
    expect((await rejection((await app.caller()).transparency.report.get({ page: 0 }))).code).toBe('BAD_REQUEST');
    // The page itself shows the first page rather than an error for a bad ?page=.
    expect((await http.get('/transparency?page=abc')).status).toBe(200);
    expect((await http.get('/transparency?paidPage=abc')).status).toBe(200);
  });
});
