import crypto from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { itRaces } from '#server/testing/requires';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { HOSTILE_MARKERS, hostilePdf, namesAndStringsIn } from '#server/uploads/test-files.test-helper';
import { closeExpiredHelpRequests } from './close-expired-requests.job.ts';
import { HELP_DOCUMENT_FILE_KIND } from './requests/help-commands.ts';
import {
  HELP_ALREADY_PUBLISHED,
  HELP_ANSWER_AWAITED,
  HELP_IDENTITY_NOT_MATCHED,
  HELP_NO_OPEN_QUESTION,
  HELP_ONLY_REQUESTER_ANSWERS,
  HELP_ONLY_REQUESTER_CLOSES,
  HELP_OWN_REQUEST,
  HELP_QUESTION_ALREADY_OPEN,
  HELP_REQUEST_NOT_FOUND,
} from './help-request.decider.ts';
import { helpAccessStreamId, helpStreamId } from './help.events.ts';
import {
  HELP_AMOUNT_NEEDED_RANGE,
  HELP_DOCUMENT_DATE_FUTURE,
  HELP_DOCUMENT_DETAILS_WITHOUT_FILE,
  HELP_DOCUMENT_KIND_REQUIRED,
  HELP_DOCUMENT_REQUIRED,
  HELP_DOCUMENT_TOO_OLD,
  HELP_PAYOUT_REQUIRED,
  HELP_STORY_REQUIRED,
} from './help.schema.ts';
import { helpDocuments, helpFields, publishedHelpRequest, submitHelpForm, submittedHelpRequest } from './help.test-helper.ts';

const TODAY = '2031-07-01';
const RECENT = '2031-06-10';

/**
 * Help requests end to end on each database (issue 14): a member's request with its documents made
 * safe and sealed, staff's checks, questions and decisions, the public reads that never show an
 * unpublished request, every refusal writing nothing, replay equal to live, and races on PostgreSQL.
 */
