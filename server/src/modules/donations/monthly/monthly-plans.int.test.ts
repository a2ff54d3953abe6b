import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { extractPdfText } from '#server/testing/pdf/pdf-render';
import { fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { noSms } from '#server/lib/sms';
import { startTestSmsGateway, type TestSmsGateway } from '#server/testing/sms-gateway';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { contactKeyOf } from '../donor-keys.ts';
import { expectNothingWritten, statementProof, uniqueDonor, uniqueUtr, writes } from '../donations.test-helper.ts';
import { MONTHLY_DAY_FIXED_BY_MANDATE, MONTHLY_PLAN_STOPPED } from './monthly-plan.decider.ts';
import type { TStartMonthlyPlanRequest } from './monthly-plan.schema.ts';
import { reindexMonthlyPlans } from './reindex-monthly-plans.ts';
import { MANAGE_LINK_INVALID, manageTokenOf, MONTHLY_NEEDS_EMAIL, sendMonthlyReminders } from './monthly-plans.ts';

/**
 * Monthly giving without the gateway (issue 33, decision 079): the plan, its signed manage link,
 * the monthly reminder with a fresh reference, the yearly statement listing each month's gift, and
 * erasure. Race tests overlap on PostgreSQL (TEST_DATABASE_URL) and are serialised on PGlite.
 */
const CALLS = 10;

describe.each(testDbKinds())('monthly giving by reminder on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2032-01-03T06:00:00.000Z');
  let finance: AppCaller;

  beforeAll(async () => {
    // No SMS sender: every link here goes by e-mail, and a phone alone is refused.
    app = await createTestApp(kind, { now: () => clock, sms: noSms, limits: { donationPledgePerIp: { limit: 1000, windowSeconds: 3600 } } });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
  });
  afterAll(async () => {
    await app?.close();
  });

  function startInput(overrides: Partial<TStartMonthlyPlanRequest> = {}): TStartMonthlyPlanRequest {
    return { amountPaise: 50_000, dayOfMonth: 5, cause: 'education', donorName: 'Meera Monthly', email: uniqueDonor('monthly').email, showName: false, ...overrides };
  }

  async function planOf(email: string): Promise<{ planId: string; token: string; link: string }> {
    const { rows } = await app.services.db.query<{ plan_id: string }>(`SELECT plan_id::text FROM monthly_plans WHERE $1 = ANY(contact_keys)`, [
      contactKeyOf((purpose, value) => app.services.vault.blindIndex(purpose, value), email.toLowerCase()),
    ]);
    expect(rows).toHaveLength(1);
    const planId = rows[0]!.plan_id;
    await app.runJobs();
    const mail = readOutbox(app.dataDir).find((sent) => sent.text.includes(`To: ${email}`) && sent.text.includes('/donate/monthly'));
    const link = /(http\S+\/donate\/monthly\S*)/.exec(mail?.text ?? '')?.[1] ?? '';
    return { planId, token: manageTokenOf(app.services.vault, planId), link };
  }

  const typesOn = async (planId: string) => (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).map((event) => event.type);

  it('starts a plan: the answer carries no link; the donor is mailed the signed link; the page shows the plan and nothing about the donor', async () => {
    const input = startInput({ donorName: 'Kavita Secretname', pan: 'ABCDE1234F', address: '12 Hidden Lane' });
    const answer = await (await app.caller()).donations.monthly.start(input);
    expect(answer).toEqual({ amountPaise: 50_000, dayOfMonth: 5, linkSentBy: 'email', firstOn: '2032-01-05' });
    const { planId, token, link } = await planOf(input.email!);
    expect(link).toContain(`#${token}`);
    expect(link).not.toContain('?');
    expect(await typesOn(planId)).toEqual(['MonthlyPlanStarted']);
    const view = await (await app.caller()).donations.monthly.get({ token });
    expect(view).toEqual({ status: 'active', stoppedBy: null, kind: 'reminder', amountPaise: 50_000, dayOfMonth: 5, cause: 'education', subscriptionStatus: null, gifts: 0, nextOn: '2032-01-05' });
    for (const secret of ['Secretname', input.email!, 'ABCDE1234F', 'Hidden Lane']) expect(JSON.stringify(view)).not.toContain(secret);
    // The sealed events and the read model hold no clear personal data.
    const { rows } = await app.services.db.query(`SELECT m.*, e.data FROM monthly_plans m JOIN events e ON e.stream_id = 'monthly-plan-' || m.plan_id::text WHERE m.plan_id = $1`, [planId]);
    for (const secret of ['Secretname', input.email!, 'ABCDE1234F', 'Hidden Lane']) expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('bad input: a tampered or malformed link is a 4xx with one message and writes nothing; unknown fields and days past 28 are refused', async () => {
    const input = startInput();
    await (await app.caller()).donations.monthly.start(input);
    const { token, planId } = await planOf(input.email!);
    const visitor = await app.caller();
    const before = await writes(app);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPlan = `${crypto.randomUUID()}.${token.split('.')[1]}`;
    for (const bad of [tampered, otherPlan]) {
      for (const call of [visitor.donations.monthly.get({ token: bad }), visitor.donations.monthly.manage({ token: bad, change: { action: 'stop' } })]) {
        const error = await rejection(call);
        expect([error.code, error.message]).toEqual(['FORBIDDEN', MANAGE_LINK_INVALID]);
      }
    }
    expect((await rejection(visitor.donations.monthly.get({ token: 'not-a-token' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(visitor.donations.monthly.manage({ token, change: { action: 'stop', now: 1 } } as never))).code).toBe('BAD_REQUEST');
    expect((await rejection(visitor.donations.monthly.manage({ token, change: { action: 'change' } }))).code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(await rejection(visitor.donations.monthly.start({ ...startInput(), dayOfMonth: 29 }))).dayOfMonth).toBeDefined();
    expect((await rejection(visitor.donations.monthly.start({ ...startInput(), referralId: 'SAHAY1' } as never))).code).toBe('BAD_REQUEST');
    expect((await rejection(visitor.donations.monthly.start({ ...startInput(), citizenship: 'foreign', country: 'US' }))).code).toBe('BAD_REQUEST');
    await expectNothingWritten(app, before);
    expect(await typesOn(planId)).toEqual(['MonthlyPlanStarted']);
  });

  it('pause, resume, change and stop are events; after stop the old link says so clearly and changes nothing', async () => {
    const input = startInput();
    await (await app.caller()).donations.monthly.start(input);
    const { token, planId } = await planOf(input.email!);
    const visitor = await app.caller();
    expect(await visitor.donations.monthly.manage({ token, change: { action: 'pause' } })).toMatchObject({ status: 'paused', nextOn: null });
    expect(await visitor.donations.monthly.manage({ token, change: { action: 'resume' } })).toMatchObject({ status: 'active' });
    expect(await visitor.donations.monthly.manage({ token, change: { action: 'change', amountPaise: 75_000, dayOfMonth: 20 } })).toMatchObject({ amountPaise: 75_000, dayOfMonth: 20, nextOn: '2032-01-20' });
    expect(await visitor.donations.monthly.manage({ token, change: { action: 'stop' } })).toMatchObject({ status: 'stopped', stoppedBy: 'donor' });
    expect(await typesOn(planId)).toEqual(['MonthlyPlanStarted', 'MonthlyPlanPaused', 'MonthlyPlanResumed', 'MonthlyPlanDayChanged', 'MonthlyPlanAmountChanged', 'MonthlyPlanStopped']);
    const before = await writes(app);
    for (const change of [{ action: 'pause' }, { action: 'resume' }, { action: 'stop' }, { action: 'change', amountPaise: 100 }] as const) {
      const error = await rejection(visitor.donations.monthly.manage({ token, change }));
      expect([error.code, error.message]).toEqual(['CONFLICT', MONTHLY_PLAN_STOPPED]);
    }
    expect(await visitor.donations.monthly.get({ token })).toMatchObject({ status: 'stopped' });
    await expectNothingWritten(app, before);
    expect(MONTHLY_DAY_FIXED_BY_MANDATE).toContain('mandate');
  });

  it('reminds once a month on the day, by mail with a fresh reference, the amount, the UPI ID, the pay link and the manage link; not while paused; each gift is on the yearly statement', async () => {
    const donor = uniqueDonor('statement');
    await (await app.caller()).donations.monthly.start(startInput({ email: donor.email, amountPaise: 60_050 }));
    const { token, planId } = await planOf(donor.email);
    const mailsTo = () => readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${donor.email}`));
    const mailsBefore = mailsTo().length;

    // Not before the day (4 January in India), then once on it, however often the job runs.
    expect(await sendMonthlyReminders(app.services, new Date('2032-01-04T12:00:00.000Z'))).toBe(0);
    clock = new Date('2032-01-05T01:00:00.000Z');
    expect(await sendMonthlyReminders(app.services, clock)).toBeGreaterThanOrEqual(1);
    expect(await sendMonthlyReminders(app.services, clock)).toBe(0);
    const reminders = (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyReminderDue');
    expect(reminders).toHaveLength(1);
    const january = (reminders[0]!.data as { reference: string }).reference;
    expect((await app.services.eventStore.readStream(`donation-${january}`)).map((event) => [event.type, (event.data as { monthlyPlanId?: string }).monthlyPlanId])).toEqual([['DonationPledged', planId]]);
    await app.runJobs();
    const sent = mailsTo().slice(mailsBefore);
    // One message: the reminder, not the pledge's own notice too.
    expect(sent).toHaveLength(1);
    const text = sent[0]!.text;
    expect(text).toContain(`${january.slice(0, 4)}-${january.slice(4)}`);
    expect(text).toContain('600.50');
    expect(text).toContain(`/donate/status?reference=${january}`);
    expect(text).toContain(`/donate/monthly#${token}`);

    // Paid and verified by finance as any pledge.
    const pay = async (reference: string, receivedOn: string) => {
      await (await app.caller()).donations.submitProof({ reference, contact: donor.email, utr: uniqueUtr() });
      return (await finance.donations.admin.verify({ reference, receivedOn, mode: 'upi' })).receiptSerial;
    };
    const serials = [await pay(january, '2032-01-05')];

    // Paused over February: no reminder; resumed in March: March's.
    await (await app.caller()).donations.monthly.manage({ token, change: { action: 'pause' } });
    clock = new Date('2032-02-10T06:00:00.000Z');
    await sendMonthlyReminders(app.services, clock);
    await (await app.caller()).donations.monthly.manage({ token, change: { action: 'resume' } });
    clock = new Date('2032-03-05T06:00:00.000Z');
    await sendMonthlyReminders(app.services, clock);
    const all = (await app.services.eventStore.readStream(`monthly-plan-${planId}`)).filter((event) => event.type === 'MonthlyReminderDue').map((event) => event.data as { month: string; reference: string });
    expect(all.map((reminder) => reminder.month)).toEqual(['2032-01', '2032-03']);
    serials.push(await pay(all[1]!.reference, '2032-03-05'));
    expect(await (await app.caller()).donations.monthly.get({ token })).toMatchObject({ gifts: 2, nextOn: '2032-04-05' });

    clock = new Date('2032-04-10T06:00:00.000Z');
    const response = await request(app.http()).get('/api/donations/statement.pdf').query({ fy: '2031-32', proof: await statementProof(app, donor.email) }).buffer(true);
    expect(response.status).toBe(200);
    const statement = await extractPdfText(response.body as Buffer);
    for (const serial of serials) expect(statement).toContain(serial);
  });

  it('race: two runs of the reminder job at once (a retried slot, two workers) record one reminder and one pledge per plan', async () => {
    clock = new Date('2032-05-01T06:00:00.000Z');
    const input = startInput({ dayOfMonth: 7 });
    await (await app.caller()).donations.monthly.start(input);
    const { planId } = await planOf(input.email!);
    const asOf = new Date('2032-05-07T06:00:00.000Z');
    const { refusals } = await raceCalls(CALLS, () => sendMonthlyReminders(app.services, asOf));
    expect(refusals).toEqual([]);
    expect((await typesOn(planId)).filter((type) => type === 'MonthlyReminderDue')).toHaveLength(1);
    const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'DonationPledged' AND data->>'monthlyPlanId' = $1`, [planId]);
    expect(rows[0]!.n).toBe(1);
  });

  it('race: ten identical starts are one plan and one mail', async () => {
    const input = startInput();
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.monthly.start(input));
    expect(refusals).toEqual([]);
    expect(succeeded).toHaveLength(CALLS);
    const { planId } = await planOf(input.email!);
    expect(await typesOn(planId)).toEqual(['MonthlyPlanStarted']);
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${input.email}`))).toHaveLength(1);
  });

  it('race: each manage command ten times at once is one event', async () => {
    const input = startInput();
    await (await app.caller()).donations.monthly.start(input);
    const { planId, token } = await planOf(input.email!);
    const changes = [{ action: 'pause' }, { action: 'resume' }, { action: 'change', amountPaise: 80_000 }, { action: 'change', dayOfMonth: 12 }, { action: 'stop' }] as const;
    for (const change of changes) {
      const { refusals } = await raceCalls(CALLS, async () => (await app.caller()).donations.monthly.manage({ token, change }));
      // A stop that loses the race to another stop finds the plan stopped: told so, with nothing written.
      expect(refusals.every(([code, message]) => code === 'CONFLICT' && message === MONTHLY_PLAN_STOPPED), JSON.stringify(refusals)).toBe(true);
      if (change.action !== 'stop') expect(refusals).toEqual([]);
    }
    expect(await typesOn(planId)).toEqual(['MonthlyPlanStarted', 'MonthlyPlanPaused', 'MonthlyPlanResumed', 'MonthlyPlanAmountChanged', 'MonthlyPlanDayChanged', 'MonthlyPlanStopped']);
  });

  it('erasing the donor by contact erases the plan: no table holds their name, e-mail or phone; the plan stops; the link shows it stopped', async () => {
    const donor = uniqueDonor('forget');
    const name = `Forgettable Person ${Date.now()}`;
    await (await app.caller()).donations.monthly.start(startInput({ email: donor.email, phone: donor.phone, donorName: name }));
    const { planId, token } = await planOf(donor.email);
    clock = new Date('2032-06-05T06:00:00.000Z');
    await sendMonthlyReminders(app.services, clock);
    const membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const erased = await membersAdmin.admin.members.eraseContact({ contact: donor.email, reason: 'The donor asked us to forget them' });
    expect(erased.erased).toMatchObject({ monthlyPlans: 1 });
    const { rows: tables } = await app.services.db.query<{ table_name: string }>(`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    expect(tables.length).toBeGreaterThan(20);
    for (const { table_name: table } of tables) {
      for (const needle of [name, donor.email, donor.phone]) {
        const { rows } = await app.services.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" t WHERE t::text ILIKE '%' || $1 || '%'`, [needle]);
        expect(rows[0]!.n, `${table} holds ${needle}`).toBe(0);
      }
    }
    expect(await typesOn(planId)).toContain('PersonalDataErased');
    expect(await (await app.caller()).donations.monthly.get({ token })).toMatchObject({ status: 'stopped' });
    expect((await app.services.db.query(`SELECT contact_keys, donor_key FROM monthly_plans WHERE plan_id = $1`, [planId])).rows).toEqual([{ contact_keys: [], donor_key: null }]);
    // No reminder for an erased plan.
    clock = new Date('2032-07-05T06:00:00.000Z');
    await sendMonthlyReminders(app.services, clock);
    expect((await typesOn(planId)).filter((type) => type === 'MonthlyReminderDue')).toHaveLength(1);
    // Replaying every event gives the read models as they are live, the erased plan's row included.
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });

  it('a phone alone is refused while no SMS sender is set up (the link could reach nobody), and nothing is written', async () => {
    const before = await writes(app);
    const error = await rejection((await app.caller()).donations.monthly.start({ ...startInput(), email: undefined, phone: uniqueDonor().phone }));
    expect([error.code, error.message]).toEqual(['BAD_REQUEST', MONTHLY_NEEDS_EMAIL]);
    expect(fieldErrorsOf(error).email).toEqual([MONTHLY_NEEDS_EMAIL]);
    await expectNothingWritten(app, before);
  });

  it('after a blind-index key change the plans’ keys are computed again from their sealed donors; erased plans stay without keys', async () => {
    const input = startInput();
    await (await app.caller()).donations.monthly.start(input);
    const { planId } = await planOf(input.email!);
    const keysOf = async () => (await app.services.db.query<{ donor_key: string | null; contact_keys: string[] }>(`SELECT donor_key, contact_keys FROM monthly_plans WHERE plan_id = $1`, [planId])).rows[0]!;
    const live = await keysOf();
    expect(live.contact_keys).toEqual([contactKeyOf((purpose, value) => app.services.vault.blindIndex(purpose, value), input.email!)]);
    const reindex = (blindIndex: (purpose: string, value: string) => string) =>
      app.services.db.transaction((tx) => reindexMonthlyPlans({ tx, blindIndex, reveal: (sealed) => app.services.vault.reveal(tx, sealed) }));
    expect(await reindex((purpose, value) => `other-${app.services.vault.blindIndex(purpose, value)}`)).toBeGreaterThanOrEqual(1);
    expect((await keysOf()).contact_keys[0]).toMatch(/^other-/);
    await reindex((purpose, value) => app.services.vault.blindIndex(purpose, value));
    expect(await keysOf()).toEqual(live);
    const { rows } = await app.services.db.query(`SELECT 1 FROM monthly_plans WHERE is_erased AND (donor_key IS NOT NULL OR contact_keys <> '{}')`);
    expect(rows).toEqual([]);
  });

  it('finance sees plans by state, with IDs and amounts only; a visitor and another admin do not', async () => {
    const list = await finance.donations.admin.monthlyPlans({});
    expect(list.counts.active + list.counts.paused + list.counts.stopped).toBeGreaterThan(3);
    expect(list.plans[0]).toEqual(expect.objectContaining({ planId: expect.any(String), amountPaise: expect.any(Number), status: expect.any(String) }));
    expect((await rejection((await app.caller()).donations.admin.monthlyPlans({}))).code).toBe('UNAUTHORIZED');
    const content = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
    expect((await rejection(content.donations.admin.monthlyPlans({}))).code).toBe('FORBIDDEN');
  });
});

