import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceCalls, rejection, fieldErrorsOf, expectOnlyRefusals } from '#server/testing/assertions';
import { readOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { enrolTwoFactor, nextSignInCode } from '#server/testing/two-factor';
import { replayAndCompare } from '#server/event-store/replay';
import { erasePerson } from '../erasure/erase-person.ts';
import { TWO_FACTOR_SETUP_REQUIRED } from '../access.ts';
import { logIn } from '../accounts/login.ts';
import { staffInvitationStreamId, userStreamId } from '../identity.events.ts';
import { invitationToken, readInvitationToken } from './staff-invitations.ts';
import { INVITE_PERMISSIONS_REQUIRED, STAFF_PASSWORDS_DIFFER } from './staff-invitations.schema.ts';
import { INVITATION_EXPIRED, INVITATION_INVALID, INVITATION_INVITER_NOT_SUPER_ADMIN, INVITATION_USED, INVITATION_WITHDRAWN, INVITE_EMAIL_TAKEN, INVITE_ONLY_SUPER_ADMIN, WITHDRAW_INVITATION_NOT_FOUND, WITHDRAW_INVITATION_USED, WITHDRAW_ONLY_SUPER_ADMIN } from './staff-invitation.decider.ts';

/**
 * Staff invitations (issue 15): a super-admin invites by e-mail; the one-time link, valid 48 hours,
 * sets the password of a new staff account holding the invitation's permissions; staff holding
 * finance or verification must then set up two-factor sign-in before anything else.
 */
describe.each(testDbKinds())('staff invitations on %s', (kind) => {
  let app: TestApp;
  let clock = new Date('2026-11-24T06:00:00Z');
  let superAdmin: Awaited<ReturnType<TestApp['account']>>;

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock });
    superAdmin = await app.account({ role: 'admin', fullName: 'Anil Verma' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const asSuperAdmin = () => app.caller({ token: superAdmin.token });
  /** The link the invitation e-mail to `email` carries, as its token. */
  const mailedToken = (email: string): string | null => {
    const mail = readOutbox(app.dataDir).filter((entry) => entry.text.includes(`To: ${email}`)).at(-1);
    const match = mail && /\/staff-invitation\?token=([A-Za-z0-9_.%-]+)/.exec(mail.text);
    return match ? decodeURIComponent(match[1]!) : null;
  };

  it('invites by e-mail; the link opens a staff account once, holding the permissions, signed in and sent to set up two-factor', async () => {
    const email = uniqueEmail('meena');
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Meena Joshi', permissions: ['verification', 'finance'] });
    expect(Date.parse(invited.expiresAt) - clock.getTime()).toBe(48 * 3600_000);
    await app.runJobs();
    const token = mailedToken(email);
    expect(token).not.toBeNull();
    const mail = readOutbox(app.dataDir).find((entry) => entry.text.includes(`To: ${email}`))!.text;
    expect(mail).toContain('Anil Verma has invited you');
    expect(mail).toContain('48');
    // Each half of the mail opens the page in its own language (issue 32): the English half as it is, the Hindi half with ?lang=hi.
    const links = [...mail.matchAll(/https?:\/\/[^\s"<>]+\/staff-invitation\?token=[A-Za-z0-9_.%-]+(?:&(?:amp;)?lang=\w+)?/g)].map((match) => match[0].replace('&amp;', '&'));
    expect(new Set(links.map((link) => new URL(link).searchParams.get('lang')))).toEqual(new Set([null, 'hi']));
    expect(links.findIndex((link) => link.endsWith('&lang=hi'))).toBeGreaterThan(links.findIndex((link) => !link.includes('&lang=')));
    expect(new Set(links.map((link) => new URL(link).searchParams.get('token')))).toEqual(new Set([token]));
    // The secret is in no event: only the invitation's ID is.
    const events = await app.services.eventStore.readStream(staffInvitationStreamId(invited.invitationId));
    expect(JSON.stringify(events)).not.toContain(token!.split('.')[1]);
    expect(JSON.stringify(events)).not.toContain(email);

    const visitor = await app.caller();
    expect(await visitor.identity.staffInvitation.get({ token: token! })).toEqual({ fullName: 'Meena Joshi', permissions: ['finance', 'verification'], expiresAt: invited.expiresAt });
    const { body: list } = await request(app.http()).get('/trpc/admin.staff.invitations').set('Authorization', `Bearer ${superAdmin.token}`);
    expect(list.result.data.invitations[0]).toMatchObject({ fullName: 'Meena Joshi', email, acceptedAt: null, userId: null });

    // Accepting over HTTP, as the browser does: the new account is signed in by the cookie set.
    const accepted = await request(app.http())
      .post('/trpc/identity.staffInvitation.accept')
      .set('x-sahay-csrf', '1')
      .send({ token, password: 'a new staff password', confirmPassword: 'a new staff password', phone: '98765 43210' });
    expect(accepted.status).toBe(200);
    const { userId, twoFactorSetupRequired } = accepted.body.result.data as { userId: string; twoFactorSetupRequired: boolean };
    expect(twoFactorSetupRequired).toBe(true);
    const cookie = accepted.headers['set-cookie']![0]!.split(';')[0]!;
    const account = await app.services.eventStore.readStream(userStreamId(userId));
    expect(account.map((event) => event.type)).toEqual(['AccountRegistered', 'EmailConfirmed']);
    expect(account[0]!.data).toMatchObject({ role: 'admin', permissions: ['finance', 'verification'], sponsorId: null });
    expect(account[0]!.metadata.actor).toBe(userId);

    // Signed in, but only to set up two-factor sign-in: the console's work is refused until then.
    const me = await request(app.http()).get('/trpc/identity.me').set('Cookie', cookie);
    expect(me.body.result.data).toMatchObject({ userId, role: 'admin', twoFactorSetupRequired: true });
    const refused = await request(app.http()).get('/trpc/admin.getQueues').set('Cookie', cookie);
    expect([refused.status, refused.body.error.message]).toEqual([403, TWO_FACTOR_SETUP_REQUIRED]);
    const rest = await request(app.http()).get('/api/admin/queues').set('Cookie', cookie);
    expect([rest.status, rest.body.message]).toEqual([403, TWO_FACTOR_SETUP_REQUIRED]);
    const status = await request(app.http()).get('/trpc/identity.totp.status').set('Cookie', cookie);
    expect(status.body.result.data).toEqual({ enabled: false, enabledAt: null });

    // Set up: the same session now works, and the next sign-in needs a code.
    const authenticator = await enrolTwoFactor(app.services, userId);
    const queues = await request(app.http()).get('/trpc/admin.getQueues').set('Cookie', cookie);
    expect(queues.status).toBe(200);
    expect((await rejection((await app.caller()).identity.adminLogin({ userId, password: 'a new staff password' }))).code).toBe('UNAUTHORIZED');
    const signedIn = await (await app.caller()).identity.adminLogin({ userId, password: 'a new staff password', totpCode: nextSignInCode(authenticator, clock) });
    expect(signedIn).toMatchObject({ userId, twoFactorSetupRequired: false });

    // Used once: the link now says so, and the list shows who joined.
    expect(await rejection(visitor.identity.staffInvitation.get({ token: token! }))).toMatchObject({ code: 'CONFLICT', message: INVITATION_USED });
    const again = await rejection(visitor.identity.staffInvitation.accept({ token: token!, password: 'another password', confirmPassword: 'another password', phone: '9876543210' }));
    expect([again.code, again.message]).toEqual(['CONFLICT', INVITATION_USED]);
    expect((await (await asSuperAdmin()).admin.staff.invitations()).invitations.find((one) => one.invitationId === invited.invitationId)).toMatchObject({ userId });
  });

  it('a staff account without finance or verification needs no second factor', async () => {
    const email = uniqueEmail('content');
    await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Content Desk', permissions: ['content'] });
    await app.runJobs();
    const accepted = await (await app.caller()).identity.staffInvitation.accept({ token: mailedToken(email)!, password: 'content desk pw', confirmPassword: 'content desk pw', phone: '9876543210' });
    expect(accepted.twoFactorSetupRequired).toBe(false);
    const { token } = await logIn(app.services, { userId: accepted.userId, password: 'content desk pw' }, { kind: 'cookie' });
    expect(await (await app.caller({ token })).admin.getQueues()).toBeDefined();
  });

  it('expires after 48 hours, with nothing written', async () => {
    const email = uniqueEmail('late');
    await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Late Comer', permissions: ['content'] });
    await app.runJobs();
    const token = mailedToken(email)!;
    const before = await app.eventCount();
    const saved = clock;
    clock = new Date(saved.getTime() + 48 * 3600_000);
    try {
      expect(await rejection((await app.caller()).identity.staffInvitation.get({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: INVITATION_EXPIRED });
      const late = await rejection((await app.caller()).identity.staffInvitation.accept({ token, password: 'too late pw', confirmPassword: 'too late pw', phone: '9876543210' }));
      expect([late.code, late.message]).toEqual(['BAD_REQUEST', INVITATION_EXPIRED]);
    } finally {
      clock = saved;
    }
    expect(await app.eventCount()).toBe(before);
  });

  it('refuses a forged or mistyped link, mismatched passwords and bad fields, with nothing written', async () => {
    const email = uniqueEmail('forged');
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Forged Link', permissions: ['members'] });
    const before = await app.eventCount();
    const forged = `${invited.invitationId}.${'A'.repeat(43)}`;
    expect(readInvitationToken(app.services, forged)).toBeNull();
    expect(readInvitationToken(app.services, invitationToken(app.services, invited.invitationId))).toBe(invited.invitationId);
    const visitor = await app.caller();
    expect(await rejection(visitor.identity.staffInvitation.get({ token: forged }))).toMatchObject({ code: 'NOT_FOUND', message: INVITATION_INVALID });
    // A well-signed token for an invitation that was never made.
    expect(await rejection(visitor.identity.staffInvitation.get({ token: invitationToken(app.services, 'B'.repeat(22)) }))).toMatchObject({ code: 'NOT_FOUND', message: INVITATION_INVALID });
    expect(fieldErrorsOf(await rejection(visitor.identity.staffInvitation.get({ token: 'not a token' })))).toHaveProperty('token');
    const good = invitationToken(app.services, invited.invitationId);
    const differ = await rejection(visitor.identity.staffInvitation.accept({ token: good, password: 'first password', confirmPassword: 'second password', phone: '9876543210' }));
    expect(fieldErrorsOf(differ)).toEqual({ confirmPassword: [STAFF_PASSWORDS_DIFFER] });
    expect(fieldErrorsOf(await rejection(visitor.identity.staffInvitation.accept({ token: good, password: 'short', confirmPassword: 'short', phone: '12345' })))).toMatchObject({
      password: expect.any(Array),
      phone: expect.any(Array),
    });
    // Unknown fields are refused, not dropped: nobody chooses their own role.
    const unknown = await rejection(
      // @ts-expect-error -- a field the schema does not have
      visitor.identity.staffInvitation.accept({ token: good, password: 'long enough pw', confirmPassword: 'long enough pw', phone: '9876543210', role: 'admin' }),
    );
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
  });

  it('only a super-admin invites; an address with an account, no permission or a bad address is refused, with nothing written', async () => {
    const before = await app.eventCount();
    const membersAdmin = await app.account({ role: 'admin', permissions: ['members'] });
    const afterSetUp = await app.eventCount();
    const asMembers = await app.caller({ token: membersAdmin.token });
    expect(await rejection(asMembers.admin.staff.invite({ email: uniqueEmail('x'), name: 'Not Allowed', permissions: ['content'] }))).toMatchObject({ code: 'FORBIDDEN', message: INVITE_ONLY_SUPER_ADMIN });
    // Members admins see the invitations, as they see the accounts; only a super-admin makes them.
    expect((await asMembers.admin.staff.invitations()).invitations.length).toBeGreaterThan(0);
    const member = await app.account();
    const afterMember = await app.eventCount();
    const asMember = await app.caller({ token: member.token });
    expect((await rejection(asMember.admin.staff.invite({ email: uniqueEmail('y'), name: 'Member Try', permissions: ['content'] }))).code).toBe('FORBIDDEN');
    expect((await rejection(asMember.admin.staff.invitations())).code).toBe('FORBIDDEN');
    const caller = await asSuperAdmin();
    const taken = await rejection(caller.admin.staff.invite({ email: superAdmin.email, name: 'Someone', permissions: ['content'] }));
    expect([taken.code, fieldErrorsOf(taken)]).toEqual(['CONFLICT', { email: [INVITE_EMAIL_TAKEN] }]);
    expect(fieldErrorsOf(await rejection(caller.admin.staff.invite({ email: uniqueEmail('z'), name: 'No Rights', permissions: [] })))).toEqual({ permissions: [INVITE_PERMISSIONS_REQUIRED] });
    expect(fieldErrorsOf(await rejection(caller.admin.staff.invite({ email: 'not-an-address', name: 'Bad Mail', permissions: ['content'] })))).toHaveProperty('email');
    expect(afterSetUp).toBeGreaterThan(before);
    expect(await app.eventCount()).toBe(afterMember);

    // Over REST, as documented: 201 for a super-admin, 403 for the members admin, 400 for unknown fields.
    const http = app.http();
    const made = await request(http).post('/api/admin/staff').set('Authorization', `Bearer ${superAdmin.token}`).send({ email: uniqueEmail('rest'), name: 'Rest Invitee', permissions: ['settings'] });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ invitationId: expect.any(String), expiresAt: expect.any(String) });
    const beforeRefusals = await app.eventCount();
    expect((await request(http).post('/api/admin/staff').set('Authorization', `Bearer ${membersAdmin.token}`).send({ email: uniqueEmail('r'), name: 'Rest Two', permissions: ['content'] })).status).toBe(403);
    const extra = await request(http).post('/api/admin/staff').set('Authorization', `Bearer ${superAdmin.token}`).send({ email: uniqueEmail('r'), name: 'Rest Three', permissions: ['content'], role: 'admin' });
    expect(extra.status).toBe(400);
    expect(await app.eventCount()).toBe(beforeRefusals);
  });

  it('ten acceptances of one link at once open exactly one account', async () => {
    const email = uniqueEmail('race');
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Race Invitee', permissions: ['content'] });
    const token = invitationToken(app.services, invited.invitationId);
    const before = await app.eventCount();
    const { succeeded, refusals } = await raceCalls(10, async () =>
      (await app.caller()).identity.staffInvitation.accept({ token, password: 'race password', confirmPassword: 'race password', phone: '9876543210' }),
    );
    expect(succeeded).toHaveLength(1);
    expect(refusals).toHaveLength(9);
    expectOnlyRefusals(refusals, [['CONFLICT', INVITATION_USED]]);
    // AccountRegistered, EmailConfirmed and StaffInvitationAccepted: once.
    expect(await app.eventCount()).toBe(before + 3);
    const { rows } = await app.services.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE email_hash = (SELECT email_hash FROM users WHERE user_id = $1)`, [succeeded[0]!.userId]);
    expect(rows[0]!.count).toBe(1);
  });

  const acceptWith = async (token: string) =>
    (await app.caller()).identity.staffInvitation.accept({ token, password: 'a staff password', confirmPassword: 'a staff password', phone: '9876543210' });

  it('a super-admin withdraws an unused invitation: its link opens nothing, the list says so; a used one cannot be; only a super-admin may', async () => {
    const admin = await asSuperAdmin();
    const invited = await admin.admin.staff.invite({ email: uniqueEmail('withdrawn'), name: 'Withdrawn Invitee', permissions: ['content'] });
    const token = invitationToken(app.services, invited.invitationId);
    // Someone holding members but not every permission may not.
    const membersOnly = await app.caller({ token: (await app.account({ role: 'admin', permissions: ['members'] })).token });
    const before = await app.eventCount();
    expect(await rejection(membersOnly.admin.staff.withdrawInvitation({ invitationId: invited.invitationId }))).toMatchObject({ code: 'FORBIDDEN', message: WITHDRAW_ONLY_SUPER_ADMIN });
    expect(await rejection(admin.admin.staff.withdrawInvitation({ invitationId: 'AAAAAAAAAAAAAAAAAAAAAA' }))).toMatchObject({ code: 'NOT_FOUND', message: WITHDRAW_INVITATION_NOT_FOUND });
    expect(await app.eventCount()).toBe(before);

    const withdrawn = await admin.admin.staff.withdrawInvitation({ invitationId: invited.invitationId });
    expect(withdrawn).toEqual({ invitationId: invited.invitationId, withdrawnAt: clock.toISOString() });
    expect((await app.services.eventStore.readStream(staffInvitationStreamId(invited.invitationId))).map((event) => event.type)).toEqual(['StaffInvited', 'StaffInvitationWithdrawn']);
    const afterWithdrawal = await app.eventCount();
    expect(await rejection((await app.caller()).identity.staffInvitation.get({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: INVITATION_WITHDRAWN });
    expect(await rejection(acceptWith(token))).toMatchObject({ code: 'BAD_REQUEST', message: INVITATION_WITHDRAWN });
    // Again: nothing more recorded.
    expect(await admin.admin.staff.withdrawInvitation({ invitationId: invited.invitationId })).toEqual(withdrawn);
    expect(await app.eventCount()).toBe(afterWithdrawal);
    expect((await admin.admin.staff.invitations()).invitations.find((entry) => entry.invitationId === invited.invitationId)).toMatchObject({ withdrawnAt: withdrawn.withdrawnAt, acceptedAt: null });

    // Over REST, a used invitation is a 409.
    const used = await admin.admin.staff.invite({ email: uniqueEmail('used'), name: 'Used Invitee', permissions: ['content'] });
    await acceptWith(invitationToken(app.services, used.invitationId));
    const refused = await request(app.http()).post(`/api/admin/staff/invitations/${used.invitationId}/withdraw`).set('Authorization', `Bearer ${superAdmin.token}`).send({});
    expect([refused.status, refused.body.message]).toEqual([409, WITHDRAW_INVITATION_USED]);
    for (const result of await replayAndCompare(app.services, 'staff_invitations')) expect(result.differences).toEqual([]);
  });

  it('sends no mail for an invitation withdrawn, or expired, before its queued mail job ran', async () => {
    const admin = await asSuperAdmin();
    // Withdrawn while its mail job waits in the queue.
    const withdrawnEmail = uniqueEmail('withdrawn-before-mail');
    const withdrawn = await admin.admin.staff.invite({ email: withdrawnEmail, name: 'Withdrawn Before Mail', permissions: ['content'] });
    await admin.admin.staff.withdrawInvitation({ invitationId: withdrawn.invitationId });
    // Expired while its mail job waits (a worker down for two days).
    const expiredEmail = uniqueEmail('expired-before-mail');
    await admin.admin.staff.invite({ email: expiredEmail, name: 'Expired Before Mail', permissions: ['content'] });
    const openEmail = uniqueEmail('open-mail');
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 49 * 3600_000);
      // Invited just now: still open when the job runs, so its mail goes out (the jobs did run).
      await admin.admin.staff.invite({ email: openEmail, name: 'Open Mail', permissions: ['content'] });
      await app.runJobs();
    } finally {
      clock = saved;
    }
    expect({ withdrawn: mailedToken(withdrawnEmail), expired: mailedToken(expiredEmail), open: mailedToken(openEmail) !== null }).toEqual({ withdrawn: null, expired: null, open: true });
  });

  it('ten withdrawals of one invitation at once record it withdrawn once', async () => {
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email: uniqueEmail('race-withdraw'), name: 'Race Withdrawn', permissions: ['content'] });
    const before = await app.eventCount();
    const { succeeded, refusals } = await raceCalls(10, async () => (await asSuperAdmin()).admin.staff.withdrawInvitation({ invitationId: invited.invitationId }));
    expect(refusals).toEqual([]);
    expect(new Set(succeeded.map((result) => result.withdrawnAt)).size).toBe(1);
    expect(await app.eventCount()).toBe(before + 1);
  });

  it('a withdrawal and acceptances at once: the invitation is either withdrawn or opened one account, never both', async () => {
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email: uniqueEmail('race-both'), name: 'Race Both', permissions: ['content'] });
    const token = invitationToken(app.services, invited.invitationId);
    const { refusals } = await raceCalls(6, async (index) => (index % 2 === 0 ? (await asSuperAdmin()).admin.staff.withdrawInvitation({ invitationId: invited.invitationId }) : acceptWith(token)));
    expectOnlyRefusals(refusals, [
      ['CONFLICT', INVITATION_USED],
      ['CONFLICT', WITHDRAW_INVITATION_USED],
      ['BAD_REQUEST', INVITATION_WITHDRAWN],
    ]);
    const types = (await app.services.eventStore.readStream(staffInvitationStreamId(invited.invitationId))).map((event) => event.type);
    expect([['StaffInvited', 'StaffInvitationWithdrawn'], ['StaffInvited', 'StaffInvitationAccepted']]).toContainEqual(types);
  });

  it('an invitation stops working once its sender no longer holds every permission (revoked or suspended), writing nothing', async () => {
    const admin = await asSuperAdmin();
    for (const loss of ['revoked', 'suspended'] as const) {
      const inviter = await app.account({ role: 'admin', fullName: 'Departing Admin' });
      const invited = await (await app.caller({ token: inviter.token })).admin.staff.invite({ email: uniqueEmail('orphan'), name: 'Orphan Invitee', permissions: ['finance'] });
      const token = invitationToken(app.services, invited.invitationId);
      expect((await (await app.caller()).identity.staffInvitation.get({ token })).fullName).toBe('Orphan Invitee');
      if (loss === 'revoked') await admin.admin.members.setPermissions({ userId: inviter.userId, permissions: ['members'], reason: 'Moved to another team' });
      else await admin.admin.members.suspend({ userId: inviter.userId, reason: 'Left the foundation' });
      const before = await app.eventCount();
      expect(await rejection((await app.caller()).identity.staffInvitation.get({ token })), loss).toMatchObject({ code: 'FORBIDDEN', message: INVITATION_INVITER_NOT_SUPER_ADMIN });
      expect(await rejection(acceptWith(token)), loss).toMatchObject({ code: 'FORBIDDEN', message: INVITATION_INVITER_NOT_SUPER_ADMIN });
      expect(await app.eventCount()).toBe(before);
    }
  });

  it('erasing the staff account leaves no name or address of it in the invitation, and replay equals live', async () => {
    const email = uniqueEmail('erased');
    const invited = await (await asSuperAdmin()).admin.staff.invite({ email, name: 'Erased Person', permissions: ['content'] });
    const accepted = await (await app.caller()).identity.staffInvitation.accept({
      token: invitationToken(app.services, invited.invitationId),
      password: 'erase me please',
      confirmPassword: 'erase me please',
      phone: '9876543210',
    });
    await erasePerson(app.services, { userId: accepted.userId, reason: 'Asked to be forgotten', by: null }, { actor: 'system', correlationId: 'erase-test' });
    const { rows } = await app.services.db.query(`SELECT full_name, email, user_id FROM staff_invitations WHERE invitation_id = $1`, [invited.invitationId]);
    expect(rows).toEqual([{ full_name: null, email: null, user_id: accepted.userId }]);
    const [event] = await app.services.eventStore.readStream(staffInvitationStreamId(invited.invitationId));
    expect(await app.services.vault.reveal(app.services.db, (event!.data as { invitee: unknown }).invitee)).toBeNull();
    for (const result of await replayAndCompare(app.services, 'staff_invitations')) expect(result.differences).toEqual([]);
  });

  it('the gate: staff granted finance must set up two-factor first; an own second factor they need cannot be turned off', async () => {
    const staff = await app.account({ role: 'admin', permissions: ['content'] });
    await (await asSuperAdmin()).admin.members.setPermissions({ userId: staff.userId, permissions: ['content', 'finance'], reason: 'Joins the finance desk' });
    const gated = await app.caller({ token: staff.token });
    expect(await rejection(gated.donations.admin.getMany({}))).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    expect(await rejection((await app.caller({ token: staff.token })).admin.getQueues())).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    // Own member pages are closed too: they sign in only to set it up.
    expect(await rejection((await app.caller({ token: staff.token })).identity.getProfile({}))).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_SETUP_REQUIRED });
    expect((await (await app.caller({ token: staff.token })).identity.me())?.twoFactorSetupRequired).toBe(true);
    const authenticator = await enrolTwoFactor(app.services, staff.userId);
    expect(await (await app.caller({ token: staff.token })).donations.admin.getMany({})).toBeDefined();
    const code = nextSignInCode(authenticator, clock);
    expect(await rejection((await app.caller({ token: staff.token })).identity.totp.disable({ code }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