describe.each(testDbKinds())('help requests on %s', (kind) => {
  let app: TestApp;
  const clock = new Date(`${TODAY}T06:00:00.000Z`);
  let member: { userId: string; token: string };
  let memberCaller: AppCaller;
  let other: AppCaller;
  let verifier: AppCaller;
  let verifierToken: string;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    member = await app.account();
    memberCaller = await app.caller({ token: member.token });
    other = await app.caller({ token: (await app.account()).token });
    const staff = await app.account({ role: 'admin', permissions: ['verification'] });
    verifierToken = staff.token;
    verifier = await app.caller({ token: staff.token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function writes(): Promise<{ events: number; files: number }> {
    const { rows } = await app.services.db.query<{ events: number; files: number }>(`SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM files) AS files`);
    return rows[0]!;
  }

  const viewDocument = (id: string, index: number, token = verifierToken, page = 1) =>
    request(app.http())
      .get(`/api/admin/help/${id}/documents/${index}?page=${page}`)
      .set({ Authorization: `Bearer ${token}` })
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });

  it('records a request with its documents made safe and sealed; the beneficiary never in plain text; the requester and staff see it, the public does not', async () => {
    const { photo } = await helpDocuments();
    const hostile = await hostilePdf();
    const fields = helpFields(RECENT, { document2Kind: 'hospital-bill', document2Date: '2031-05-02' });
    const res = await submitHelpForm(app, member.token, fields, { document1: { bytes: hostile, filename: 'estimate.pdf' }, document2: photo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    expect(res.body).toEqual({ id: expect.stringMatching(/^[A-Z2-9]{8}$/), status: 'submitted' });

    const events = await app.services.eventStore.readStream(helpStreamId(id));
    expect(events.map((event) => event.type)).toEqual(['HelpRequested']);
    const { rows } = await app.services.db.query<{ data: string }>(`SELECT data::text AS data FROM events WHERE stream_id = $1`, [helpStreamId(id)]);
    expect(rows[0]!.data).not.toContain('Ramesh Kumar');
    expect(rows[0]!.data).not.toContain('ramesh.kumar@okbank');
    expect(events[0]!.metadata.actor).toBe(member.userId);

    // Stored made safe: the photo re-encoded without EXIF, the PDF without its active content.
    const detail = await verifier.help.admin.get({ id });
    expect(detail.documents.map((document) => [document.index, document.kind, document.mediaType, document.documentDate])).toEqual([
      [1, 'hospital-estimate', 'application/pdf', RECENT],
      [2, 'hospital-bill', 'image/jpeg', '2031-05-02'],
    ]);
    const { rows: fileRows } = await app.services.db.query<{ documents: { fileId: string }[] }>(`SELECT documents FROM help_requests WHERE id = $1`, [id]);
    const storedPhoto = await app.services.files.get(fileRows[0]!.documents[1]!.fileId, { subjectId: helpStreamId(id), kind: HELP_DOCUMENT_FILE_KIND });
    const metadata = await sharp(storedPhoto!.bytes).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp]).toEqual(['jpeg', undefined, undefined]);
    const storedPdf = await app.services.files.get(fileRows[0]!.documents[0]!.fileId, { subjectId: helpStreamId(id), kind: HELP_DOCUMENT_FILE_KIND });
    const names = namesAndStringsIn(storedPdf!.bytes);
    for (const marker of Object.values(HOSTILE_MARKERS)) expect(names).not.toContain(marker);

    // The requester sees it at once; staff's queue too.
    expect((await memberCaller.help.mine()).requests.find((entry) => entry.id === id)).toMatchObject({ status: 'submitted', amountNeededPaise: 85_000_00, question: null });
    expect((await verifier.help.admin.getMany({ status: 'submitted' })).requests.map((entry) => entry.id)).toContain(id);
    expect((await other.help.mine()).requests.map((entry) => entry.id)).not.toContain(id);

    // Not public in any way before publishing.
    await expect(visitor.help.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: HELP_REQUEST_NOT_FOUND });
    expect((await request(app.http()).get(`/api/help/${id}`)).status).toBe(404);
    expect((await visitor.help.list({})).requests.map((entry) => entry.id)).not.toContain(id);
    expect(JSON.stringify((await request(app.http()).get('/api/help')).body)).not.toContain(id);
  });

  it('shows staff each document as an image, records every view and every opening of the payout details, and refuses members', async () => {
    const { photo } = await helpDocuments();
    const id = await submittedHelpRequest(app, member.token, RECENT);
    const withPhoto = await submitHelpForm(app, member.token, helpFields(RECENT, { document1Kind: 'hospital-bill' }), { document1: photo });
    expect(withPhoto.status).toBe(201);

    const page = await viewDocument(id, 1);
    expect(page.status, String(page.body)).toBe(200);
    expect(page.headers['content-type']).toBe('image/png');
    expect(page.headers['cache-control']).toBe('private, no-store');
    const image = await viewDocument(withPhoto.body.id as string, 1);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await viewDocument(id, 2)).status).toBe(404);
    expect((await viewDocument(id, 1, verifierToken, 2)).status).toBe(404);
    expect((await viewDocument(id, 1, member.token)).status).toBe(403);

    const revealed = await verifier.help.admin.reveal({ id });
    expect(revealed.beneficiary).toMatchObject({ name: 'Ramesh Kumar', relation: 'parent', upiId: 'ramesh.kumar@okbank' });
    await expect(memberCaller.help.admin.reveal({ id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const access = await app.services.eventStore.readStream(helpAccessStreamId(id));
    expect(access.map((event) => event.type)).toEqual(['HelpDocumentViewed', 'HelpBeneficiaryViewed']);
  });

  it('takes the payout details from the profile when the form leaves them out, and refuses a request with none anywhere', async () => {
    const fields = helpFields(RECENT, { upiId: undefined });
    const before = await writes();
    const { estimate } = await helpDocuments();
    const refused = await submitHelpForm(app, member.token, fields, { document1: estimate });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(HELP_PAYOUT_REQUIRED);
    expect(await writes()).toEqual(before);

    await memberCaller.identity.updateProfile({ upiId: 'member.own@okicici' });
    const res = await submitHelpForm(app, member.token, fields, { document1: estimate });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await verifier.help.admin.reveal({ id: res.body.id as string })).beneficiary?.upiId).toBe('member.own@okicici');
  });

  it('refuses bad input with a clear message and writes nothing: amounts, documents, dates, file types, unknown fields, no sign-in', async () => {
    const { estimate } = await helpDocuments();
    const text = { bytes: Buffer.from('not a document at all, just text'), filename: 'note.txt', contentType: 'text/plain' };
    const cases: [string, Record<string, string>, Partial<Record<string, typeof estimate>>, number, string | null][] = [
      ['₹0', helpFields(RECENT, { amountNeeded: '0' }), { document1: estimate }, 400, HELP_AMOUNT_NEEDED_RANGE],
      ['₹10 crore', helpFields(RECENT, { amountNeeded: '100000000' }), { document1: estimate }, 400, HELP_AMOUNT_NEEDED_RANGE],
      ['no document', helpFields(RECENT, { document1Kind: undefined, document1Date: undefined }), {}, 400, HELP_DOCUMENT_REQUIRED],
      ['details without a file', helpFields(RECENT), {}, 400, HELP_DOCUMENT_DETAILS_WITHOUT_FILE],
      ['a file without its kind', helpFields(RECENT, { document1Kind: undefined }), { document1: estimate }, 400, HELP_DOCUMENT_KIND_REQUIRED],
      ['an estimate over 6 months old', helpFields('2030-12-31'), { document1: estimate }, 400, HELP_DOCUMENT_TOO_OLD],
      ['a date in the future', helpFields('2031-07-02'), { document1: estimate }, 400, HELP_DOCUMENT_DATE_FUTURE],
      ['no story', helpFields(RECENT, { storyEn: undefined }), { document1: estimate }, 400, HELP_STORY_REQUIRED],
      ['a text file', helpFields(RECENT), { document1: text }, 400, null],
      ['an unknown field', helpFields(RECENT, { sponsorBonus: '100' }), { document1: estimate }, 400, null],
    ];
    for (const [name, fields, documents, status, message] of cases) {
      const before = await writes();
      const res = await submitHelpForm(app, member.token, fields, documents);
      expect(res.status, name).toBe(status);
      // The message, or the field's own message beside the general one.
      const said = [res.body.message, ...Object.values((res.body.fieldErrors ?? {}) as Record<string, string[]>).flat()];
      if (message) expect(said, name).toContain(message);
      else expect(res.body.message, name).toEqual(expect.any(String));
      expect(await writes(), name).toEqual(before);
    }
    const before = await writes();
    expect((await submitHelpForm(app, null, helpFields(RECENT), { document1: estimate })).status).toBe(401);
    expect((await request(app.http()).post('/api/help').set({ Authorization: `Bearer ${member.token}` }).send(helpFields(RECENT))).status).toBe(400);
    expect(await writes()).toEqual(before);
  });

  it('takes a request from question to answer to identity check to publishing; the public sees it only then, for 90 days', async () => {
    const id = await submittedHelpRequest(app, member.token, RECENT);
    await expect(verifier.help.admin.publish({ id })).rejects.toMatchObject({ code: 'CONFLICT', message: HELP_IDENTITY_NOT_MATCHED });

    expect(await verifier.help.admin.ask({ id, question: 'Please send the page of the estimate with the hospital’s stamp.' })).toEqual({ id, status: 'information_requested' });
    await expect(verifier.help.admin.ask({ id, question: 'And a second question?' })).rejects.toMatchObject({ code: 'CONFLICT', message: HELP_QUESTION_ALREADY_OPEN });
    expect((await memberCaller.help.mine()).requests.find((entry) => entry.id === id)?.question).toBe('Please send the page of the estimate with the hospital’s stamp.');
    await verifier.help.admin.checkIdentity({ id, idKind: 'aadhaar', isMatched: true });
    await expect(verifier.help.admin.publish({ id })).rejects.toMatchObject({ code: 'CONFLICT', message: HELP_ANSWER_AWAITED });

    const before = await writes();
    await expect(other.help.answer({ id, answer: 'Not mine to answer' })).rejects.toMatchObject({ code: 'FORBIDDEN', message: HELP_ONLY_REQUESTER_ANSWERS });
    expect(await writes()).toEqual(before);
    expect(await memberCaller.help.answer({ id, answer: 'The stamped page is the second page of the PDF.' })).toEqual({ id, status: 'submitted' });
    await expect(memberCaller.help.answer({ id, answer: 'Again' })).rejects.toMatchObject({ code: 'CONFLICT', message: HELP_NO_OPEN_QUESTION });
    expect((await verifier.help.admin.get({ id })).questions).toEqual([
      expect.objectContaining({ question: 'Please send the page of the estimate with the hospital’s stamp.', answer: 'The stamped page is the second page of the PDF.' }),
    ]);

    expect(await verifier.help.admin.publish({ id })).toEqual({ id, status: 'published' });
    const shown = await visitor.help.get({ id });
    expect(shown).toMatchObject({ id, status: 'published', amountNeededPaise: 85_000_00, raisedPaise: 0, closesOn: '2031-09-29', beneficiaryFirstName: 'Ramesh', relation: 'parent' });
    // Where to give directly, while it takes gifts: the UPI ID and a first name, never the full name or a bank account.
    expect(shown.directUpi).toEqual({ upiId: 'ramesh.kumar@okbank', payeeName: 'Ramesh', holder: 'unnamed' });
    expect(JSON.stringify(shown)).not.toContain('Ramesh Kumar');
    const listed = await request(app.http()).get('/api/help').query({ cause: 'medical' });
    expect(listed.body.requests.find((entry: { id: string }) => entry.id === id)).toMatchObject({ amountNeeded: 85_000, raised: 0, status: 'published' });
    expect((await visitor.help.list({ cause: 'education' })).requests.map((entry) => entry.id)).not.toContain(id);
    // A cause word that is no category lists every request, whatever the word (an object's own property names included).
    for (const cause of ['people', 'constructor', '__proto__', 'toString', ' Medical ']) {
      expect((await visitor.help.list({ cause })).requests.map((entry) => entry.id), cause).toContain(id);
    }
    expect((await request(app.http()).get(`/api/help/${id}`)).body).toMatchObject({ id, amountNeeded: 85_000, title: { en: 'Heart surgery for my father' } });
  });

  it('lets no staff member decide on their own request, and only the requester or staff close a published one', async () => {
    const staffMember = await app.account({ role: 'admin', permissions: ['verification'] });
    const ownId = await submittedHelpRequest(app, staffMember.token, RECENT);
    const self = await app.caller({ token: staffMember.token });
    await expect(self.help.admin.checkIdentity({ id: ownId, idKind: 'pan', isMatched: true })).rejects.toMatchObject({ code: 'FORBIDDEN', message: HELP_OWN_REQUEST });

    const id = await publishedHelpRequest(app, member.token, verifier, RECENT);
    await expect(other.help.close({ id })).rejects.toMatchObject({ code: 'FORBIDDEN', message: HELP_ONLY_REQUESTER_CLOSES });
    expect(await memberCaller.help.close({ id })).toEqual({ id, status: 'closed' });
    expect(await visitor.help.get({ id })).toMatchObject({ status: 'closed', closedReason: 'requester', directUpi: null });

    const rejected = await submittedHelpRequest(app, member.token, RECENT);
    expect(await verifier.help.admin.reject({ id: rejected, reason: 'The estimate is for a different patient.' })).toEqual({ id: rejected, status: 'rejected' });
    expect((await memberCaller.help.mine()).requests.find((entry) => entry.id === rejected)?.rejectionReason).toBe('The estimate is for a different patient.');
    await expect(visitor.help.get({ id: rejected })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // The queue opens on what waits; "all" lists every request, newest first.
    expect((await verifier.help.admin.getMany({})).requests.map((entry) => entry.id)).not.toContain(rejected);
    const all = await verifier.help.admin.getMany({ status: 'all' });
    expect(all.requests.find((entry) => entry.id === rejected)?.status).toBe('rejected');
    expect(all.requests.find((entry) => entry.id === id)?.status).toBe('closed');
    const times = all.requests.map((entry) => Date.parse(entry.requestedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it('REST: staff publish, ask and reject; members and visitors are refused and nothing is written', async () => {
    const id = await submittedHelpRequest(app, member.token, RECENT);
    const asStaff = { Authorization: `Bearer ${verifierToken}` };
    const before = await writes();
    expect((await request(app.http()).post(`/api/admin/help/${id}/publish`).set({ Authorization: `Bearer ${member.token}` }).send({})).status).toBe(403);
    expect((await request(app.http()).post(`/api/admin/help/${id}/reject`).send({ reason: 'No reason at all' })).status).toBe(401);
    expect((await request(app.http()).post(`/api/admin/help/${id}/ask`).set(asStaff).send({ question: 'Why?', extra: 1 })).status).toBe(400);
    expect((await request(app.http()).post(`/api/admin/help/${id}/publish`).set(asStaff).send({})).status).toBe(409);
    expect(await writes()).toEqual(before);

    expect((await request(app.http()).post(`/api/admin/help/${id}/ask`).set(asStaff).send({ question: 'Which hospital is it?' })).body).toEqual({ id, status: 'information_requested' });
    expect((await request(app.http()).post(`/api/admin/help/${id}/reject`).set(asStaff).send({ reason: 'No answer came in a month.' })).body).toEqual({ id, status: 'rejected' });
  });

  it('closes a request as expired on its closing day in India, not before, and not one extended meanwhile', async () => {
    const id = await publishedHelpRequest(app, member.token, verifier, RECENT); // closes on 2031-09-29
    const extended = await publishedHelpRequest(app, member.token, verifier, RECENT);
    // A day the calendar does not have is refused as bad input, not stored.
    const before = await writes();
    await expect(verifier.help.admin.extend({ id: extended, closesOn: '2031-09-31' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await writes()).toEqual(before);
    // The day before, in India: nothing closes.
    expect(await closeExpiredHelpRequests(app.services, new Date('2031-09-28T18:29:00.000Z'))).toBe(0);
    // Staff move one request's date on; the job then closes only the other, once.
    clock.setTime(Date.parse('2031-09-20T06:00:00.000Z'));
    try {
      const staff = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
      await staff.help.admin.extend({ id: extended, closesOn: '2031-12-01' });
    } finally {
      clock.setTime(Date.parse(`${TODAY}T06:00:00.000Z`));
    }
    const closingDay = new Date('2031-09-28T18:30:00.000Z'); // 00:00 on 29 September in India
    expect(await closeExpiredHelpRequests(app.services, closingDay)).toBeGreaterThanOrEqual(1);
    expect(await closeExpiredHelpRequests(app.services, closingDay)).toBe(0);
    expect(await visitor.help.get({ id })).toMatchObject({ status: 'closed', closedReason: 'expired' });
    expect(await visitor.help.get({ id: extended })).toMatchObject({ status: 'published', closesOn: '2031-12-01' });
  });

  it('replays into the same read model', async () => {
    for (const projection of await replayAndCompare(app.services, 'help_requests')) expect(projection.differences, projection.projection).toEqual([]);
  });

  itRaces(kind, 'races: one request per Idempotency-Key, one publication, one question, however many at once', async () => {
    const { estimate } = await helpDocuments();
    const key = crypto.randomUUID();
    const submissions = await Promise.all(
      Array.from({ length: 6 }, () => submitHelpForm(app, member.token, helpFields(RECENT), { document1: estimate }, { 'Idempotency-Key': key })),
    );
    expect(submissions.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(submissions.map((res) => res.body.id as string));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE type = 'HelpRequested' AND stream_id = $1`, [helpStreamId(id)]);
    expect(rows[0]!.count).toBe(1);

    const asks = await raceCalls(6, () => verifier.help.admin.ask({ id, question: 'Is the surgery date fixed?' }));
    expect(asks.succeeded).toHaveLength(6); // the same question again records nothing
    await memberCaller.help.answer({ id, answer: 'Yes, on the 20th.' });
    await verifier.help.admin.checkIdentity({ id, idKind: 'voter-id', isMatched: true });
    const publishes = await raceCalls(8, () => verifier.help.admin.publish({ id }));
    expectOnlyRefusals(publishes.refusals, [['CONFLICT', HELP_ALREADY_PUBLISHED]]);
    const types = (await app.services.eventStore.readStream(helpStreamId(id))).map((event) => event.type);
    expect(types.filter((type) => type === 'HelpRequestPublished')).toHaveLength(1);
    expect(types.filter((type) => type === 'HelpInformationRequested')).toHaveLength(1);
  });
});
