import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectOnlyRefusals, raceCalls } from '#server/testing/assertions';
import { describeWhere, needsPostgres } from '#server/testing/requires';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { contactKeyOf } from '../donor-keys.ts';
import { uniqueDonor, verifiedDonation } from '../donations.test-helper.ts';
import { deriveStatementCode, pruneStatementCodes, STATEMENT_CODE_NOT_ACCEPTED } from './statement-code.ts';

/**
 * Race tests for the statement's one-time code (issue 29, decision 040) on PostgreSQL, where the
 * calls overlap: identical requests and verifications at once record the right number of events.
 */
const CALLS = 10;

describeWhere([needsPostgres], 'statement codes racing on postgres', () => {
  let app: TestApp;
  const clock = new Date('2032-05-02T06:00:00.000Z');

  beforeAll(async () => {
    app = await createTestApp('postgres', {
      now: () => clock,
      limits: {
        statementCodePerIp: { limit: 100, windowSeconds: 3600 },
        statementCodeVerifyPerIp: { limit: 100, windowSeconds: 3600 },
        // The tries rate limits (decision 049, review) aside, so the per-code counts are what races here.
        statementCodeTriesPerContactPerIp: { limit: 100, windowSeconds: 600 },
        statementCodeTriesPerContact: { limit: 100, windowSeconds: 600 },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A contact given with a verified gift: only those are sent a code (decision 049). */
  async function donorContact(label: string): Promise<string> {
    const { email } = uniqueDonor(label);
    const finance = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['finance'] })).token });
    await verifiedDonation(app, finance, { input: { email }, receivedOn: '2032-05-02' });
    return email;
  }

  const keyOf = (contact: string) => contactKeyOf((purpose, value) => app.services.vault.blindIndex(purpose, value), contact);

  async function eventsFor(contact: string): Promise<{ requested: string[]; resent: number; verified: number }> {
    const { rows } = await app.services.db.query<{ type: string; code_id: string }>(
      `SELECT type, data->>'codeId' AS code_id FROM events WHERE type IN ('StatementCodeRequested', 'StatementCodeResent', 'StatementCodeVerified')`,
    );
    const requested = (
      await app.services.db.query<{ code_id: string }>(`SELECT data->>'codeId' AS code_id FROM events WHERE type = 'StatementCodeRequested' AND data->>'contactKey' = $1`, [keyOf(contact)])
    ).rows.map((row) => row.code_id);
    const count = (type: string) => rows.filter((row) => row.type === type && requested.includes(row.code_id)).length;
    return { requested, resent: count('StatementCodeResent'), verified: count('StatementCodeVerified') };
  }

  /** The tries counted for the contact's unused code, from every address together. */
  async function attemptsOf(contact: string): Promise<number> {
    const { rows } = await app.services.db.query<{ attempts: number }>(`SELECT attempts FROM statement_codes WHERE contact_key = $1 AND verified_at IS NULL`, [keyOf(contact)]);
    return rows[0]!.attempts;
  }

  async function liveCode(contact: string): Promise<string> {
    const { rows } = await app.services.db.query<{ code_id: string }>(`SELECT code_id FROM statement_codes WHERE contact_key = $1`, [keyOf(contact)]);
    return deriveStatementCode(app.services.vault, rows[0]!.code_id);
  }

  it('requestStatementCode: ten at once for one donor from one address are one code sent three times (the limit of a contact and address), the rest refused with 429', async () => {
    const contact = await donorContact('race-request');
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ ip: '192.0.2.60' })).donations.requestStatementCode({ contact }));
    expect([succeeded.length, refusals.length]).toEqual([3, 7]);
    expectOnlyRefusals(refusals, [['TOO_MANY_REQUESTS', /^Too many attempts/]]);
    const { requested, resent } = await eventsFor(contact);
    expect([requested.length, resent]).toEqual([1, 2]);
    const { rows } = await app.services.db.query<{ code_id: string }>(`SELECT code_id FROM statement_codes WHERE contact_key = $1`, [keyOf(contact)]);
    expect(rows).toHaveLength(1);
    expect(requested).toContain(rows[0]!.code_id);
  });

  it('verifyStatementCode: the right code ten times at once is verified once; the others are told to ask again', async () => {
    const contact = await donorContact('race-verify');
    await (await app.caller({ ip: '192.0.2.61' })).donations.requestStatementCode({ contact });
    const code = await liveCode(contact);
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ ip: '192.0.2.61' })).donations.verifyStatementCode({ contact, code }));
    expect(succeeded).toHaveLength(1);
    expectOnlyRefusals(refusals, [['BAD_REQUEST', STATEMENT_CODE_NOT_ACCEPTED]]);
    expect((await eventsFor(contact)).verified).toBe(1);
  });

  it('verifyStatementCode: ten wrong guesses at once from one address, 5 judged and 5 refused; that address is then refused even the right code, another is not', async () => {
    const contact = await donorContact('race-guess');
    await (await app.caller({ ip: '192.0.2.62' })).donations.requestStatementCode({ contact });
    const code = await liveCode(contact);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const { succeeded, refusals } = await raceCalls(CALLS, async () => (await app.caller({ ip: '192.0.2.62' })).donations.verifyStatementCode({ contact, code: wrong }));
    expect(succeeded).toEqual([]);
    // One answer for judged and refused tries alike (decision 049, review); the counts tell them apart.
    expect(refusals).toEqual(Array(CALLS).fill(['BAD_REQUEST', STATEMENT_CODE_NOT_ACCEPTED]));
    expect(await attemptsOf(contact)).toBe(5);
    await expect((await app.caller({ ip: '192.0.2.62' })).donations.verifyStatementCode({ contact, code })).rejects.toThrow(STATEMENT_CODE_NOT_ACCEPTED);
    expect((await eventsFor(contact)).verified).toBe(0);
    await (await app.caller({ ip: '192.0.2.63' })).donations.verifyStatementCode({ contact, code });
    expect((await eventsFor(contact)).verified).toBe(1);
  });

  it('verifyStatementCode: twenty wrong guesses at once from twenty addresses, 10 judged (the cap of a code) and 10 refused; then the code is dead', async () => {
    const contact = await donorContact('race-cap');
    await (await app.caller({ ip: '192.0.2.64' })).donations.requestStatementCode({ contact });
    const code = await liveCode(contact);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const { succeeded, refusals } = await raceCalls(2 * CALLS, async (index) => (await app.caller({ ip: `2001:db8:${index + 1}::1` })).donations.verifyStatementCode({ contact, code: wrong }));
    expect(succeeded).toEqual([]);
    expect(refusals).toEqual(Array(2 * CALLS).fill(['BAD_REQUEST', STATEMENT_CODE_NOT_ACCEPTED]));
    expect(await attemptsOf(contact)).toBe(10);
    await expect((await app.caller({ ip: '192.0.2.65' })).donations.verifyStatementCode({ contact, code })).rejects.toThrow(STATEMENT_CODE_NOT_ACCEPTED);
    expect((await eventsFor(contact)).verified).toBe(0);
  });

  it('requestStatementCode: ten at once for one donor from ten addresses are one code sent six times (the limit of a contact), the rest refused with 429', async () => {
    const contact = await donorContact('race-request-many');
    const { succeeded, refusals } = await raceCalls(CALLS, async (index) => (await app.caller({ ip: `192.0.2.${100 + index}` })).donations.requestStatementCode({ contact }));
    expect([succeeded.length, refusals.length]).toEqual([6, 4]);
    expectOnlyRefusals(refusals, [['TOO_MANY_REQUESTS', /^Too many attempts/]]);
    const { requested, resent } = await eventsFor(contact);
    expect([requested.length, resent]).toEqual([1, 5]);
  });

  it('pruneStatementCodes: three runs at once, in batches, shred each expired code once', async () => {
    const contacts = await Promise.all([1, 2, 3, 4, 5].map((n) => donorContact(`race-prune-${n}`)));
    for (const contact of contacts) await (await app.caller({ ip: '192.0.2.90' })).donations.requestStatementCode({ contact });
    const due = new Date(clock.getTime() + 11 * 60_000);
    const runs = await Promise.all([1, 2, 3].map(() => pruneStatementCodes(app.services, due, { batchSize: 2 })));
    const shredded = runs.reduce((sum, run) => sum + run.shredded, 0);
    const { rows } = await app.services.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM events WHERE type = 'PersonalDataErased' AND stream_id IN
         (SELECT stream_id FROM events WHERE type = 'StatementCodeRequested' AND data->>'contactKey' = ANY($1::text[]))`,
      [contacts.map(keyOf)],
    );
    expect([rows[0]!.count, shredded >= 5]).toEqual([5, true]);
    expect((await pruneStatementCodes(app.services, due)).shredded).toBe(0);
  });
});