describe.each(testDbKinds())('monthly reminders by e-mail and SMS on %s', (kind) => {
  let app: TestApp;
  let sms: TestSmsGateway;

  beforeAll(async () => {
    sms = await startTestSmsGateway();
    app = await createTestApp(kind, { sms: sms.sender, now: () => new Date('2032-08-01T06:00:00.000Z') });
  });
  afterAll(async () => {
    await app?.close();
    await sms?.close();
  });

  it('a phone-only donor gets the link by SMS; a donor with both gets the reminder by e-mail and SMS, once each however often the jobs run', async () => {
    const phoneOnly = uniqueDonor('sms');
    const started = await (await app.caller()).donations.monthly.start({ amountPaise: 20_000, dayOfMonth: 2, cause: 'general', donorName: 'Ramu', phone: phoneOnly.phone, showName: false, language: 'hi' });
    expect(started.linkSentBy).toBe('sms');
    const both = uniqueDonor('both');
    await (await app.caller()).donations.monthly.start({ amountPaise: 30_000, dayOfMonth: 2, cause: 'general', donorName: 'Sita', email: both.email, phone: both.phone, showName: false });
    await app.runJobs();
    const textsTo = (phone: string) => sms.received.filter((message) => message.to === `+91${phone}`).map((message) => message.text);
    expect(textsTo(phoneOnly.phone)).toHaveLength(1);
    expect(textsTo(phoneOnly.phone)[0]).toMatch(/^सहाय: हर महीने 2 तारीख़ को ₹200\.00। धन्यवाद! रोकें, बदलें, बंद करें:\nhttp\S+\/donate\/monthly\?lang=hi#[0-9a-f-]{36}\.[\w-]{22}$/);
    expect(textsTo(both.phone)).toEqual([]);

    expect(await sendMonthlyReminders(app.services, new Date('2032-08-02T06:00:00.000Z'))).toBe(2);
    await sendMonthlyReminders(app.services, new Date('2032-08-02T07:00:00.000Z'));
    await app.runJobs();
    await app.runJobs();
    const reminded = textsTo(both.phone);
    expect(reminded).toHaveLength(1);
    expect(reminded[0]).toContain('Rs 300.00');
    expect(reminded[0]).toContain('/donate/monthly#');
    expect(readOutbox(app.dataDir).filter((mail) => mail.text.includes(`To: ${both.email}`) && mail.text.includes('300.00'))).toHaveLength(2);
    expect(textsTo(phoneOnly.phone)).toHaveLength(2);
  });
});
