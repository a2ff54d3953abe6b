import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { ID_CARD_NOT_ACTIVE, isGenuineSignature, signIdCard } from './id-card.ts';
import { logIn, OTHER_NAME_IN_DEVANAGARI, OTHER_NAME_IN_LATIN } from '#server/modules/identity/identity.api';
import { rejection } from '#server/testing/assertions';

describe.each(testDbKinds())('I-card on %s', (kind) => {
  let app: TestApp;
  let admin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind);
    admin = await app.account({ role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The user ID and `s` of a verify URL, as the /verify page reads them. */
  function fromVerifyUrl(verifyUrl: string): { userId: string; signature: string } {
    const url = new URL(verifyUrl);
    return { userId: decodeURIComponent(url.pathname.split('/').at(-1)!), signature: url.searchParams.get('s')! };
  }

  it('gives the member the data for their card, with a signed link that verifies as genuine for anyone', async () => {
    const member = await app.account({ fullName: 'सुनीता देवी' });
    const card = await (await app.caller({ token: member.token })).community.getIdCard();
    expect(card).toEqual({
      userId: member.userId,
      fullName: 'सुनीता देवी',
      names: { latin: null, devanagari: 'सुनीता देवी' },
      joinedAt: expect.any(String),
      tier: null,
      verifyUrl: expect.stringMatching(new RegExp(`^${app.services.config.publicUrl}/verify/${member.userId}\\?s=1\\.[A-Za-z0-9_-]{22}$`)),
      photoUrl: null,
    });
    const query = fromVerifyUrl(card.verifyUrl);
    for (const caller of [await app.caller(), await app.caller({ token: member.token }), await app.caller({ token: admin.token })]) {
      expect(await caller.community.verifyCard(query)).toEqual({ isGenuine: true, fullName: 'सुनीता देवी', joinedAt: card.joinedAt, isActive: true });
    }
    expect(await (await app.caller()).community.verifyCard({ ...query, userId: member.userId.toLowerCase() })).toMatchObject({ isGenuine: true });
  });

  it('gives no card before the account is active (its e-mail address not yet confirmed)', async () => {
    const asAdmin = await app.caller({ token: admin.token });
    const [epin] = (await asAdmin.community.epins.generate({ count: 1 })).epins;
    const password = 'a strong password';
    const joined = await (await app.caller()).community.register({
      fullName: 'Naya Sadasya',
      email: `naya.${Date.now()}@example.org`,
      phone: '9123456780',
      epin: epin!.code,
      password,
      address: '1 Gali',
      city: 'Kota',
      state: 'Rajasthan',
      pinCode: '302001',
    });
    const { token } = await logIn(app.services, { userId: joined.userId, password }, { kind: 'cookie' });
    const refused = await rejection((await app.caller({ token })).community.getIdCard());
    expect([refused.code, refused.message]).toEqual(['CONFLICT', ID_CARD_NOT_ACTIVE]);
  });

  it('puts the name in Latin and in Devanagari on the card, as entered: the registered name and the profile’s other-script name', async () => {
    const latin = await app.account({ fullName: 'Sunita Devi' });
    const caller = await app.caller({ token: latin.token });
    expect((await caller.community.getIdCard()).names).toEqual({ latin: 'Sunita Devi', devanagari: null });
    const before = await app.eventCount();
    // The other script only: a Latin name again, or a mix, is a field error and nothing is saved.
    const same = await rejection(caller.identity.updateProfile({ otherScriptName: 'Sunita D' }));
    expect(same.code).toBe('BAD_REQUEST');
    expect(same.message).toBe(OTHER_NAME_IN_DEVANAGARI);
    const mixed = await rejection(caller.identity.updateProfile({ otherScriptName: 'Sunita देवी' }));
    expect(mixed.code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
    expect((await caller.identity.updateProfile({ otherScriptName: '  सुनीता   देवी ' })).details.otherScriptName).toBe('सुनीता देवी');
    expect((await caller.community.getIdCard()).names).toEqual({ latin: 'Sunita Devi', devanagari: 'सुनीता देवी' });

    const devanagari = await app.account({ fullName: 'रमेश कुमार' });
    const other = await app.caller({ token: devanagari.token });
    expect((await rejection(other.identity.updateProfile({ otherScriptName: 'रमेश' }))).message).toBe(OTHER_NAME_IN_LATIN);
    await other.identity.updateProfile({ otherScriptName: 'Ramesh Kumar' });
    expect((await other.community.getIdCard()).names).toEqual({ latin: 'Ramesh Kumar', devanagari: 'रमेश कुमार' });
    // Cleared with an empty value: the card shows the registered name alone again.
    await other.identity.updateProfile({ otherScriptName: '' });
    expect((await other.community.getIdCard()).names).toEqual({ latin: null, devanagari: 'रमेश कुमार' });
  });

  it('shows the recognition tier earned by verified giving plus funds raised', async () => {
    const member = await app.account();
    // Nothing feeds member_impact yet (the donations feature will); the community's read model is set directly here.
    await app.services.db.query(`INSERT INTO member_impact (user_id, verified_giving_paise, funds_raised_paise) VALUES ($1, $2, $3)`, [member.userId, 300_00, 250_00]);
    expect((await (await app.caller({ token: member.token })).community.getIdCard()).tier).toBe('star');
  });

  it('says plainly that a tampered or borrowed signature is not genuine, and reveals nothing else', async () => {
    const member = await app.account({ fullName: 'Real Person' });
    const other = await app.account({ fullName: 'Other Person' });
    const { signature } = fromVerifyUrl((await (await app.caller({ token: member.token })).community.getIdCard()).verifyUrl);
    const last = signature.at(-1) === 'A' ? 'B' : 'A';
    const visitor = await app.caller();
    for (const query of [
      { userId: member.userId, signature: `${signature.slice(0, -1)}${last}` },
      { userId: member.userId, signature: `2${signature.slice(1)}` },
      { userId: member.userId, signature: '' },
      { userId: member.userId, signature: 'not a signature at all' },
      { userId: other.userId, signature },
      { userId: 'not-an-id', signature },
    ]) {
      expect(await visitor.community.verifyCard(query)).toEqual({ isGenuine: false });
    }
  });

  it('treats a well-formed signature for a member who does not exist, or was erased, as not genuine', async () => {
    const visitor = await app.caller();
    const ghost = 'SH0000042';
    const forged = signIdCard(app.services.vault, ghost);
    expect(isGenuineSignature(app.services.vault, ghost, forged)).toBe(true);
    expect(await visitor.community.verifyCard({ userId: ghost, signature: forged })).toEqual({ isGenuine: false });

    const member = await app.account();
    const { signature } = fromVerifyUrl((await (await app.caller({ token: member.token })).community.getIdCard()).verifyUrl);
    const subjectId = `user-${member.userId}`;
    await app.services.eventStore.append(
      async (tx) => {
        await app.services.vault.destroyKey(tx, subjectId);
        return [{ streamId: subjectId, expected: 'stream_exists', events: [{ type: 'PersonalDataErased', data: { subjectId, erasedAt: new Date().toISOString() } }] }];
      },
      { actor: 'system', correlationId: 'erase-test' },
    );
    expect(await visitor.community.verifyCard({ userId: member.userId, signature })).toEqual({ isGenuine: false });
  });

  it('shows a suspended member’s card as genuine but not active', async () => {
    const member = await app.account({ fullName: 'Suspended Member' });
    const query = fromVerifyUrl((await (await app.caller({ token: member.token })).community.getIdCard()).verifyUrl);
    await app.services.eventStore.append(
      [{ streamId: `user-${member.userId}`, expected: 'stream_exists', events: [{ type: 'MemberSuspended', data: { userId: member.userId, reason: 'test', suspendedAt: new Date().toISOString() } }] }],
      { actor: admin.userId, correlationId: 'suspend' },
    );
    expect(await (await app.caller()).community.verifyCard(query)).toEqual({ isGenuine: true, fullName: 'Suspended Member', joinedAt: expect.any(String), isActive: false });
  });

  it('gives a card only to a signed-in person, and only their own', async () => {
    expect((await rejection((await app.caller()).community.getIdCard())).code).toBe('UNAUTHORIZED');
    const card = await (await app.caller({ token: admin.token })).community.getIdCard();
    expect(card.userId).toBe(admin.userId);
    const before = await app.eventCount();
    const other = await app.account();
    expect((await (await app.caller({ token: other.token })).community.getIdCard()).userId).toBe(other.userId);
    expect(await app.eventCount()).toBe(before + 2); // the account itself; reading cards records nothing
  });
});
