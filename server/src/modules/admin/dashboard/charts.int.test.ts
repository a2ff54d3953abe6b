import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '#server/modules/identity/identity.api';
import { helpFields, kanyadanFields, postForm, uniqueUtr, type FormFile } from '#server/testing/contract/rest-fixtures';
import { rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { openEveryDocument } from '#server/testing/open-every-document';
import type { ChartStateGroup, TChartsResponse } from './charts.schema.ts';

/** What a chart's months hold when nothing happened in them. */
const quietMonth = (month: string) => ({ month, amountPaise: 0, count: 0 });
const quietPayments = (month: string) => ({ month, kanyadanPaise: 0, kanyadanCount: 0, helpPaise: 0, helpCount: 0 });

/** The month of each of the 12 entries, checked against the window the clock gives. */
const monthsOf = (entries: ReadonlyArray<{ month: string }>) => entries.map((entry) => entry.month);

/** A week as a map of its non-zero groups, so an assertion names only what happened. */
const weekCounts = (charts: TChartsResponse) =>
  Object.fromEntries(
    charts.kanyadanByWeek.weeks.map((week) => [week.weekStart, Object.fromEntries(week.byState.filter((group) => group.count > 0).map((group) => [group.state, group.count]))]),
  );

/**
 * The dashboard's charts (issue 15): donations received, Kanyadan applications per week by state,
 * help requests by state and money paid out per month. Every figure comes from records made through
 * the real commands, on a clock that walks from August 2026 to January 2031, and every assertion
 * names exact sums and counts — India's calendar included, where UTC would put a record in another
 * month or week.
 */
describe.each(testDbKinds())('dashboard charts on %s', (kind) => {
  let app: TestApp;
  let now = new Date('2026-08-01T06:00:00.000Z');
  let documents: { photo: FormFile; birthCertificate: FormFile };
  /** Staff sign in again whenever the clock has moved: a session from months ago has ended. */
  const signedIn = new Map<string, AppCaller>();

  beforeAll(async () => {
    documents = {
      photo: { bytes: await photoWithExif(600, 400), filename: 'photo.jpg', contentType: 'image/jpeg' },
      birthCertificate: { bytes: await simplePdf(1, 'Birth certificate'), filename: 'birth.pdf', contentType: 'application/pdf' },
    };
    app = await createTestApp(kind, { now: () => now });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function staff(permissions: Permission[]): Promise<AppCaller> {
    const key = `${now.toISOString()} ${permissions.join(',')}`;
    const known = signedIn.get(key);
    if (known) return known;
    const caller = await app.caller({ token: (await app.account({ role: 'admin', permissions })).token });
    signedIn.set(key, caller);
    return caller;
  }

  const charts = async () => (await staff([])).admin.getCharts();

  /** A Kanyadan application from the family's form at `at`, in `state`: its number. */
  async function application(at: string, state: string, dob?: string): Promise<string> {
    now = new Date(at);
    const res = await postForm(app.http(), '/api/kanyadan/applications', { ...kanyadanFields(dob), state }, documents);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.regNo as string;
  }

  /** A donation pledged, paid and verified by finance as received on `receivedOn`: its reference. */
  async function verifiedDonation(amountPaise: number, receivedOn: string, helpRequestId?: string): Promise<string> {
    const reference = await pledgeWithProof(amountPaise, helpRequestId);
    await (await staff(['finance'])).donations.admin.verify({ reference, receivedOn, mode: 'upi' });
    return reference;
  }

  async function pledgeWithProof(amountPaise: number, helpRequestId?: string): Promise<string> {
    const visitor = await app.caller();
    const email = `donor.${crypto.randomBytes(4).toString('hex')}@example.org`;
    const { reference } = await visitor.donations.create({ amountPaise, cause: 'general', donorName: 'Asha', email, showName: false, ...(helpRequestId ? { helpRequestId } : {}) });
    await visitor.donations.submitProof({ reference, contact: email, utr: uniqueUtr() });
    return reference;
  }

  /** A help request a new member asked for, with an estimate dated `documentDate`: its ID and the member's token. */
  async function helpRequest(documentDate: string): Promise<{ id: string; token: string }> {
    const { token } = await app.account();
    const res = await postForm(app.http(), '/api/help', helpFields(documentDate), { document1: documents.birthCertificate }).set({ Authorization: `Bearer ${token}` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.id as string, token };
  }

  async function published(documentDate: string): Promise<{ id: string; token: string }> {
    const created = await helpRequest(documentDate);
    const verifier = await staff(['verification']);
    await verifier.help.admin.checkIdentity({ id: created.id, idKind: 'aadhaar', isMatched: true });
    await verifier.help.admin.publish({ id: created.id });
    return created;
  }

  /** A withdrawal the beneficiary asked for, approved and paid by finance on `paidOn`: the net amount paid. */
  async function paidWithdrawal(helpRequest: { id: string; token: string }, amountPaise: number, paidOn: string): Promise<number> {
    const disbursementId = crypto.randomUUID();
    const beneficiary = await app.caller({ token: helpRequest.token });
    const { netPaise } = await beneficiary.help.disbursements.request({ id: helpRequest.id, disbursementId, amountPaise, contactNumber: '98765 43210' });
    const finance = await staff(['finance']);
    await finance.help.admin.disbursements.approve({ disbursementId });
    await finance.help.admin.disbursements.markPaid({ disbursementId, utr: uniqueUtr(), paidOn });
    return netPaise;
  }

  it('starts with every month and week at zero, for any admin; a member and a visitor are refused', async () => {
    const empty = await charts();
    expect(monthsOf(empty.donationsByMonth)).toEqual(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']);
    expect(empty.donationsByMonth).toEqual(monthsOf(empty.donationsByMonth).map(quietMonth));
    expect(empty.disbursementsByMonth).toEqual(monthsOf(empty.donationsByMonth).map(quietPayments));
    // 1 August 2026 is a Saturday: the last week starts on Monday 27 July.
    expect(empty.kanyadanByWeek.weeks.map((week) => week.weekStart)).toEqual([
      '2026-05-11', '2026-05-18', '2026-05-25', '2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22', '2026-06-29', '2026-07-06', '2026-07-13', '2026-07-20', '2026-07-27',
    ]);
    expect(empty.kanyadanByWeek).toEqual({ states: [], weeks: empty.kanyadanByWeek.weeks.map((week) => ({ weekStart: week.weekStart, total: 0, byState: [] })) });
    expect(empty.helpByStatus).toEqual([
      { status: 'submitted', count: 0 },
      { status: 'information_requested', count: 0 },
      { status: 'published', count: 0 },
      { status: 'rejected', count: 0 },
      { status: 'closed', count: 0 },
    ]);
    expect(empty.asOf).toBe(now.toISOString());

    const member = await app.caller({ token: (await app.account()).token });
    expect((await rejection(member.admin.getCharts())).code).toBe('FORBIDDEN');
    expect((await rejection((await app.caller()).admin.getCharts())).code).toBe('UNAUTHORIZED');
  });

  let benefitRegNo = '';

  it('sums verified donations by the month the money arrived and counts applications by India week and state, help requests by state', async () => {
    // Sunday 9 August, 23:30 in India: the week before the window. Monday 10 August, 00:00 in India (still Sunday in UTC): its first week.
    await application('2026-08-09T18:00:00.000Z', 'rajasthan');
    await application('2026-08-09T18:30:00.000Z', 'rajasthan');

    now = new Date('2026-09-15T06:00:00.000Z');
    await verifiedDonation(1_000_00, '2026-09-15');
    await verifiedDonation(2_500_50, '2026-09-15');
    // Verified and then cancelled (a bounced cheque, say): out of the month again.
    const cancelled = await verifiedDonation(300_00, '2026-09-15');
    await (await staff(['finance'])).donations.admin.cancel({ reference: cancelled, reason: 'The cheque bounced.' });
    await application('2026-09-15T06:00:00.000Z', 'bihar');

    await application('2026-10-20T06:00:00.000Z', 'assam');
    await application('2026-10-20T06:05:00.000Z', 'goa');
    await application('2026-10-20T06:10:00.000Z', 'kerala');
    const verifier = await staff(['verification']);
    await helpRequest('2026-10-01');
    await helpRequest('2026-10-01');
    const asked = await helpRequest('2026-10-01');
    await verifier.help.admin.ask({ id: asked.id, question: 'Please send the hospital’s letter.' });
    await published('2026-10-01');
    const rejected = await helpRequest('2026-10-01');
    await verifier.help.admin.reject({ id: rejected.id, reason: 'The estimate is not for this patient.' });
    const closed = await published('2026-10-01');
    await verifier.help.admin.close({ id: closed.id });

    // Sunday 25 October, 23:45 in India: the week of 19 October. 00:15 on Monday 26 October in India (Sunday in UTC): the next.
    await application('2026-10-25T18:15:00.000Z', 'bihar');
    await application('2026-10-25T18:45:00.000Z', 'rajasthan');
    // A girl born in January 2013: 18, and old enough for the benefit, in January 2031.
    benefitRegNo = await application('2026-10-25T19:00:00.000Z', 'rajasthan', '2013-01-10');
    const benefitVerifier = await staff(['verification']);
    await openEveryDocument(app, benefitVerifier, benefitRegNo);
    await benefitVerifier.kanyadan.admin.verify({ regNo: benefitRegNo });

    // 19:00 UTC on 31 October is 00:30 on 1 November in India: November's gift, and November is the window's last month.
    now = new Date('2026-10-31T19:00:00.000Z');
    await verifiedDonation(700_00, '2026-11-01');
    // Proof sent, not yet verified: not money received.
    await pledgeWithProof(5_000_00);

    const result = await charts();
    const months = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
    expect(result.donationsByMonth).toEqual(
      months.map((month) => (month === '2026-09' ? { month, amountPaise: 3_500_50, count: 2 } : month === '2026-11' ? { month, amountPaise: 700_00, count: 1 } : quietMonth(month))),
    );

    // Rajasthan 3 and Bihar 2 lead; Assam, Goa and Kerala have 1 each: the first two by name, Kerala with the others.
    expect(result.kanyadanByWeek.states).toEqual<ChartStateGroup[]>(['rajasthan', 'bihar', 'assam', 'goa', 'other']);
    expect(result.kanyadanByWeek.weeks.map((week) => week.weekStart)).toEqual([
      '2026-08-10', '2026-08-17', '2026-08-24', '2026-08-31', '2026-09-07', '2026-09-14', '2026-09-21', '2026-09-28', '2026-10-05', '2026-10-12', '2026-10-19', '2026-10-26',
    ]);
    expect(weekCounts(result)).toEqual({
      '2026-08-10': { rajasthan: 1 },
      '2026-08-17': {},
      '2026-08-24': {},
      '2026-08-31': {},
      '2026-09-07': {},
      '2026-09-14': { bihar: 1 },
      '2026-09-21': {},
      '2026-09-28': {},
      '2026-10-05': {},
      '2026-10-12': {},
      '2026-10-19': { bihar: 1, assam: 1, goa: 1, other: 1 },
      '2026-10-26': { rajasthan: 2 },
    });
    expect(result.kanyadanByWeek.weeks.map((week) => week.total)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 4, 2]);
    // Every week lists every group, in the legend's order.
    expect(result.kanyadanByWeek.weeks.every((week) => week.byState.map((group) => group.state).join() === 'rajasthan,bihar,assam,goa,other')).toBe(true);

    expect(result.helpByStatus).toEqual([
      { status: 'submitted', count: 2 },
      { status: 'information_requested', count: 1 },
      { status: 'published', count: 1 },
      { status: 'rejected', count: 1 },
      { status: 'closed', count: 1 },
    ]);
    expect(result.disbursementsByMonth).toEqual(months.map(quietPayments));
  });

  it('sums the money paid out per month: Kanyadan benefits, and help withdrawals net of the admin charge', async () => {
    now = new Date('2030-12-20T06:00:00.000Z');
    const superAdmin = await staff(['content', 'finance', 'verification', 'members', 'settings']);
    const { version } = await superAdmin.site.settings.get();
    // 5% stays with the foundation: the beneficiary receives the rest, and that is what was paid out.
    await superAdmin.site.settings.update({ expectedVersion: version, data: { disbursementChargeBasisPoints: 500 } });
    const forFather = await published('2030-12-01');
    await verifiedDonation(10_000_00, '2030-12-20', forFather.id);
    await app.runJobs();
    expect(await paidWithdrawal(forFather, 5_000_00, '2030-12-20')).toBe(4_750_00);

    now = new Date('2031-01-10T06:00:00.000Z');
    const verifierToken = (await app.account({ role: 'admin', permissions: ['verification'] })).token;
    const benefit = await requestBenefit(verifierToken, benefitRegNo);
    expect([benefit.status, benefit.body]).toEqual([200, { regNo: benefitRegNo, status: 'benefit_requested' }]);
    await app.runJobs();
    const finance = await staff(['finance']);
    await finance.kanyadan.admin.approveBenefit({ regNo: benefitRegNo, amountPaise: 21_000_00 });
    await finance.kanyadan.admin.disburse({ regNo: benefitRegNo, utr: uniqueUtr(), paidOn: '2031-01-10' });
    expect(await paidWithdrawal(forFather, 2_000_00, '2031-01-10')).toBe(1_900_00);

    const result = await charts();
    const months = ['2030-02', '2030-03', '2030-04', '2030-05', '2030-06', '2030-07', '2030-08', '2030-09', '2030-10', '2030-11', '2030-12', '2031-01'];
    expect(result.disbursementsByMonth).toEqual(
      months.map((month) =>
        month === '2030-12'
          ? { month, kanyadanPaise: 0, kanyadanCount: 0, helpPaise: 4_750_00, helpCount: 1 }
          : month === '2031-01'
            ? { month, kanyadanPaise: 21_000_00, kanyadanCount: 1, helpPaise: 1_900_00, helpCount: 1 }
            : quietPayments(month),
      ),
    );
    // The gifts of 2026 have left the window; the one given for the request is December's.
    expect(result.donationsByMonth).toEqual(months.map((month) => (month === '2030-12' ? { month, amountPaise: 10_000_00, count: 1 } : quietMonth(month))));
    expect(result.kanyadanByWeek.states).toEqual([]);
    expect(result.kanyadanByWeek.weeks.every((week) => week.total === 0)).toBe(true);
  });

  /** Staff send the benefit's request for the family, with the wedding card, as the console's form does. */
  async function requestBenefit(token: string, regNo: string) {
    return request(app.http())
      .post(`/api/admin/kanyadan/applications/${regNo}/benefit-request`)
      .set({ Authorization: `Bearer ${token}` })
      .field('marriageDate', '2031-02-14')
      .field('accountHolder', 'Ramesh Kumar')
      .field('accountNumber', '123456789012')
      .field('confirmAccountNumber', '123456789012')
      .field('ifsc', 'SBIN0001234')
      .attach('marriageProof', documents.photo.bytes, { filename: 'card.jpg', contentType: 'image/jpeg' });
  }
});
