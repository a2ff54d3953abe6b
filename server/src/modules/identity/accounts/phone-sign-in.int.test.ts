import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOnlyRefusals, fieldErrorsOf, raceCalls, rejection } from '#server/testing/assertions';
import { readOutbox, readSmsOutbox } from '#server/testing/outbox';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, uniqueEmail, type TestApp } from '#server/testing/test-services';
import { USER_ID_OR_PHONE_INVALID } from '../fields.schema.ts';
import { userStreamId } from '../identity.events.ts';
import { LOGIN_FAILED, PHONE_SHARED } from './login.ts';
import { USER_ID_REMINDER_SENT } from '../passwords/user-id-reminder.ts';
import { CONTACT_INVALID } from '../passwords/user-id-reminder.schema.ts';

/** A mobile number no other test account has (they share 9876543210). */
let numbers = 0;
function uniquePhone(): string {
  numbers += 1;
  return `7${String(process.pid % 1000).padStart(3, '0')}${String(numbers).padStart(3, '0')}${String(Date.now() % 1000).padStart(3, '0')}`;
}

/**
 * Signing in and recovering for people who mostly use a phone (issue 16): the registered mobile
 * number signs in wherever a user ID does; "Forgot user ID?" sends the IDs by e-mail or SMS; reset
 * codes go by SMS as well as e-mail.
 */
