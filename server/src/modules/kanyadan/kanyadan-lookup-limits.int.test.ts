import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { expectNothingWritten, submittedApplication, uniquePhone, writes } from './kanyadan.test-helper.ts';

/**
 * Issue 29 review: the status look-up is limited on the wrong guesses of an address (an IPv4
 * address, or an IPv6 /64), never on the right answers. Behind a carrier's shared address, one
 * family's typos or a stranger's guessing must not refuse another family its own status, while the
 * guesser is still stopped. With the limits in force (no test overrides).
 */
describe.each(testDbKinds())('the Kanyadan status look-up limits on %s', (kind) => {
  let app: TestApp;
  const clock = new Date('2031-07-01T06:00:00.000Z');
  let first: { regNo: string; phone: string };
  let second: { regNo: string; phone: string };

  beforeAll(async () => {
    app = await createTestApp(kind, { now: () => clock, limits: { kanyadanSubmitPerIp: { limit: 100, windowSeconds: 3600 } } });
    first = await submittedApplication(app);
    second = await submittedApplication(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const lookUp = async (ip: string, regNo: string, phone: string) =>
    (await app.caller({ ip })).kanyadan.getStatus({ regNo, phone }).then(
      () => 'found',
      (error: { code?: string }) => error.code ?? 'error',
    );

  it('answers the right pair from an address whose other askers used up its wrong guesses, and refuses the wrong ones', async () => {
    const shared = '100.64.0.1';
    const before = await writes(app);
    const guesses: string[] = [];
    // Others behind the address: typos of their own numbers, a stranger trying a few of the families' ones.
    for (let i = 0; i < 11; i++) guesses.push(await lookUp(shared, [first.regNo, second.regNo][i % 4] ?? `KNYDN00001${String(10 + i)}`, uniquePhone()));
    expect(guesses).toEqual([...Array<string>(10).fill('NOT_FOUND'), 'TOO_MANY_REQUESTS']);
    expect(await lookUp(shared, second.regNo, second.phone)).toBe('found');
    expect(await lookUp(shared, first.regNo, first.phone)).toBe('found');
    expect(await lookUp(shared, second.regNo, uniquePhone())).toBe('TOO_MANY_REQUESTS');
    await expectNothingWritten(app, before);
  });

  it('never counts right answers: forty in a quarter of an hour from one address all answer', async () => {
    const answers = new Set<string>();
    for (let i = 0; i < 40; i++) answers.add(await lookUp('100.64.0.2', first.regNo, first.phone));
    expect([...answers]).toEqual(['found']);
  });

  it('counts the wrong guesses of one IPv6 /64 together', async () => {
    const guesses: string[] = [];
    for (let i = 1; i <= 11; i++) guesses.push(await lookUp(`2001:db8:5:5::${i}`, `KNYDN00000${String(10 + i)}`, uniquePhone()));
    expect(guesses).toEqual([...Array<string>(10).fill('NOT_FOUND'), 'TOO_MANY_REQUESTS']);
    expect(await lookUp('2001:db8:5:6::1', 'KNYDN0000099', uniquePhone())).toBe('NOT_FOUND');
    expect(await lookUp('2001:db8:5:5::99', first.regNo, first.phone)).toBe('found');
  });

  it('stops an address guessing one number after five wrong phones, without locking that number for anyone else', async () => {
    const target = await submittedApplication(app);
    const guesses: string[] = [];
    for (let i = 0; i < 6; i++) guesses.push(await lookUp('100.64.0.3', target.regNo, uniquePhone()));
    expect(guesses).toEqual([...Array<string>(5).fill('NOT_FOUND'), 'TOO_MANY_REQUESTS']);
    // That address may not try the number again this hour, right or wrong: its guessing would otherwise go on unbounded.
    expect(await lookUp('100.64.0.3', target.regNo, target.phone)).toBe('TOO_MANY_REQUESTS');
    // Everyone else, and that address for other numbers, as before.
    expect(await lookUp('100.64.0.4', target.regNo, target.phone)).toBe('found');
    expect(await lookUp('100.64.0.4', target.regNo, uniquePhone())).toBe('NOT_FOUND');
    expect(await lookUp('100.64.0.3', first.regNo, first.phone)).toBe('found');
  });

  it('ten wrong guesses of one number at once from one address: five judged, five refused, and the family elsewhere answered', async () => {
    const target = await submittedApplication(app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => lookUp('100.64.0.5', target.regNo, uniquePhone())));
    expect(answers.sort()).toEqual([...Array<string>(5).fill('NOT_FOUND'), ...Array<string>(5).fill('TOO_MANY_REQUESTS')]);
    expect(await lookUp('100.64.0.6', target.regNo, target.phone)).toBe('found');
  });
});
