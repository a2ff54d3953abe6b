import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { photoWithExif, simplePdf } from '#server/uploads/test-files.test-helper';
import { GIFT_SCREENSHOT_FILE_KIND } from './direct-gifts.ts';
import { GIFT_AMOUNT_RANGE, GIFT_SCREENSHOT_REQUIRED } from './direct-gifts.schema.ts';
import { HELP_REQUEST_NOT_FOUND, GIFT_ALREADY_CONFIRMED, GIFT_ALREADY_PENDING, GIFT_ONLY_BENEFICIARY, GIFT_PARTY_DECIDES, GIFT_REQUEST_CLOSED, GIFT_TO_OWN_REQUEST, GIFT_UTR_USED } from '../help-request.decider.ts';
import { helpStreamId } from '../help.events.ts';
import { publishedHelpRequest, submittedHelpRequest } from '../help.test-helper.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/**
 * Direct gifts end to end on each database (issue 14): a giver's gift with its screenshot made safe,
 * the beneficiary's confirmation or dispute, staff's decision, the progress and the giver's verified
 * giving, refusals writing nothing, the one-pending rule under racing submissions, replay.
 */
describe.each(testDbKinds())('direct gifts on %s', (kind) => {
  let app: TestApp;
  const clock = new Date(`${TODAY}T06:00:00.000Z`);
  let beneficiary: { userId: string; token: string };
  let beneficiaryCaller: AppCaller;
  let giver: { userId: string; token: string };
  let giverCaller: AppCaller;
  let verifier: AppCaller;
  let verifierToken: string;
  let visitor: AppCaller;
  let screenshot: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    beneficiary = await app.account();
    beneficiaryCaller = await app.caller({ token: beneficiary.token });
    giver = await app.account({ fullName: 'Meera Joshi' });
    giverCaller = await app.caller({ token: giver.token });
    const staff = await app.account({ role: 'admin', permissions: ['verification'] });
    verifierToken = staff.token;
    verifier = await app.caller({ token: staff.token });
    visitor = await app.caller();
    screenshot = await photoWithExif(400, 800);
  });
  afterAll(async () => {
    await app?.close();
  });

  let utrCounter = 0;
  const uniqueUtr = () => String(5_000_000_000_00 + process.pid * 1000 + (utrCounter += 1)).slice(-12);

  const give = (requestId: string, token: string | null, fields: Record<string, string>, file: Buffer | null = screenshot, contentType = 'image/jpeg') => {
    const req = request(app.http()).post(`/api/help/${requestId}/gifts`);
    if (token) req.set({ Authorization: `Bearer ${token}` });
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (file) req.attach('screenshot', file, { filename: 'paid.jpg', contentType });
    return req;
  };

  it('records a gift with its screenshot re-encoded; the beneficiary confirms it; it counts towards the progress and the giver’s verified giving', async () => {
    const id = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT);
    const shown = await visitor.help.get({ id });
    expect(shown.directUpi).toEqual({ upiId: 'ramesh.kumar@okbank', payeeName: 'Ramesh', holder: 'unnamed' });

    const res = await give(id, giver.token, { amount: '1500', utr: uniqueUtr() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const giftId = res.body.giftId as string;
    const { rows } = await app.services.db.query<{ screenshot_file_id: string }>(`SELECT screenshot_file_id FROM help_gifts WHERE gift_id = $1`, [giftId]);
    const stored = await app.services.files.get(rows[0]!.screenshot_file_id, { subjectId: helpStreamId(id), kind: GIFT_SCREENSHOT_FILE_KIND });
    const metadata = await sharp(stored!.bytes).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['jpeg', undefined]);

    const pending = await beneficiaryCaller.help.gifts.forRequest({ id });
    expect(pending.gifts).toEqual([expect.objectContaining({ giftId, amountPaise: 1_500_00, status: 'pending', giverName: 'Meera Joshi', screenshotUrl: `/api/help/gifts/${giftId}/screenshot` })]);
    await expect(giverCaller.help.gifts.forRequest({ id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: GIFT_ONLY_BENEFICIARY });
    const image = await request(app.http()).get(`/api/help/gifts/${giftId}/screenshot`).set({ Authorization: `Bearer ${beneficiary.token}` });
    expect([image.status, image.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const stranger = await app.account();
    expect((await request(app.http()).get(`/api/help/gifts/${giftId}/screenshot`).set({ Authorization: `Bearer ${stranger.token}` })).status).toBe(403);

    // A stranger cannot confirm; the beneficiary can, once.
    await expect((await app.caller({ token: stranger.token })).help.gifts.confirm({ giftId })).rejects.toMatchObject({ code: 'FORBIDDEN', message: GIFT_ONLY_BENEFICIARY });
    expect(await beneficiaryCaller.help.gifts.confirm({ giftId })).toEqual({ giftId, status: 'confirmed' });
    expect(await beneficiaryCaller.help.gifts.confirm({ giftId })).toEqual({ giftId, status: 'confirmed' });
    await expect(beneficiaryCaller.help.gifts.reject({ giftId })).rejects.toMatchObject({ code: 'CONFLICT', message: GIFT_ALREADY_CONFIRMED });
    expect((await visitor.help.get({ id })).raisedPaise).toBe(1_500_00);

    await app.runJobs();
    const { rows: impact } = await app.services.db.query<{ verified_giving_paise: string }>(`SELECT verified_giving_paise FROM member_impact WHERE user_id = $1`, [giver.userId]);
    expect(Number(impact[0]?.verified_giving_paise)).toBe(1_500_00);
    expect((await giverCaller.help.gifts.given()).gifts).toEqual([expect.objectContaining({ giftId, status: 'confirmed', requestTitle: expect.objectContaining({ en: 'Heart surgery for my father' }) })]);
  });

  it('closes a request as funded when the beneficiary confirms the gift that reaches the amount needed', async () => {
    const id = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT, { amountNeeded: '1000' });
    const res = await give(id, giver.token, { amount: '1000', utr: uniqueUtr() });
    expect((await visitor.help.get({ id })).status).toBe('published');
    await beneficiaryCaller.help.gifts.confirm({ giftId: res.body.giftId as string });
    expect(await visitor.help.get({ id })).toMatchObject({ status: 'closed', closedReason: 'funded', raisedPaise: 1_000_00, directUpi: null });
  });

  it('takes a disputed gift to staff, who see both sides and decide with a reason; neither party may decide', async () => {
    const id = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT);
    const res = await give(id, giver.token, { amount: '700', utr: uniqueUtr() });
    const giftId = res.body.giftId as string;
    expect(await beneficiaryCaller.help.gifts.reject({ giftId })).toEqual({ giftId, status: 'disputed' });
    const disputes = await verifier.help.admin.gifts.getDisputes();
    expect(disputes.gifts.find((gift) => gift.giftId === giftId)).toMatchObject({ requestId: id, requesterId: beneficiary.userId, giverId: giver.userId, amountPaise: 700_00 });
    // Staff's view of the evidence is on record.
    expect((await request(app.http()).get(`/api/help/gifts/${giftId}/screenshot`).set({ Authorization: `Bearer ${verifierToken}` })).status).toBe(200);
    expect(await verifier.help.admin.gifts.decide({ giftId, decision: 'not-received', reason: 'The bank has no such UTR for this account.' })).toEqual({ giftId, status: 'not-received' });
    expect((await beneficiaryCaller.help.gifts.forRequest({ id })).gifts.find((gift) => gift.giftId === giftId)?.decisionReason).toBe('The bank has no such UTR for this account.');
    expect((await visitor.help.get({ id })).raisedPaise).toBe(0);

    // A staff member who gave the gift may not decide its dispute.
    const staffGiver = await app.account({ role: 'admin', permissions: ['verification'] });
    const own = await give(id, staffGiver.token, { amount: '300', utr: uniqueUtr() });
    await beneficiaryCaller.help.gifts.reject({ giftId: own.body.giftId as string });
    await expect((await app.caller({ token: staffGiver.token })).help.admin.gifts.decide({ giftId: own.body.giftId as string, decision: 'received', reason: 'It was me, it arrived.' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: GIFT_PARTY_DECIDES,
    });
  });

  it('refuses bad gifts with a clear message and writes nothing', async () => {
    const id = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT);
    const unpublished = await submittedHelpRequest(app, beneficiary.token, RECENT);
    const closed = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT);
    await beneficiaryCaller.help.close({ id: closed });
    const usedUtr = uniqueUtr();
    expect((await give(id, giver.token, { amount: '100', utr: usedUtr })).status).toBe(201);
    const other = await app.account();
    const pdf = await simplePdf(1, 'Not a screenshot');
    const cases: [string, ReturnType<typeof give>, number, string | null][] = [
      ['not signed in', give(id, null, { amount: '100', utr: uniqueUtr() }), 401, null],
      ['to one’s own request', give(id, beneficiary.token, { amount: '100', utr: uniqueUtr() }), 403, GIFT_TO_OWN_REQUEST],
      ['to an unpublished request', give(unpublished, other.token, { amount: '100', utr: uniqueUtr() }), 404, HELP_REQUEST_NOT_FOUND],
      ['to a closed request', give(closed, other.token, { amount: '100', utr: uniqueUtr() }), 409, GIFT_REQUEST_CLOSED],
      ['a second while one is pending', give(id, giver.token, { amount: '100', utr: uniqueUtr() }), 409, GIFT_ALREADY_PENDING],
      ['a UTR used before', give(id, other.token, { amount: '100', utr: usedUtr }), 409, GIFT_UTR_USED],
      ['₹0', give(id, other.token, { amount: '0', utr: uniqueUtr() }), 400, GIFT_AMOUNT_RANGE],
      ['a PDF for a screenshot', give(id, other.token, { amount: '100', utr: uniqueUtr() }, pdf, 'application/pdf'), 400, null],
      ['no screenshot', give(id, other.token, { amount: '100', utr: uniqueUtr() }, null), 400, GIFT_SCREENSHOT_REQUIRED],
      ['an unknown field', give(id, other.token, { amount: '100', utr: uniqueUtr(), bonus: '1' }), 400, null],
    ];
    for (const [name, call, status, message] of cases) {
      const before = await app.eventCount();
      const res = await call;
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(status);
      if (message) expect([res.body.message, ...Object.values((res.body.fieldErrors ?? {}) as Record<string, string[]>).flat()], name).toContain(message);
      expect(await app.eventCount(), name).toBe(before);
    }
  });

  it('replays into the same read models', async () => {
    for (const name of ['help_requests', 'member_impact', 'site_counters']) {
      for (const projection of await replayAndCompare(app.services, name)) expect(projection.differences, projection.projection).toEqual([]);
    }
  });

  itRaces(kind, 'races: one giver’s two submissions at once for the same request — one gift, the other told it waits', async () => {
    const id = await publishedHelpRequest(app, beneficiary.token, verifier, RECENT);
    const racer = await app.account();
    const answers = await Promise.all(Array.from({ length: 4 }, () => give(id, racer.token, { amount: '250', utr: uniqueUtr() })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
    for (const res of answers.filter((answer) => answer.status === 409)) expect(res.body.message).toBe(GIFT_ALREADY_PENDING);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM help_gifts WHERE request_id = $1 AND giver_id = $2`, [id, racer.userId]);
    expect(rows[0]!.count).toBe(1);
    // No screenshot left behind by the refused ones.
    const { rows: files } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = $1 AND kind = $2`, [helpStreamId(id), GIFT_SCREENSHOT_FILE_KIND]);
    expect(files[0]!.count).toBe(1);
  });
});