describe.each(testDbKinds())('sign-in by mobile number and user-ID reminders on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs in with the registered mobile number in the user ID field, in any common form, over tRPC and REST', async () => {
    const phone = uniquePhone();
    const member = await app.account({ phone, password: 'phone person pw' });
    for (const typed of [phone, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`, `91-${phone}`]) {
      expect((await (await app.caller()).identity.login({ userId: typed, password: 'phone person pw' })).userId).toBe(member.userId);
    }
    const rest = await request(app.http()).post('/api/users/login').send({ userId: phone, password: 'phone person pw' });
    expect([rest.status, rest.body.userId]).toEqual([200, member.userId]);
    const wrong = await rejection((await app.caller()).identity.login({ userId: phone, password: 'not the password' }));
    expect([wrong.code, wrong.message]).toEqual(['UNAUTHORIZED', LOGIN_FAILED]);
    // A number nobody registered: the same answer as a wrong password.
    const unknown = await rejection((await app.caller()).identity.login({ userId: uniquePhone(), password: 'phone person pw' }));
    expect([unknown.code, unknown.message]).toEqual(['UNAUTHORIZED', LOGIN_FAILED]);
    expect(fieldErrorsOf(await rejection((await app.caller()).identity.login({ userId: '12345', password: 'x' })))).toEqual({ userId: [USER_ID_OR_PHONE_INVALID] });
  });

  it('a number shared by several accounts signs in to the one whose password is given, and asks for the user ID when two share it', async () => {
    const phone = uniquePhone();
    const first = await app.account({ phone, password: 'first person pw' });
    const second = await app.account({ phone, password: 'second person pw' });
    const third = await app.account({ phone, password: 'second person pw' });
    expect((await (await app.caller()).identity.login({ userId: phone, password: 'first person pw' })).userId).toBe(first.userId);
    const shared = await rejection((await app.caller()).identity.login({ userId: phone, password: 'second person pw' }));
    expect([shared.code, fieldErrorsOf(shared)]).toEqual(['CONFLICT', { userId: [PHONE_SHARED] }]);
    // Nobody learns the number is shared without one of its passwords.
    const guess = await rejection((await app.caller()).identity.login({ userId: phone, password: 'a guess' }));
    expect([guess.code, guess.message]).toEqual(['UNAUTHORIZED', LOGIN_FAILED]);
    for (const account of [second, third]) expect((await (await app.caller()).identity.login({ userId: account.userId, password: 'second person pw' })).userId).toBe(account.userId);
  });

  it('locks a number after repeated failures, as it locks an account', async () => {
    const phone = uniquePhone();
    await app.account({ phone, password: 'locked person pw' });
    await app.account({ phone, password: 'other person pw' });
    for (let attempt = 0; attempt < 6; attempt += 1) await rejection((await app.caller()).identity.login({ userId: phone, password: `wrong ${attempt}` }));
    const locked = await rejection((await app.caller()).identity.login({ userId: phone, password: 'locked person pw' }));
    expect(locked.code).toBe('TOO_MANY_REQUESTS');
  });

  it('"Forgot user ID?" e-mails the ID to an address and texts the IDs of a number, with the same answer when nothing matches', async () => {
    const email = uniqueEmail('forgetful');
    const phone = uniquePhone();
    const byMail = await app.account({ email, phone, fullName: 'Geeta Sharma' });
    const sharing = await app.account({ phone, fullName: 'Mohan Lal' });
    const visitor = await app.caller({ ip: '203.0.113.50' });
    expect(await visitor.identity.requestUserIdReminder({ contact: email.toUpperCase() })).toEqual({ message: USER_ID_REMINDER_SENT });
    expect(await (await app.caller({ ip: '203.0.113.50' })).identity.requestUserIdReminder({ contact: `+91 ${phone}` })).toEqual({ message: USER_ID_REMINDER_SENT });
    const before = await app.eventCount();
    expect(await (await app.caller({ ip: '203.0.113.50' })).identity.requestUserIdReminder({ contact: uniqueEmail('nobody') })).toEqual({ message: USER_ID_REMINDER_SENT });
    expect(await app.eventCount()).toBe(before);
    await app.runJobs();

    const mail = readOutbox(app.dataDir).filter((entry) => entry.text.includes(`To: ${email}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`Your user ID is ${byMail.userId}`);
    expect(mail[0]!.text).toContain(`आपका यूज़र आईडी ${byMail.userId} है`);
    const texts = readSmsOutbox(app.dataDir).filter((entry) => entry.text.startsWith(`To: +91${phone}`));
    expect(texts.map((entry) => entry.text).sort()).toEqual(
      [
        `To: +91${phone}\n\nSahay: the user ID of Geeta Sharma is ${byMail.userId}.\nसहाय: Geeta Sharma का यूज़र आईडी ${byMail.userId} है।\n`,
        `To: +91${phone}\n\nSahay: the user ID of Mohan Lal is ${sharing.userId}.\nसहाय: Mohan Lal का यूज़र आईडी ${sharing.userId} है।\n`,
      ].sort(),
    );
    const events = (await app.services.eventStore.readStream(userStreamId(sharing.userId))).filter((event) => event.type === 'UserIdReminderRequested');
    expect(events.map((event) => event.data)).toEqual([{ userId: sharing.userId, channel: 'sms', requestedAt: expect.any(String) }]);
    expect(JSON.stringify(events)).not.toContain(phone);
  });

  it('refuses a contact that is neither an address nor a mobile number, and unknown fields, with nothing written', async () => {
    const before = await app.eventCount();
    const caller = await app.caller({ ip: '203.0.113.51' });
    expect(fieldErrorsOf(await rejection(caller.identity.requestUserIdReminder({ contact: 'SH1234567' })))).toEqual({ contact: [CONTACT_INVALID] });
    expect(fieldErrorsOf(await rejection(caller.identity.requestUserIdReminder({ contact: 'not@an address' })))).toEqual({ contact: [CONTACT_INVALID] });
    // @ts-expect-error -- a field the schema does not have
    expect((await rejection(caller.identity.requestUserIdReminder({ contact: '9876543210', channel: 'email' }))).code).toBe('BAD_REQUEST');
    expect(await app.eventCount()).toBe(before);
  });

  it('ten identical requests at once record three reminders, the daily limit for one contact; the others get a clear 429', async () => {
    const email = uniqueEmail('racer');
    const member = await app.account({ email, phone: uniquePhone() });
    const { succeeded, refusals } = await raceCalls(10, async (index) => (await app.caller({ ip: `198.51.100.${index + 1}` })).identity.requestUserIdReminder({ contact: email }));
    expect(succeeded).toHaveLength(3);
    expectOnlyRefusals(refusals, [['TOO_MANY_REQUESTS', /^Too many attempts/]]);
    const events = (await app.services.eventStore.readStream(userStreamId(member.userId))).filter((event) => event.type === 'UserIdReminderRequested');
    expect(events).toHaveLength(3);
  });

  it('texts a password reset code as well as e-mailing it', async () => {
    const phone = uniquePhone();
    const member = await app.account({ phone });
    await (await app.caller({ ip: '203.0.113.52' })).identity.requestPasswordReset({ userId: member.userId, phone });
    await app.runJobs();
    const mail = readOutbox(app.dataDir).find((entry) => entry.text.includes(`To: ${member.email}`) && entry.text.includes('Your code is:'));
    const code = /Your code is: (\d{6})/.exec(mail!.text)![1]!;
    const text = readSmsOutbox(app.dataDir).find((entry) => entry.text.startsWith(`To: +91${phone}`) && entry.text.includes('password reset code'));
    expect(text?.text).toContain(`Sahay: your password reset code is ${code}.`);
    expect(text?.text).toContain(`पासवर्ड बदलने का आपका कोड ${code} है`);
  });
});
