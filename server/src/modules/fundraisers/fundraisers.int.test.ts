import crypto from 'node:crypto';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNDRAISER_MESSAGE_WITHOUT_FUNDRAISER, HELP_REQUEST_AND_FUNDRAISER } from '#server/modules/donations/giving/create-donation.schema';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { helpFields } from '#server/testing/contract/rest-fixtures';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type AppCaller, type TestApp } from '#server/testing/test-services';
import { phonePhoto } from '#server/uploads/phone-photo.test-helper';
import { simplePdf } from '#server/uploads/test-files.test-helper';
import { addDays, FUNDRAISER_END_DATE_RANGE, FUNDRAISER_NOT_FOUND, FUNDRAISER_NOT_YOURS } from './fundraiser.decider.ts';
import { closeEndedFundraisers } from './fundraiser-commands.ts';
import { FUNDRAISER_NOT_OPEN_FOR_GIFTS } from './fundraiser-reads.ts';
import { FUNDRAISER_GOAL_TOO_SMALL, FUNDRAISER_PHOTO_REQUIRED, FUNDRAISER_TARGET_REQUIRED } from './fundraisers.schema.ts';
import { fundraiserFields, postFundraiser, smallPhoto } from './fundraisers.test-helper.ts';

const TODAY = '2031-03-01';

/**
 * Issue 33, "Fundraisers": a member starts one with a phone's photo, verification approves it, a
 * donor gives through it with a message, finance verifies the gift and the page shows the progress;
 * staff hide a message; the member closes it. Every bad input is a clear 4xx that writes nothing.
 */
