import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { eraseContact, erasePerson } from '#server/modules/identity/identity.api';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { eraseApplication } from '../application-commands.ts';
import { submittedApplication } from '../kanyadan.test-helper.ts';

/**
 * Issue 29 review, decision 047: erasing a person erases the Kanyadan applications they sent signed
 * in or that give their contact, at the same moment as someone erases the application by its number
 * or erases the same person again: one PersonalDataErased per application, every command succeeds.
 */
describe.each(testDbKinds())('a person’s Kanyadan applications in their erasure on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => new Date('2031-07-01T06:00:00.000Z') });
  });
  afterAll(async () => {
    await app?.close();
  });

  const meta = () => ({ actor: 'tool:test', correlationId: crypto.randomUUID() });
  const erasuresOf = async (regNo: string) =>
    (await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND type = 'PersonalDataErased'`, [`kanyadan-${regNo}`])).rows[0]!
      .count;

  it('erases the application once when the person and the application are erased at the same moment', async () => {
    const member = await app.account();
    const { rows } = await app.services.db.query<{ phone: string }>(`SELECT phone FROM users WHERE user_id = $1`, [member.userId]);
    const { regNo } = await submittedApplication(app, { phone: rows[0]!.phone.replace(/\D/g, '').slice(-10) });

    const [person, application] = await Promise.all([
      erasePerson(app.services, { userId: member.userId, reason: 'Asked to be forgotten', by: null }, meta()),
      eraseApplication(app.services, { regNo, reason: 'Asked to be forgotten' }, meta()),
    ]);
    expect(person.isErasedNow).toBe(true);
    // Whichever came first erased it; the other found it erased (or counted it, when it came first).
    expect((person.erased.kanyadanApplications ?? 0) + (application.isErasedNow ? 1 : 0)).toBe(1);
    expect(await erasuresOf(regNo)).toBe(1);
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });

  it('erases a family found by its phone once when ten erasures of that contact run at once', async () => {
    const { regNo, phone } = await submittedApplication(app);
    const results = await Promise.all(Array.from({ length: 10 }, () => eraseContact(app.services, { contact: phone, reason: 'Asked to be forgotten' }, meta())));
    expect(results.filter((result) => result.isErasedNow)).toEqual([expect.objectContaining({ erased: expect.objectContaining({ kanyadanApplications: 1 }) })]);
    expect(await erasuresOf(regNo)).toBe(1);
    const { rows } = await app.services.db.query(`SELECT girl_name, phone, is_erased FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
    expect(rows).toEqual([{ girl_name: null, phone: null, is_erased: true }]);
    expect((await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [`kanyadan-${regNo}`])).rows).toEqual([]);
  });
});
