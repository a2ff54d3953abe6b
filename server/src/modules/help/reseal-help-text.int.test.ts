import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resealClearEvents } from '#server/event-store/sealing/key-migration';
import { replayAndCompare } from '#server/event-store/replay';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { helpStreamId } from './help.events.ts';

/**
 * Issue 29 / decision 041: HelpRequested version 1 held a request's title and story in clear. New
 * requests seal them (version 2); the owner's one-time reseal (run by `npm run migrate`) rewrites the
 * version 1 events still stored, sealing them under the request's key, or dropping them when that key
 * is gone. Events stay append-only for everything else.
 */
describe.each(testDbKinds())('resealing help requests written in clear on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A version 1 HelpRequested exactly as the old code wrote it (the fixture of that version). */
  async function appendVersion1(story: string): Promise<string> {
    const requestId = crypto.randomUUID();
    const streamId = helpStreamId(requestId);
    await app.services.db.transaction(async (tx) => {
      const beneficiary = await app.services.eventStore.seal(tx, streamId, { name: 'Old Beneficiary', relation: 'self', payout: { upiId: 'old@upi', bankName: null, accountHolder: null, accountNumber: null, ifsc: null } });
      await app.services.eventStore.appendInTransaction(
        tx,
        [
          {
            streamId,
            expected: 'no_stream',
            events: [
              {
                type: 'HelpRequested',
                schemaVersion: 1,
                data: {
                  requestId,
                  requesterId: 'SH1000001',
                  category: 'medical',
                  title: { en: `Old title ${story.slice(0, 12)}`, hi: null },
                  story: { en: story, hi: null },
                  amountNeededPaise: 50_000_00,
                  beneficiary,
                  documents: [],
                  requestedAt: '2026-01-05T05:00:00.000Z',
                },
              },
            ],
          },
        ],
        { actor: 'SH1000001', correlationId: crypto.randomUUID() },
      );
    });
    return requestId;
  }

  /** A version 1 HelpUpdatePosted (its text in clear) on the request's stream. */
  const appendUpdateVersion1 = (requestId: string, text: string) =>
    appendOnRequest(
      requestId,
      [{ type: 'HelpUpdatePosted', schemaVersion: 1, data: { requestId, text: { en: text, hi: null }, by: 'requester', postedBy: 'SH1000001', postedAt: '2026-01-06T05:00:00.000Z' } }],
      'SH1000001',
    );

  /** A version 1 HelpInformationRequested (staff's question in clear) on the request's stream. */
  const appendQuestionVersion1 = (requestId: string, question: string) =>
    appendOnRequest(requestId, [{ type: 'HelpInformationRequested', schemaVersion: 1, data: { requestId, question, askedBy: 'SH1000002', askedAt: '2026-01-05T06:00:00.000Z' } }]);

  /** Events appended to a request's stream as recorded (any type and version), after what it holds. */
  async function appendOnRequest(requestId: string, events: { type: string; schemaVersion?: number; data: Record<string, unknown> }[], actor = 'SH1000002'): Promise<void> {
    await app.services.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ version: number }>(`SELECT version FROM streams WHERE stream_id = $1`, [helpStreamId(requestId)]);
      await app.services.eventStore.appendInTransaction(tx, [{ streamId: helpStreamId(requestId), expected: rows[0]!.version, events }], {
        actor,
        correlationId: crypto.randomUUID(),
      });
    });
  }

  const clearHits = async (needle: string) =>
    (await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE data::text LIKE $1`, [`%${needle}%`])).rows[0]!.count;

  it('seals the title and story of old events in place (dropping those of erased requests), once; replay equals live; nothing else may change an event', async () => {
    const kept = `A story written before the seal, kept ${crypto.randomUUID()}`;
    const gone = `A story written before the seal, erased ${crypto.randomUUID()}`;
    const keptId = await appendVersion1(kept);
    const goneId = await appendVersion1(gone);
    const update = `An update written before the seal ${crypto.randomUUID()}`;
    await appendUpdateVersion1(keptId, update);
    const keptQuestion = `Is Old Beneficiary the requester's mother? ${crypto.randomUUID()}`;
    const goneQuestion = `Is Old Beneficiary the requester's father? ${crypto.randomUUID()}`;
    await appendQuestionVersion1(keptId, keptQuestion);
    await appendQuestionVersion1(goneId, goneQuestion);
    // The erased one: key destroyed and PersonalDataErased recorded, as an erasure does.
    await app.services.db.transaction(async (tx) => {
      await app.services.vault.destroyKey(tx, helpStreamId(goneId));
      await app.services.eventStore.appendInTransaction(
        tx,
        [{ streamId: helpStreamId(goneId), expected: 2, events: [{ type: 'PersonalDataErased', data: { subjectId: helpStreamId(goneId), erasedAt: '2026-02-01T00:00:00.000Z', reason: 'Asked to be forgotten' } }] }],
        { actor: 'system', correlationId: crypto.randomUUID() },
      );
    });
    expect([await clearHits(kept), await clearHits(gone)]).toEqual([1, 1]);
    const shown = async (id: string) => (await app.services.db.query(`SELECT title_en, story_en FROM help_requests WHERE id = $1`, [id])).rows[0];
    expect(await shown(keptId)).toEqual({ title_en: expect.stringMatching(/^Old title/), story_en: kept });
    expect(await shown(goneId)).toEqual({ title_en: null, story_en: null });

    // Nothing but the reseal may change an event, the owner included.
    await expect(app.services.db.query(`UPDATE events SET schema_version = 2 WHERE type = 'HelpRequested' AND schema_version = 1`)).rejects.toThrow(/append-only/);

    expect(await clearHits(update)).toBe(1);
    expect([await clearHits(keptQuestion), await clearHits(goneQuestion)]).toEqual([1, 1]);
    const questions = async (id: string) => (await app.services.db.query<{ questions: { question: string | null }[] }>(`SELECT questions FROM help_requests WHERE id = $1`, [id])).rows[0]!.questions.map((entry) => entry.question);
    expect([await questions(keptId), await questions(goneId)]).toEqual([[keptQuestion], [null]]);
    expect(await resealClearEvents(app.services.db, app.services.vault, app.services.modules)).toBe(5);
    expect([await clearHits(kept), await clearHits(gone), await clearHits(update), await clearHits(keptQuestion), await clearHits(goneQuestion)]).toEqual([0, 0, 0, 0, 0]);
    const { rows: asked } = await app.services.db.query<{ schema_version: number; question: unknown }>(
      `SELECT schema_version, data->'question' AS question FROM events WHERE type = 'HelpInformationRequested' AND stream_id = ANY($1::text[]) ORDER BY stream_id = $2 DESC`,
      [[helpStreamId(keptId), helpStreamId(goneId)], helpStreamId(keptId)],
    );
    expect(asked).toEqual([
      { schema_version: 2, question: expect.objectContaining({ $sealed: 1, subject: helpStreamId(keptId) }) },
      { schema_version: 2, question: null },
    ]);
    expect(await app.services.vault.reveal(app.services.db, asked[0]!.question)).toBe(keptQuestion);
    const { rows } = await app.services.db.query<{ schema_version: number; text: unknown }>(
      `SELECT schema_version, data->'text' AS text FROM events WHERE type = 'HelpRequested' AND stream_id = ANY($1::text[]) ORDER BY stream_id = $2 DESC`,
      [[helpStreamId(keptId), helpStreamId(goneId)], helpStreamId(keptId)],
    );
    expect(rows).toEqual([
      { schema_version: 2, text: expect.objectContaining({ $sealed: 1, subject: helpStreamId(keptId) }) },
      { schema_version: 2, text: null },
    ]);
    expect(await app.services.vault.reveal(app.services.db, rows[0]!.text)).toEqual({ title: { en: expect.stringMatching(/^Old title/), hi: null }, story: { en: kept, hi: null } });
    expect(await resealClearEvents(app.services.db, app.services.vault, app.services.modules)).toBe(0);

    // The read model did not change, and a rebuild from the resealed events gives the same.
    expect(await shown(keptId)).toEqual({ title_en: expect.stringMatching(/^Old title/), story_en: kept });
    expect([await questions(keptId), await questions(goneId)]).toEqual([[keptQuestion], [null]]);
    for (const projection of await replayAndCompare(app.services, 'help_requests')) expect(projection.differences, projection.projection).toEqual([]);
  });

  it("seals staff's old clear reasons (a request's rejection, a withdrawal's rejection, a disputed gift's decision) in place, or drops them once the key is gone", async () => {
    const at = '2026-01-06T06:00:00.000Z';
    /** Version 1 reasons on a request of its own: the request rejected, a withdrawal rejected, a disputed gift decided. */
    async function requestWithClearReasons(label: string) {
      const requestId = await appendVersion1(`A story for the reasons, ${label} ${crypto.randomUUID()}`);
      const disbursementId = crypto.randomUUID();
      const giftId = crypto.randomUUID();
      const reasons = {
        request: `Old Beneficiary, ${label}, was helped already ${crypto.randomUUID()}`,
        withdrawal: `The account of Old Beneficiary, ${label}, is closed ${crypto.randomUUID()}`,
        gift: `Old Beneficiary, ${label}, showed the passbook ${crypto.randomUUID()}`,
      };
      const contactNumber = await app.services.db.transaction((tx) => app.services.eventStore.seal(tx, helpStreamId(requestId), '9800000000'));
      await appendOnRequest(requestId, [
        {
          type: 'DisbursementRequested',
          data: { requestId, disbursementId, amountPaise: 1_000_00, adminChargePaise: 0, netPaise: 1_000_00, contactNumber, requestedBy: 'SH1000001', requestedAt: at },
        },
        { type: 'DisbursementRejected', schemaVersion: 1, data: { requestId, disbursementId, reason: reasons.withdrawal, rejectedBy: 'SH1000003', rejectedAt: at } },
        {
          type: 'DirectGiftSubmitted',
          data: { requestId, giftId, giverId: 'SH1000004', amountPaise: 500_00, utr: `UTR${Date.now()}`, screenshot: { fileId: crypto.randomUUID(), mediaType: 'image/jpeg' }, submittedAt: at },
        },
        { type: 'DirectGiftDisputed', data: { requestId, giftId, disputedBy: 'SH1000001', disputedAt: at } },
        {
          type: 'DirectGiftDecided',
          schemaVersion: 1,
          data: { requestId, giftId, giverId: 'SH1000004', amountPaise: 500_00, decision: 'not-received', reason: reasons.gift, decidedBy: 'SH1000002', decidedAt: at },
        },
        { type: 'HelpRequestRejected', schemaVersion: 1, data: { requestId, reason: reasons.request, rejectedBy: 'SH1000002', rejectedAt: at } },
      ]);
      return { requestId, disbursementId, giftId, reasons };
    }
    const kept = await requestWithClearReasons('kept');
    const gone = await requestWithClearReasons('erased');
    await app.services.db.transaction(async (tx) => {
      await app.services.vault.destroyKey(tx, helpStreamId(gone.requestId));
    });
    await appendOnRequest(gone.requestId, [{ type: 'PersonalDataErased', data: { subjectId: helpStreamId(gone.requestId), erasedAt: '2026-02-01T00:00:00.000Z', reason: 'Asked to be forgotten' } }]);

    const shownReasons = async ({ requestId, disbursementId, giftId }: { requestId: string; disbursementId: string; giftId: string }) => ({
      request: (await app.services.db.query<{ reason: string | null }>(`SELECT rejection->>'reason' AS reason FROM help_requests WHERE id = $1`, [requestId])).rows[0]!.reason,
      withdrawal: (await app.services.db.query<{ reason: string | null }>(`SELECT rejection_reason AS reason FROM help_disbursements WHERE disbursement_id = $1`, [disbursementId])).rows[0]!.reason,
      gift: (await app.services.db.query<{ reason: string | null }>(`SELECT decision_reason AS reason FROM help_gifts WHERE gift_id = $1`, [giftId])).rows[0]!.reason,
    });
    // Before: the reasons in clear in the events; the erased request's blanked in the read model.
    for (const reason of [...Object.values(kept.reasons), ...Object.values(gone.reasons)]) expect(await clearHits(reason), reason).toBe(1);
    expect(await shownReasons(kept)).toEqual(kept.reasons);
    expect(await shownReasons(gone)).toEqual({ request: null, withdrawal: null, gift: null });

    expect(await resealClearEvents(app.services.db, app.services.vault, app.services.modules)).toBe(2 + 6);
    for (const reason of [...Object.values(kept.reasons), ...Object.values(gone.reasons)]) expect(await clearHits(reason), reason).toBe(0);
    const { rows } = await app.services.db.query<{ type: string; stream_id: string; schema_version: number; reason: unknown }>(
      `SELECT type, stream_id, schema_version, data->'reason' AS reason FROM events
        WHERE type IN ('HelpRequestRejected', 'DisbursementRejected', 'DirectGiftDecided') AND stream_id = ANY($1::text[]) ORDER BY global_position`,
      [[helpStreamId(kept.requestId), helpStreamId(gone.requestId)]],
    );
    const sealedFor = (requestId: string) => expect.objectContaining({ $sealed: 1, subject: helpStreamId(requestId) });
    expect(rows).toEqual([
      { type: 'DisbursementRejected', stream_id: helpStreamId(kept.requestId), schema_version: 2, reason: sealedFor(kept.requestId) },
      { type: 'DirectGiftDecided', stream_id: helpStreamId(kept.requestId), schema_version: 2, reason: sealedFor(kept.requestId) },
      { type: 'HelpRequestRejected', stream_id: helpStreamId(kept.requestId), schema_version: 2, reason: sealedFor(kept.requestId) },
      { type: 'DisbursementRejected', stream_id: helpStreamId(gone.requestId), schema_version: 2, reason: null },
      { type: 'DirectGiftDecided', stream_id: helpStreamId(gone.requestId), schema_version: 2, reason: null },
      { type: 'HelpRequestRejected', stream_id: helpStreamId(gone.requestId), schema_version: 2, reason: null },
    ]);
    expect(await Promise.all(rows.slice(0, 3).map((row) => app.services.vault.reveal(app.services.db, row.reason)))).toEqual([kept.reasons.withdrawal, kept.reasons.gift, kept.reasons.request]);
    expect(await resealClearEvents(app.services.db, app.services.vault, app.services.modules)).toBe(0);

    // The read model did not change, and a rebuild from the resealed events gives the same.
    expect(await shownReasons(kept)).toEqual(kept.reasons);
    expect(await shownReasons(gone)).toEqual({ request: null, withdrawal: null, gift: null });
    for (const projection of await replayAndCompare(app.services, 'help_requests')) expect(projection.differences, projection.projection).toEqual([]);
  });
});