describe.each(testDbKinds())('members’ fundraisers on %s', (kind) => {
  let app: TestApp;
  let clock = new Date(`${TODAY}T04:30:00.000Z`);
  let member: { userId: string; token: string };
  let memberCaller: AppCaller;
  let otherCaller: AppCaller;
  let verifier: AppCaller;
  let verifierToken: string;
  let finance: AppCaller;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    member = await app.account({ fullName: 'Kavita Organiser' });
    memberCaller = await app.caller({ token: member.token });
    otherCaller = await app.caller({ token: (await app.account()).token });
    const verifierAccount = await app.account({ role: 'admin', permissions: ['verification'] });
    verifierToken = verifierAccount.token;
    verifier = await app.caller({ token: verifierToken });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  let counter = 0;
  const uniqueUtr = () => String(7_100_000_000_00 + ((process.pid * 1000 + (counter += 1)) % 99_999_999_999)).slice(-12);

  /** Everything a refused command might have left: events, files, data keys, read-model rows. */
  async function writes(): Promise<number[]> {
    const counts: number[] = [];
    for (const table of ['events', 'files', 'data_keys', 'fundraisers', 'fundraiser_gifts']) {
      const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
      counts.push(rows[0]!.count);
    }
    return counts;
  }

  async function startApproved(overrides: Record<string, string | undefined> = {}): Promise<string> {
    const res = await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 30), overrides), { bytes: await smallPhoto() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await verifier.fundraisers.admin.approve({ id: res.body.id as string });
    return res.body.id as string;
  }

  async function give(fundraiserId: string, amountPaise: number, extra: { donorName?: string; showName?: boolean; message?: string; verify?: boolean } = {}) {
    const email = uniqueEmail('supporter');
    const pay = await visitor.donations.create({
      amountPaise,
      cause: 'general',
      donorName: extra.donorName ?? 'Supporter Person',
      email,
      phone: '9812345678',
      showName: extra.showName ?? false,
      fundraiserId,
      ...(extra.message ? { message: extra.message } : {}),
    });
    if (extra.verify !== false) {
      await visitor.donations.submitProof({ reference: pay.reference, contact: email, utr: uniqueUtr() });
      await finance.donations.admin.verify({ reference: pay.reference, receivedOn: TODAY, mode: 'upi' });
    }
    return { reference: pay.reference, email };
  }

  it('takes a phone’s 12-megapixel photo, re-encoded without metadata, and keeps it off the public until approved', async () => {
    const photo = await phonePhoto({ width: 4000, height: 3000, seed: 33 });
    expect(photo.bytes.length).toBeGreaterThan(2_500_000);
    const res = await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 45)), { bytes: photo.bytes, name: 'IMG_20310301.jpg' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    expect(res.body).toEqual({ id, status: 'pending' });
    expect(id).toMatch(/^F[A-Z2-9]{9}$/);

    // Not public yet: the page's data and the photo are 404 to a visitor and to another member.
    expect((await request(app.http()).get(`/api/fundraisers/${id}`)).status).toBe(404);
    expect((await request(app.http()).get(`/api/fundraisers/${id}/photo`)).status).toBe(404);
    expect((await rejection(visitor.fundraisers.get({ id }))).code).toBe('NOT_FOUND');
    // Its organiser and verification staff see the photo: scaled to 1600 px, no EXIF.
    for (const token of [member.token, verifierToken]) {
      const image = await request(app.http()).get(`/api/fundraisers/${id}/photo`).set('Authorization', `Bearer ${token}`);
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      const metadata = await sharp(image.body as Buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual(['jpeg', 1600, 1200, undefined]);
    }
    const queue = await verifier.fundraisers.admin.getMany({ status: 'pending' });
    expect(queue.fundraisers.find((fundraiser) => fundraiser.id === id)).toMatchObject({ organiserId: member.userId, goalPaise: 50_000_00, cause: 'education', endsOn: addDays(TODAY, 45) });

    expect(await verifier.fundraisers.admin.approve({ id })).toEqual({ id, status: 'approved' });
    const page = await request(app.http()).get(`/api/fundraisers/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id, isOpen: true, goalPaise: 50_000_00, raisedPaise: 0, gifts: 0, supporters: [], title: { en: 'School books for Class 10 in Kishangarh' } });
    expect((await request(app.http()).get(`/api/fundraisers/${id}/photo`)).status).toBe(200);
  });

  it('refuses every bad input with a clear 4xx, writing nothing', async () => {
    const valid = fundraiserFields(addDays(TODAY, 30));
    const photo = { bytes: await smallPhoto() };
    const before = await writes();
    const cases: [string, Awaited<ReturnType<typeof postFundraiser>>, number, string][] = [
      ['goal ₹0', await postFundraiser(app, member.token, { ...valid, goal: '0' }, photo), 400, FUNDRAISER_GOAL_TOO_SMALL],
      ['end date in the past', await postFundraiser(app, member.token, { ...valid, endsOn: '2031-02-01' }, photo), 400, FUNDRAISER_END_DATE_RANGE],
      ['end date today', await postFundraiser(app, member.token, { ...valid, endsOn: TODAY }, photo), 400, FUNDRAISER_END_DATE_RANGE],
      ['end date 91 days away', await postFundraiser(app, member.token, { ...valid, endsOn: addDays(TODAY, 91) }, photo), 400, FUNDRAISER_END_DATE_RANGE],
      ['unknown cause', await postFundraiser(app, member.token, { ...valid, cause: 'yachts' }, photo), 400, 'Choose one of the foundation’s causes.'],
      ['no cause nor help request', await postFundraiser(app, member.token, { ...fundraiserFields(addDays(TODAY, 30), { cause: undefined }) }, photo), 400, FUNDRAISER_TARGET_REQUIRED],
      ['unknown help request', await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 30), { cause: undefined, helpRequestId: 'ZZZZ2345' }), photo), 404, 'This help request does not exist.'],
      ['a PDF as the photo', await postFundraiser(app, member.token, valid, { bytes: await simplePdf(1), name: 'photo.jpg' }), 400, ''],
      ['text as the photo', await postFundraiser(app, member.token, valid, { bytes: Buffer.from('just some text, not a picture at all'), name: 'photo.jpg' }), 400, ''],
      ['no photo', await postFundraiser(app, member.token, valid, null), 400, FUNDRAISER_PHOTO_REQUIRED],
      ['an unknown field', await postFundraiser(app, member.token, { ...valid, payoutUpi: 'me@okbank' }, photo), 400, ''],
      ['not signed in', await postFundraiser(app, null, valid, photo), 401, ''],
    ];
    for (const [what, res, status, message] of cases) {
      expect([what, res.status], JSON.stringify(res.body)).toEqual([what, status]);
      // The message itself, or (a field refused by the schema) among the field errors the form shows beside each field.
      const body = res.body as { message?: string; fieldErrors?: Record<string, string[]> };
      if (message) expect([what, [body.message, ...Object.values(body.fieldErrors ?? {}).flat()]]).toEqual([what, expect.arrayContaining([message])]);
    }
    expect(await writes()).toEqual(before);
  });

  it('credits only verified gifts, shows names only when chosen and messages until hidden, and never a donor’s contact', async () => {
    const id = await startApproved();
    const shown = await give(id, 2_500_00, { donorName: 'Meera Shownname', showName: true, message: 'For the children of Kishangarh!' });
    const quiet = await give(id, 1_000_00, { donorName: 'Ravi Hiddenname', showName: false, message: 'Good luck with the books' });
    await give(id, 7_000_00, { donorName: 'Pledged Only', showName: true, verify: false });
    const page = await visitor.fundraisers.get({ id });
    expect(page).toMatchObject({ raisedPaise: 3_500_00, gifts: 2 });
    expect(page.supporters.map((supporter) => [supporter.name, supporter.message]).sort()).toEqual([
      ['Meera Shownname', 'For the children of Kishangarh!'],
      [null, 'Good luck with the books'],
    ].sort());
    const text = JSON.stringify([page, await memberCaller.fundraisers.mine(), await verifier.fundraisers.admin.get({ id })]);
    for (const secret of ['Ravi Hiddenname', 'Pledged Only', shown.email, quiet.email, '9812345678']) expect(text).not.toContain(secret);
    // The gift is the foundation's, under the fundraiser's cause, with the fundraiser recorded on the pledge.
    const { rows } = await app.services.db.query<{ data: { fundraiserId?: string; cause: string; message?: unknown } }>(`SELECT data FROM events WHERE stream_id = $1 AND type = 'DonationPledged'`, [`donation-${shown.reference.replace('-', '')}`]);
    expect(rows[0]!.data).toMatchObject({ fundraiserId: id, cause: 'education' });
    expect(JSON.stringify(rows[0]!.data)).not.toContain('Kishangarh!');

    // Staff hide one message: it vanishes from the page, the gift still counts.
    // As the donor was told it (ABCD-2345), answered as kept (ABCD2345).
    expect(await verifier.fundraisers.admin.hideMessage({ id, reference: shown.reference })).toEqual({ id, reference: shown.reference.replace('-', ''), isHidden: true });
    const after = await visitor.fundraisers.get({ id });
    expect(after.supporters.map((supporter) => [supporter.name, supporter.message]).sort()).toEqual([['Meera Shownname', null], [null, 'Good luck with the books']].sort());
    expect(after.raisedPaise).toBe(3_500_00);
    expect((await verifier.fundraisers.admin.get({ id })).messages.find((message) => message.reference === shown.reference.replace('-', ''))?.isHidden).toBe(true);
    // A gift of another fundraiser's cannot be hidden through this one; a member cannot hide at all.
    const other = await startApproved();
    const elsewhere = await give(other, 100_00, { message: 'Elsewhere' });
    const before = await writes();
    expect((await rejection(verifier.fundraisers.admin.hideMessage({ id, reference: elsewhere.reference }))).code).toBe('NOT_FOUND');
    expect((await rejection(memberCaller.fundraisers.admin.hideMessage({ id, reference: quiet.reference }))).code).toBe('FORBIDDEN');
    expect(await writes()).toEqual(before);

    // A cancelled gift leaves the total.
    await finance.donations.admin.cancel({ reference: quiet.reference, reason: 'The payment was returned by the bank.' });
    expect(await visitor.fundraisers.get({ id })).toMatchObject({ raisedPaise: 2_500_00, gifts: 1 });
    expect((await memberCaller.fundraisers.mine()).fundraisers.find((fundraiser) => fundraiser.id === id)).toMatchObject({ status: 'approved', isOpen: true, raisedPaise: 2_500_00, gifts: 1, goalPaise: 50_000_00 });
  });

  it('lets only its member close it; a closed one takes no gift and stays public', async () => {
    const id = await startApproved();
    const before = await writes();
    expect(fieldErrorsOf(await rejection(otherCaller.fundraisers.close({ id })))).toEqual({});
    const refused = await rejection(otherCaller.fundraisers.close({ id }));
    expect([refused.code, refused.message]).toEqual(['FORBIDDEN', FUNDRAISER_NOT_YOURS]);
    expect((await rejection(verifier.fundraisers.close({ id }))).code).toBe('FORBIDDEN');
    expect((await rejection(memberCaller.fundraisers.close({ id: 'FZZZZZZZZZ' }))).message).toBe(FUNDRAISER_NOT_FOUND);
    expect(await writes()).toEqual(before);
    expect(await memberCaller.fundraisers.close({ id })).toEqual({ id, status: 'closed' });
    expect(await memberCaller.fundraisers.close({ id })).toEqual({ id, status: 'closed' });
    expect((await visitor.fundraisers.get({ id })).isOpen).toBe(false);
    const gift = await rejection(visitor.donations.create({ amountPaise: 500_00, cause: 'general', donorName: 'Late Giver', email: uniqueEmail(), showName: false, fundraiserId: id }));
    expect([gift.code, gift.message]).toEqual(['CONFLICT', FUNDRAISER_NOT_OPEN_FOR_GIFTS]);
  });

  it('refuses a gift through an unknown or pending fundraiser, a message without one, and both a help request and a fundraiser', async () => {
    const pending = (await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 10)), { bytes: await smallPhoto() })).body.id as string;
    const before = await writes();
    const donor = { amountPaise: 500_00, cause: 'general' as const, donorName: 'Some Giver', email: uniqueEmail(), showName: false };
    for (const fundraiserId of ['FZZZZZZZZZ', pending]) {
      const refused = await rejection(visitor.donations.create({ ...donor, fundraiserId }));
      expect([refused.code, fieldErrorsOf(refused)]).toEqual(['NOT_FOUND', { fundraiserId: [FUNDRAISER_NOT_FOUND] }]);
    }
    expect(fieldErrorsOf(await rejection(visitor.donations.create({ ...donor, message: 'Hello' })))).toEqual({ message: [FUNDRAISER_MESSAGE_WITHOUT_FUNDRAISER] });
    expect(fieldErrorsOf(await rejection(visitor.donations.create({ ...donor, fundraiserId: pending, helpRequestId: 'ABCD2345' })))).toEqual({ fundraiserId: [HELP_REQUEST_AND_FUNDRAISER] });
    expect(fieldErrorsOf(await rejection(visitor.donations.create({ ...donor, fundraiserId: pending, message: 'x'.repeat(281) })))).toHaveProperty('message');
    // Over REST too: POST /api/donations with an unknown fundraiser is a 404 naming the field.
    const rest = await request(app.http()).post('/api/donations').send({ amount: 500, cause: 'general', donorName: 'Some Giver', email: uniqueEmail(), fundraiserId: 'FZZZZZZZZZ' });
    expect([rest.status, rest.body.message]).toEqual([404, FUNDRAISER_NOT_FOUND]);
    expect(await writes()).toEqual(before);
    // Refusing a fundraiser needs verification, and the member sees the reason.
    expect((await rejection(memberCaller.fundraisers.admin.reject({ id: pending, reason: 'Not allowed here' }))).code).toBe('FORBIDDEN');
    expect(await verifier.fundraisers.admin.reject({ id: pending, reason: 'The photo shows a child’s face; choose another.' })).toEqual({ id: pending, status: 'rejected' });
    expect((await memberCaller.fundraisers.mine()).fundraisers.find((fundraiser) => fundraiser.id === pending)).toMatchObject({ status: 'rejected', rejectionReason: 'The photo shows a child’s face; choose another.' });
    expect((await request(app.http()).get(`/api/fundraisers/${pending}`)).status).toBe(404);
    expect((await rejection(verifier.fundraisers.admin.approve({ id: pending }))).code).toBe('CONFLICT');
  });

  it('raises for a published help request: the gift is earmarked to the request, under its cause', async () => {
    const req = request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` });
    for (const [name, value] of Object.entries(helpFields('2031-02-20'))) req.field(name, value);
    req.attach('document1', await simplePdf(1, 'Estimate'), { filename: 'estimate.pdf', contentType: 'application/pdf' });
    const submitted = await req;
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const requestId = submitted.body.id as string;
    // Not yet published: no fundraiser for it.
    const early = await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 20), { cause: undefined, helpRequestId: requestId }), { bytes: await smallPhoto() });
    expect(early.status).toBe(404);
    await verifier.help.admin.checkIdentity({ id: requestId, idKind: 'aadhaar', isMatched: true });
    await verifier.help.admin.publish({ id: requestId });
    const id = await startApproved({ cause: undefined, helpRequestId: requestId });
    const gift = await give(id, 3_000_00);
    const { rows } = await app.services.db.query<{ data: { helpRequestId: string | null; fundraiserId?: string; cause: string } }>(`SELECT data FROM events WHERE stream_id = $1 AND type = 'DonationPledged'`, [`donation-${gift.reference.replace('-', '')}`]);
    expect(rows[0]!.data).toMatchObject({ helpRequestId: requestId, fundraiserId: id, cause: 'medical' });
    expect(await visitor.fundraisers.get({ id })).toMatchObject({ helpRequestId: requestId, cause: 'medical', raisedPaise: 3_000_00 });
  });

  it('closes itself once its end date has passed in India, and shows closed before the job runs', async () => {
    const id = await startApproved({ endsOn: addDays(TODAY, 2) });
    expect(await closeEndedFundraisers(app.services, new Date(`${addDays(TODAY, 2)}T12:00:00.000Z`))).toBe(0);
    clock = new Date(`${addDays(TODAY, 3)}T01:00:00.000Z`);
    try {
      expect((await visitor.fundraisers.get({ id })).isOpen).toBe(false);
      expect(await closeEndedFundraisers(app.services, clock)).toBeGreaterThanOrEqual(1);
      expect(await closeEndedFundraisers(app.services, clock)).toBe(0);
      expect((await memberCaller.fundraisers.mine()).fundraisers.find((fundraiser) => fundraiser.id === id)?.status).toBe('closed');
    } finally {
      clock = new Date(`${TODAY}T04:30:00.000Z`);
    }
  });

  it('answers the same submission sent again with the same fundraiser, recorded once', async () => {
    const key = crypto.randomUUID();
    const fields = fundraiserFields(addDays(TODAY, 15));
    const first = await postFundraiser(app, member.token, fields, { bytes: await smallPhoto() }, key);
    const again = await postFundraiser(app, member.token, fields, { bytes: await smallPhoto() }, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1`, [`fundraiser-${first.body.id as string}`]);
    expect(rows[0]!.count).toBe(1);
  });
});
