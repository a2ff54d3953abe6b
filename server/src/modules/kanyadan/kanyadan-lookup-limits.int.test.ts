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

  it('counts a right phone after four wrong ones as nothing: answered, and the address still has its fifth wrong guess', async () => {
    const target = await submittedApplication(app);
    const answers: string[] = [];
    for (let i = 0; i < 4; i++) answers.push(await lookUp('100.64.0.7', target.regNo, uniquePhone()));
    answers.push(await lookUp('100.64.0.7', target.regNo, target.phone));
    answers.push(await lookUp('100.64.0.7', target.regNo, uniquePhone()));
    answers.push(await lookUp('100.64.0.7', target.regNo, uniquePhone()));
    expect(answers).toEqual([...Array<string>(4).fill('NOT_FOUND'), 'found', 'NOT_FOUND', 'TOO_MANY_REQUESTS']);
  });

  /** Code and message of a look-up, from one address. */
  const answerOf = async (ip: string, regNo: string, phone: string) =>
    (await app.caller({ ip })).kanyadan.getStatus({ regNo, phone }).then(
      () => ({ code: 'found', message: '' }),
      (error: { code?: string; message?: string }) => ({ code: error.code ?? 'error', message: error.message ?? '' }),
    );
  /** The wrong guesses recorded against one number from one address, and against that address for all numbers. */
  const recorded = async (ip: string, regNo: string) => {
    const { rows } = await app.services.db.query<{ bucket: string; hits: number }>(`SELECT bucket, hits FROM rate_limits WHERE bucket IN ($1, $2)`, [
      `kanyadan-lookup-miss:ip:${ip}:reg:${regNo}`,
      `kanyadan-lookup-miss:ip:${ip}`,
    ]);
    const hits = (bucket: string) => rows.find((row) => row.bucket === bucket)?.hits ?? 0;
    return { number: hits(`kanyadan-lookup-miss:ip:${ip}:reg:${regNo}`), address: hits(`kanyadan-lookup-miss:ip:${ip}`) };
  };

  it('answers a family tapping five times at once after one wrong phone: the right phone is never refused for its own taps', async () => {
    const ip = '100.64.3.1';
    const target = await submittedApplication(app);
    expect(await lookUp(ip, target.regNo, uniquePhone())).toBe('NOT_FOUND');
    const taps = await Promise.all(Array.from({ length: 5 }, () => lookUp(ip, target.regNo, target.phone)));
    expect(taps).toEqual(Array.from({ length: 5 }, () => 'found'));
    expect(await recorded(ip, target.regNo)).toEqual({ number: 1, address: 1 });
  });

  it.each([
    ['last', 19],
    ['first', 0],
    ['in the middle', 11],
  ])('twenty look-ups of one number at once from one address, the right phone %s: at most five wrong ones judged, the rest refused', async (_where, position) => {
    const ip = `100.64.1.${String(position + 1)}`;
    const target = await submittedApplication(app);
    const phones = Array.from({ length: 20 }, (_, i) => (i === position ? target.phone : uniquePhone()));
    const answers = await Promise.all(phones.map((phone) => answerOf(ip, target.regNo, phone)));
    const judged = answers.filter((answer) => answer.code === 'found' || answer.code === 'NOT_FOUND');
    const wrongJudged = answers.filter((answer) => answer.code === 'NOT_FOUND').length;
    // Judged one after another: the right phone is found if it came before the fifth wrong one, else refused.
    expect(wrongJudged, JSON.stringify(answers.map((answer) => answer.code))).toBeLessThanOrEqual(5);
    expect(judged.length).toBeLessThanOrEqual(wrongJudged + 1);
    expect(['found', 'TOO_MANY_REQUESTS']).toContain(answers[position]!.code);
    for (const answer of answers.filter((answer) => !judged.includes(answer))) {
      expect(answer).toEqual({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    }
    // Only the wrong guesses judged were recorded, never more than five.
    const counts = await recorded(ip, target.regNo);
    expect(counts.number).toBeLessThanOrEqual(5);
    expect(counts).toEqual({ number: wrongJudged, address: wrongJudged });
    // The family from elsewhere is still answered.
    expect(await lookUp('100.64.2.1', target.regNo, target.phone)).toBe('found');
  });
});
