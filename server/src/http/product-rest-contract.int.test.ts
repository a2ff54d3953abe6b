import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp, uniqueEmail } from '#server/testing/test-services';
import { plainImage } from '#server/uploads/test-files.test-helper';

/**
 * PRODUCT.md §12, the contract with the original site's clients: every documented path is sent its
 * documented payload, exactly (no field added since, such as `pinCode` or `confirmAccountNumber`),
 * and must give the documented answer. A field added later is optional over REST; the web forms
 * keep asking for it (their tRPC procedures are tested with their pages).
 */

const PHONE = '9876543210';
const kind = testDbKinds().at(-1)!;

describe(`PRODUCT.md §12: the original clients' payloads, exactly (${kind})`, () => {
  let app: TestApp;
  let http: Express;
  let admin: Awaited<ReturnType<TestApp['account']>>;
  let member: Awaited<ReturnType<TestApp['account']>>;
  let png: Buffer;

  beforeAll(async () => {
    app = await createTestApp(kind);
    http = app.http();
    [admin, member, png] = await Promise.all([app.account({ role: 'admin' }), app.account({ fullName: 'Meera Joshi' }), plainImage('png', 64, 64)]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  async function inviteCode(): Promise<string> {
    const res = await request(http).post('/api/epins/generate-epins').set(bearer(admin.token)).send({ count: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.epins as { code: string }[])[0]!.code;
  }

  /** Exactly the fields §12 lists for registration. */
  async function registration(email = uniqueEmail('joiner')) {
    return {
      referralId: member.userId,
      sponsorName: 'Meera Joshi',
      fullName: 'Kavya Nair',
      email,
      phone: PHONE,
      epin: await inviteCode(),
      password: 'a long enough secret',
      address: '4 Lake Road',
      city: 'Pune',
      state: 'Maharashtra',
    };
  }

  /** The original site's profile fields, as its seed sends them. */
  const SEED_PROFILE = {
    upiId: 'meera@okaxis',
    accountNumber: '123456789012',
    bankName: 'State Bank of India',
    accountHolderName: 'Meera Joshi',
    ifscCode: 'SBIN0000001',
    personalContact: '9123456780',
  };

  it('POST /api/users/login (userId or email, password) → 200 {userId, fullName, token}; 401 {message}', async () => {
    for (const body of [{ userId: member.userId, password: member.password }, { email: member.email, password: member.password }]) {
      const res = await request(http).post('/api/users/login').send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ userId: member.userId, fullName: 'Meera Joshi', token: expect.any(String) });
    }
    const wrong = await request(http).post('/api/users/login').send({ userId: member.userId, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toEqual(expect.any(String));
  });

  it('POST /api/users/register with the listed fields (no pinCode) → 201 {userId, fullName}; 400/409 {message, fieldErrors}', async () => {
    const res = await request(http).post('/api/users/register').send(await registration());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ userId: expect.stringMatching(/^[A-Z]+\d{7}$/), fullName: 'Kavya Nair' });

    const taken = await request(http).post('/api/users/register').send(await registration(member.email));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: expect.any(String), fieldErrors: { email: [expect.any(String)] } });

    // A field added since is checked when given.
    const badPin = await request(http).post('/api/users/register').send({ ...(await registration()), pinCode: '12' });
    expect(badPin.status).toBe(400);
    expect(badPin.body).toMatchObject({ message: expect.any(String), fieldErrors: { pinCode: [expect.any(String)] } });
    const empty = await request(http).post('/api/users/register').send({ ...(await registration()), city: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ city: ['Please enter your city or town'] });
  });

  it('POST /api/users/verify-user (userId, phone) → 200 {message}; PUT /api/users/reset-password (userId, code, newPassword) → 200 {message}', async () => {
    const forgetful = await app.account();
    const asked = await request(http).post('/api/users/verify-user').send({ userId: forgetful.userId, phone: PHONE });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toEqual(expect.any(String));
    await app.runJobs();
    const mail = readOutbox(app.dataDir)
      .filter((entry) => entry.text.includes(`To: ${forgetful.email}`) && entry.text.includes('Your code is:'))
      .at(-1);
    const code = mail && /Your code is: (\d{6})/.exec(mail.text)?.[1];
    const reset = await request(http).put('/api/users/reset-password').send({ userId: forgetful.userId, code, newPassword: 'a brand new secret' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.message).toEqual(expect.any(String));
  });

  it('PUT /api/users/change-password (currentPassword, newPassword) → 200 {message}', async () => {
    const person = await app.account();
    const res = await request(http).put('/api/users/change-password').set(bearer(person.token)).send({ currentPassword: person.password, newPassword: 'another long secret' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('GET /api/users/:id → the public card {userId, fullName}', async () => {
    const res = await request(http).get(`/api/users/${member.userId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: member.userId, fullName: 'Meera Joshi' });
  });

  it('GET, PUT /api/users/profile/:id with the seed’s payout fields (no confirmAccountNumber) → own profile saved; another’s refused', async () => {
    const person = await app.account({ fullName: 'Meera Joshi' });
    const saved = await request(http).put(`/api/users/profile/${person.userId}`).set(bearer(person.token)).send(SEED_PROFILE);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await request(http).get(`/api/users/profile/${person.userId}`).set(bearer(person.token));
    expect(read.status).toBe(200);
    expect(read.body.details).toMatchObject({ upiId: 'meera@okaxis', accountNumber: '123456789012', bankName: 'State Bank of India', accountHolder: 'Meera Joshi', ifsc: 'SBIN0000001', phone: '9123456780' });
    // Given, the confirmation is still checked.
    const differs = await request(http)
      .put(`/api/users/profile/${person.userId}`)
      .set(bearer(person.token))
      .send({ ...SEED_PROFILE, confirmAccountNumber: '999999999999' });
    expect(differs.status).toBe(400);
    expect(Object.keys(differs.body.fieldErrors)).toEqual(['confirmAccountNumber']);
    expect((await request(http).put(`/api/users/profile/${member.userId}`).set(bearer(person.token)).send(SEED_PROFILE)).status).toBe(403);
    expect((await request(http).get(`/api/users/profile/${member.userId}`).set(bearer(person.token))).status).toBe(403);
  });

  it('POST /api/users/upload-profile-assets/:id (multipart qrCode) → {qrCode}', async () => {
    const res = await request(http).post(`/api/users/upload-profile-assets/${member.userId}`).set(bearer(member.token)).attach('qrCode', png, { filename: 'qr.png', contentType: 'image/png' });
    expect([200, 201, 202]).toContain(res.status);
    expect(res.body.qrCode).toEqual(expect.any(String));
  });

  it('GET team-summary, downline/direct and downline-levels of one’s own ID → {totalMembers}, direct joinees, {levels}', async () => {
    const sponsor = await app.account();
    const epinRes = await request(http).post('/api/epins/generate-epins').set(bearer(admin.token)).send({ count: 1 });
    const joined = await request(http)
      .post('/api/users/register')
      .send({ ...(await registration()), referralId: sponsor.userId, sponsorName: 'Test Person', epin: (epinRes.body.epins as { code: string }[])[0]!.code });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    await app.runJobs();
    const summary = await request(http).get(`/api/users/team-summary/${sponsor.userId}`).set(bearer(sponsor.token));
    expect(summary.status).toBe(200);
    expect(summary.body.totalMembers).toBe(1);
    const direct = await request(http).get(`/api/users/downline/direct/${sponsor.userId}`).set(bearer(sponsor.token));
    expect(direct.status).toBe(200);
    expect(JSON.stringify(direct.body)).toContain(joined.body.userId as string);
    const levels = await request(http).get(`/api/users/downline-levels/${sponsor.userId}`).set(bearer(sponsor.token));
    expect(levels.status).toBe(200);
    expect(levels.body.levels[0]).toMatchObject({ level: 1, count: 1, members: expect.any(Array) });
    expect((await request(http).get(`/api/users/team-summary/${sponsor.userId}`).set(bearer(member.token))).status).toBe(403);
  });

  it('GET /api/epins/epins, POST /api/epins/generate-epins {count}: admin only', async () => {
    expect((await request(http).post('/api/epins/generate-epins').set(bearer(admin.token)).send({ count: 2 })).status).toBe(201);
    expect((await request(http).get('/api/epins/epins').set(bearer(admin.token))).status).toBe(200);
    expect((await request(http).post('/api/epins/generate-epins').set(bearer(member.token)).send({ count: 2 })).status).toBe(403);
    expect((await request(http).get('/api/epins/epins').set(bearer(member.token))).status).toBe(403);
    expect((await request(http).get('/api/epins/epins')).status).toBe(401);
  });

  it('GET /api/epintransfer/user/:id and transfer-history/:id, POST /api/epintransfer/transfer {toUserId, count}: own only', async () => {
    const giver = await app.account({ role: 'admin' });
    await request(http).post('/api/epins/generate-epins').set(bearer(giver.token)).send({ count: 2 });
    const sent = await request(http).post('/api/epintransfer/transfer').set(bearer(giver.token)).send({ toUserId: member.userId, count: 1 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await app.runJobs();
    expect((await request(http).get(`/api/epintransfer/user/${member.userId}`).set(bearer(member.token))).status).toBe(200);
    const history = await request(http).get(`/api/epintransfer/transfer-history/${giver.userId}`).set(bearer(giver.token));
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(member.userId);
    expect((await request(http).get(`/api/epintransfer/user/${giver.userId}`).set(bearer(member.token))).status).toBe(403);
  });

  it('GET /api/admin/company-directs and /api/admin/direct-company-joiners: admin only', async () => {
    for (const path of ['/api/admin/company-directs', '/api/admin/direct-company-joiners']) {
      expect([path, (await request(http).get(path).set(bearer(admin.token))).status]).toEqual([path, 200]);
      expect([path, (await request(http).get(path).set(bearer(member.token))).status]).toEqual([path, 403]);
      expect([path, (await request(http).get(path)).status]).toEqual([path, 401]);
    }
  });
});
