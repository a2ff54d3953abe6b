import crypto from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayAndCompare } from '#server/event-store/replay';
import { fieldErrorsOf, rejection } from '#server/testing/assertions';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { ERASE_REASON_PERSONAL } from './erase-person.schema.ts';
import { logIn } from '../accounts/login.ts';
import { resolveSession } from '../accounts/sessions.ts';
import { ERASE_NOT_ALLOWED, ERASE_OWN, MEMBER_NOT_FOUND } from '../user.decider.ts';

describe.each(testDbKinds())('erasing a person on %s', (kind) => {
  let app: TestApp;
  let membersAdmin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind);
    membersAdmin = await app.account({ role: 'admin', permissions: ['members'], fullName: 'Members Admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A member with everything that names them: profile, a QR image, a reset code, a session. */
  async function richMember(name: string) {
    const member = await app.account({ fullName: name, email: `${name.toLowerCase().replace(/\W/g, '.')}.${Date.now()}@example.org` });
    const caller = await app.caller({ token: member.token });
    await caller.identity.updateProfile({ address: '7 Ganga Marg', upiId: 'erase.me@upi', accountHolder: name, accountNumber: '123456789012', confirmAccountNumber: '123456789012', ifsc: 'SBIN0001234', bankName: 'State Bank' });
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } }).png().toBuffer();
    const upload = await request(app.http()).post(`/api/users/upload-profile-assets/${member.userId}`).set('Authorization', `Bearer ${member.token}`).attach('qrCode', png, 'qr.png');
    expect(upload.status).toBe(202);
    await (await app.caller()).identity.requestPasswordReset({ userId: member.userId, phone: '9876543210' });
    await app.runJobs();
    return member;
  }

  it('destroys the key, scrubs every read model and file, signs out, records one PII-free event; replay equals live', async () => {
    const name = 'Kamla Erasable';
    const member = await richMember(name);
    const admin = await app.caller({ token: membersAdmin.token });

    const result = await admin.admin.members.erase({ userId: member.userId, reason: 'The member asked us to forget them' });
    expect(result).toMatchObject({ userId: member.userId, isErasedNow: true });

    const { rows: users } = await app.services.db.query(`SELECT full_name, email, email_hash, phone, address, city, state, password_hash, status FROM users WHERE user_id = $1`, [
      member.userId,
    ]);
    expect(users).toEqual([{ full_name: null, email: null, email_hash: null, phone: null, address: null, city: null, state: null, password_hash: null, status: 'erased' }]);
    expect((await app.services.db.query(`SELECT 1 FROM member_profiles WHERE user_id = $1`, [member.userId])).rows).toEqual([]);
    expect((await app.services.db.query(`SELECT 1 FROM files WHERE subject_id = $1`, [`user-${member.userId}`])).rows).toEqual([]);
    for (const table of ['sessions', 'password_reset_codes']) {
      expect((await app.services.db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [member.userId])).rows).toEqual([]);
    }
    expect(await resolveSession(app.services.db, member.token, app.services.now())).toBeNull();
    await expect(logIn(app.services, { userId: member.userId, password: member.password }, { kind: 'bearer' })).rejects.toThrow();

    // The events stay, with ciphertext no one can open any more; the erasure itself names no one.
    const events = await app.services.eventStore.readStream(`user-${member.userId}`);
    const registered = events.find((event) => event.type === 'AccountRegistered')!;
    expect(await app.services.vault.reveal(app.services.db, (registered.data as { personal: unknown }).personal)).toBeNull();
    const erased = events.at(-1)!;
    expect(erased).toMatchObject({
      type: 'PersonalDataErased',
      data: { subjectId: `user-${member.userId}`, reason: 'The member asked us to forget them' },
      metadata: { actor: membersAdmin.userId },
    });
    expect(JSON.stringify(erased)).not.toMatch(/Kamla|erasable|Ganga|erase\.me/i);
    const { rows: plain } = await app.services.db.query(`SELECT 1 FROM events WHERE data::text ILIKE '%kamla%' OR data::text ILIKE '%ganga%'`);
    expect(plain).toEqual([]);

    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
    expect((await admin.admin.members.get({ userId: member.userId })).member).toMatchObject({ status: 'erased', fullName: '[erased]', email: null, phone: null });
  });

  it('erasing again records nothing and says when it happened', async () => {
    const member = await app.account();
    const admin = await app.caller({ token: membersAdmin.token });
    const first = await admin.admin.members.erase({ userId: member.userId, reason: 'Account closed on request' });
    const before = await app.eventCount();
    const again = await admin.admin.members.erase({ userId: member.userId, reason: 'Account closed on request' });
    expect(again).toEqual({ userId: member.userId, erasedAt: first.erasedAt, isErasedNow: false, erased: {}, kept: [] });
    expect(await app.eventCount()).toBe(before);
  });

  it('is for admins holding members, never one’s own account, never an account holding more; bad input is a 400; refusals change nothing', async () => {
    const member = await app.account();
    const superAdmin = await app.account({ role: 'admin' });
    const contentAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
    const admin = await app.caller({ token: membersAdmin.token });
    const before = await app.eventCount();
    const reason = 'Asked to be forgotten';
    expect((await rejection((await app.caller()).admin.members.erase({ userId: member.userId, reason }))).code).toBe('UNAUTHORIZED');
    expect((await rejection((await app.caller({ token: member.token })).admin.members.erase({ userId: member.userId, reason }))).code).toBe('FORBIDDEN');
    expect((await rejection(contentAdmin.admin.members.erase({ userId: member.userId, reason }))).code).toBe('FORBIDDEN');
    const own = await rejection(admin.admin.members.erase({ userId: membersAdmin.userId, reason }));
    expect([own.code, own.message]).toEqual(['FORBIDDEN', ERASE_OWN]);
    const higher = await rejection(admin.admin.members.erase({ userId: superAdmin.userId, reason }));
    expect([higher.code, higher.message]).toEqual(['FORBIDDEN', ERASE_NOT_ALLOWED]);
    const unknown = await rejection(admin.admin.members.erase({ userId: 'SH0000001', reason }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', MEMBER_NOT_FOUND]);
    for (const personal of ['Asked by kamla@example.org', 'Phoned from 98765 43210']) {
      const refused = await rejection(admin.admin.members.erase({ userId: member.userId, reason: personal }));
      expect([refused.code, fieldErrorsOf(refused).reason]).toEqual(['BAD_REQUEST', [ERASE_REASON_PERSONAL]]);
    }
    expect((await rejection(admin.admin.members.erase({ userId: member.userId, reason: '' }))).code).toBe('BAD_REQUEST');
    const unknownField = await rejection(admin.admin.members.erase({ userId: member.userId, reason, force: true } as never));
    expect(unknownField.code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
    expect((await admin.admin.members.get({ userId: member.userId })).member.status).toBe('active');
  });

  it('ten erasures at once record one PersonalDataErased', async () => {
    const member = await richMember('Racing Erasure');
    const admin = await app.caller({ token: membersAdmin.token });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => admin.admin.members.erase({ userId: member.userId, reason: 'Duplicate clicks' })));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const fulfilled = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(fulfilled.filter((result) => result.isErasedNow)).toHaveLength(1);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM events WHERE stream_id = $1 AND type = 'PersonalDataErased'`, [
      `user-${member.userId}`,
    ]);
    expect(rows[0]!.count).toBe(1);
  });

  it('erases a donor who never had an account by e-mail or phone (issue 29): their donations scrubbed, status gone, one PersonErased; members only; ten at once record one', async () => {
    const visitor = await app.caller();
    const admin = await app.caller({ token: membersAdmin.token });
    const phone = `9${String(Date.now()).slice(-9)}`;
    const pay = await visitor.donations.create({ amountPaise: 70_000, cause: 'general', donorName: 'Phone Only Donor', phone, address: '4 Tilak Road', showName: false });
    const reference = pay.reference.replace('-', '');
    expect(await visitor.donations.getStatus({ reference, contact: phone })).toMatchObject({ status: 'awaiting_payment' });
    const message = `Please call me back about my gift ${crypto.randomUUID()}`;
    await visitor.site.contact.create({ name: 'Phone Only Donor', phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, message });

    const reason = 'The donor asked us to forget them';
    const contentAdmin = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['content'] })).token });
    const before = await app.eventCount();
    expect((await rejection(contentAdmin.admin.members.eraseContact({ contact: phone, reason }))).code).toBe('FORBIDDEN');
    expect((await rejection(visitor.admin.members.eraseContact({ contact: phone, reason }))).code).toBe('UNAUTHORIZED');
    const bad = await rejection(admin.admin.members.eraseContact({ contact: 'someone', reason }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(fieldErrorsOf(bad).contact).toBeDefined();
    expect(fieldErrorsOf(await rejection(admin.admin.members.eraseContact({ contact: phone, reason: `Phoned from ${phone}` }))).reason).toEqual([ERASE_REASON_PERSONAL]);
    expect((await rejection(admin.admin.members.eraseContact({ contact: phone, reason, all: true } as never))).code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);

    const results = await Promise.allSettled(Array.from({ length: 10 }, () => admin.admin.members.eraseContact({ contact: `+91 ${phone}`, reason })));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const done = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(done.filter((result) => result.isErasedNow)).toEqual([expect.objectContaining({ erased: expect.objectContaining({ donations: 1, contactMessages: 1 }), kept: [] })]);
    expect((await app.services.db.query(`SELECT 1 FROM contact_messages WHERE message = $1 OR phone LIKE $2`, [message, `%${phone.slice(5)}%`])).rows).toEqual([]);
    const { rows } = await app.services.db.query<{ data: unknown }>(`SELECT data FROM events WHERE type = 'PersonErased' AND data->>'userId' IS NULL`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(phone);
    expect((await app.services.db.query(`SELECT donor_name, donor_phone, donor_address FROM donations WHERE reference = $1`, [reference])).rows).toEqual([{ donor_name: null, donor_phone: null, donor_address: null }]);
    expect((await rejection(visitor.donations.getStatus({ reference, contact: phone }))).code).toBe('NOT_FOUND');
    for (const projection of await replayAndCompare(app.services)) expect(projection.differences, projection.projection).toEqual([]);
  });

  it('erasing by e-mail also erases a staff invitation sent to it that no account took up (issue 29)', async () => {
    const superAdmin = await app.caller({ token: (await app.account({ role: 'admin' })).token });
    const email = `invited.${crypto.randomUUID().slice(0, 8)}@example.org`;
    const name = `Invited Person ${crypto.randomUUID().slice(0, 6)}`;
    await superAdmin.admin.staff.invite({ email, name, permissions: ['content'] });
    const admin = await app.caller({ token: membersAdmin.token });
    const result = await admin.admin.members.eraseContact({ contact: email, reason: 'Asked to be forgotten' });
    expect(result).toMatchObject({ isErasedNow: true, erased: expect.objectContaining({ staffInvitations: 1 }) });
    const { rows } = await app.services.db.query(`SELECT full_name, email FROM staff_invitations WHERE full_name = $1 OR email = $2`, [name, email]);
    expect(rows).toEqual([]);
    for (const projection of await replayAndCompare(app.services, 'staff_invitations')) expect(projection.differences, projection.projection).toEqual([]);
  });
});
