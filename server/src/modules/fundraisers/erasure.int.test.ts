import crypto from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type AppCaller, type TestApp } from '#server/testing/test-services';
import { addDays } from './fundraiser.decider.ts';
import { fundraiserFields, postFundraiser, smallPhoto } from './fundraisers.test-helper.ts';

const TODAY = '2031-03-01';

/**
 * Issue 33 with issue 29: erasing a donor takes their name and message off every fundraiser page;
 * erasing the member who started fundraisers takes their text, refusal reasons and photos away and
 * the pages down. Afterwards no table (the events included) holds any of it in clear, and a replay
 * of the read models equals live.
 */
describe.each(testDbKinds())('erasure and fundraisers on %s', (kind) => {
  let app: TestApp;
  let membersAdmin: AppCaller;
  let verifier: AppCaller;
  let finance: AppCaller;
  let visitor: AppCaller;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date(`${TODAY}T04:30:00.000Z`) });
    membersAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    verifier = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['verification'] })).token });
    finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    visitor = await app.caller();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Every base table of the schema, each row cast to text, searched for each needle: the hits. */
  async function clearTextHits(needles: Record<string, string>): Promise<string[]> {
    const { rows: tables } = await app.services.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(['events', 'fundraisers', 'fundraiser_gifts', 'donations']));
    const hits: string[] = [];
    for (const { table_name: table } of tables) {
      for (const [what, needle] of Object.entries(needles)) {
        const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${table}" AS row WHERE row::text ILIKE $1`, [`%${needle}%`]);
        if (rows[0]!.count > 0) hits.push(`${table}: ${what}`);
      }
    }
    return hits;
  }

  async function give(fundraiserId: string, donor: { name: string; email: string; phone: string; message: string }) {
    const pay = await visitor.donations.create({ amountPaise: 1_500_00, cause: 'general', donorName: donor.name, email: donor.email, phone: donor.phone, showName: true, fundraiserId, message: donor.message });
    await visitor.donations.submitProof({ reference: pay.reference, contact: donor.email, utr: String(9_300_000_000_00 + crypto.randomInt(99_999_999)).slice(-12) });
    await finance.donations.admin.verify({ reference: pay.reference, receivedOn: TODAY, mode: 'upi' });
    return pay.reference;
  }

  it('erasing a donor takes their name and message off the page; erasing the organiser takes the fundraisers down', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const organiser = { name: `Sunita Organiserdevi ${tag}`, title: `Books for the ${tag} village school`, story: `My neighbour's son ${tag} and thirty other children start Class 10 without books; I am raising money so the foundation can buy them.`, reason: `Sunita ${tag} already runs another fundraiser.` };
    const donor = { name: `Harish Donorlal ${tag}`, email: `harish.${tag}@example.org`, phone: `97${String(crypto.randomInt(100_000_000)).padStart(8, '0')}`, message: `From Harish ${tag}, with love` };
    const other = { name: `Asha Staysname ${tag}`, email: `asha.${tag}@example.org`, phone: `96${String(crypto.randomInt(100_000_000)).padStart(8, '0')}`, message: `Asha ${tag} stays` };

    const member = await app.account({ fullName: organiser.name });
    const memberCaller = await app.caller({ token: member.token });
    const started = await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 30), { titleEn: organiser.title, storyEn: organiser.story }), { bytes: await smallPhoto() });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = started.body.id as string;
    await verifier.fundraisers.admin.approve({ id });
    const refused = (await postFundraiser(app, member.token, fundraiserFields(addDays(TODAY, 20), { titleEn: organiser.title, storyEn: organiser.story }), { bytes: await smallPhoto() })).body.id as string;
    await verifier.fundraisers.admin.reject({ id: refused, reason: organiser.reason });
    const donorReference = await give(id, donor);
    await give(id, other);

    expect((await visitor.fundraisers.get({ id })).supporters.map((supporter) => supporter.name).sort()).toEqual([donor.name, other.name].sort());
    // In clear before, in the read models (the events hold them sealed).
    expect(await clearTextHits({ donorMessage: donor.message, title: organiser.title })).toEqual(expect.arrayContaining(['fundraiser_gifts: donorMessage', 'fundraisers: title']));

    // The donor (no account) is erased by their e-mail: their name and message leave the page, the gift still counts.
    await membersAdmin.admin.members.eraseContact({ contact: donor.email, reason: 'The donor asked us to forget them' });
    const page = await visitor.fundraisers.get({ id });
    expect(page.supporters.map((supporter) => [supporter.name, supporter.message])).toEqual([[other.name, other.message]]);
    expect(page).toMatchObject({ raisedPaise: 3_000_00, gifts: 2 });
    expect(await clearTextHits({ donorName: donor.name, donorEmail: donor.email, donorPhone: donor.phone, donorMessage: donor.message })).toEqual([]);
    expect(donorReference).toBeTruthy();

    // The organiser is erased: title, story, reason and photos gone everywhere; the pages are 404; no gift through it.
    const erased = await membersAdmin.admin.members.erase({ userId: member.userId, reason: 'The member asked us to forget them' });
    expect(erased.erased).toMatchObject({ fundraisers: 2 });
    expect(await clearTextHits({ name: organiser.name, title: organiser.title, story: organiser.story, reason: organiser.reason })).toEqual([]);
    expect((await request(app.http()).get(`/api/fundraisers/${id}`)).status).toBe(404);
    expect((await request(app.http()).get(`/api/fundraisers/${id}/photo`)).status).toBe(404);
    const { rows: files } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM files WHERE subject_id = ANY($1::text[])`, [[`fundraiser-${id}`, `fundraiser-${refused}`]]);
    expect(files[0]!.count).toBe(0);
    expect((await rejection(visitor.donations.create({ amountPaise: 100_00, cause: 'general', donorName: 'Late Giver', email: `late.${tag}@example.org`, showName: false, fundraiserId: id }))).code).toBe('NOT_FOUND');
    expect((await memberCaller.fundraisers.mine().catch(() => ({ fundraisers: [] }))).fundraisers).toEqual([]);
    // The other supporter stays on the record of their own gift.
    expect(await clearTextHits({ otherMessage: other.message })).toEqual(['fundraiser_gifts: otherMessage']);

    for (const projection of await replayAndCompare(app.services, 'fundraisers')) expect(projection.differences, projection.projection).toEqual([]);
  });
});

async function rejection(promise: Promise<unknown>): Promise<{ code: string }> {
  return promise.then(
    () => ({ code: 'SUCCEEDED' }),
    (error: { code: string }) => error,
  );
}
