import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniformRateLimits } from '#server/lib/rate-limit';
import { REFERENCE_PATTERN } from '#server/modules/donations/donation-fields.schema';
import { USER_ID_PATTERN } from '#server/modules/identity/fields.schema';
import { logIn } from '#server/modules/identity/identity.api';
import { DOCUMENT_KINDS, REG_NO_PATTERN } from '#server/modules/kanyadan/kanyadan-rules.schema';
import { type Method, type OpenApiDocument, type Operation, operationsOf } from '#server/testing/fuzz/operations';
import { type KnownValues, plausibleValues } from '#server/testing/fuzz/plausible-values';
import { type FuzzFile, type FuzzIdentity, type FuzzRequest, requestArbitrary } from '#server/testing/fuzz/request-arbitrary';
import { testDbKinds } from '#server/testing/test-db';
import { nextSignInCode, type TestAuthenticator } from '#server/testing/two-factor';
import { createTestApp, type TestApp, uniqueEmail } from '#server/testing/test-services';
import { pixelBombPng, plainImage, simplePdf } from '#server/uploads/test-files.test-helper';
import { buildOpenApiDocument } from './openapi.ts';

/**
 * Issue 12, fuzzing: every operation of the OpenAPI document gets requests generated from its
 * schemas and mutations of valid ones, as a visitor, a member and an admin with every permission.
 * None may answer 5xx or show a stack trace; a 4xx says why ({message, requestId}) and writes
 * nothing. FUZZ_RUNS requests per operation (FUZZ_SEED replays a failure that fast-check reports).
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const FUZZ_SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** The clock of the app and of the generated dates: the seeded Kanyadan applicant is 8 on this day. */
const NOW = new Date('2031-07-01T06:30:00.000Z');

/** Far above what the fuzzer sends: limits would turn everything into 429s and hide the routes behind them. */
const GENEROUS_LIMITS = uniformRateLimits(1_000_000);

/** A frame of a stack ("at fn (file.ts:12:3)") or an error naming a source file or a dependency. */
const STACK_TRACE = /\bat .*\.[cm]?[jt]sx?:\d+|\b\w*Error: .*\/[\w./-]+\.[cm]?[jt]sx?\b|node_modules[\\/]/;

/** A request unanswered this long hangs: reported with the request, not as the test's own timeout. */
const ANSWER_WITHIN_MS = 15_000;

const UPLOAD_CAP_BYTES = 5 * 1024 * 1024;
/** The phone test-services gives every account. */
const MEMBER_PHONE = '9876543210';

/** The database the fuzzer runs on: PostgreSQL when the run has one (CI), PGlite otherwise. */
const KIND = testDbKinds().at(-1)!;

/** Operations listed from the document built in process; the test checks the served one is the same. */
/** A supertest request of the operation's method. */
function open(agent: ReturnType<typeof request>, method: Method, url: string): request.Test {
  const byMethod = { get: agent.get, put: agent.put, post: agent.post, delete: agent.delete, patch: agent.patch } satisfies Record<Method, unknown>;
  return byMethod[method].call(agent, url);
}

const OPERATIONS = operationsOf(buildOpenApiDocument('http://127.0.0.1'));

interface Tally {
  validSucceeded: number;
  validRefused: number;
  mutatedSucceeded: number;
  mutatedRefused: number;
  statuses: Record<number, number>;
}

describe(`fuzzing every REST operation in the OpenAPI document (${KIND}, ${FUZZ_RUNS} requests each)`, () => {
  let app: TestApp;
  let http: ReturnType<TestApp['http']>;
  const sessions = {} as Record<Exclude<FuzzIdentity, 'visitor'>, { userId: string; password: string; token: string; authenticator: TestAuthenticator | null }>;
  let seeds: { regNo: string; references: string[]; known: KnownValues };
  /** The document as served: `$ref`s resolve against it. */
  let document: OpenApiDocument;
  let files: { photo: FuzzFile; certificate: FuzzFile; all: FuzzFile[] };
  let enqueuedJobs = 0;
  const tallies = new Map<string, Tally>();

  beforeAll(async () => {
    app = await createTestApp(KIND, { limits: GENEROUS_LIMITS, now: () => NOW });
    http = app.http();
    document = (await request(http).get('/api/docs/openapi.json').expect(200)).body as OpenApiDocument;
    sessions.member = await app.account({ fullName: 'Fuzz Member' });
    sessions.admin = await app.account({ role: 'admin', fullName: 'Fuzz Admin' });
    // Bodies name this member (logins, resets, transfers), never the two above: failed logins lock
    // the account they name, and the fuzzer must keep signing in as member and admin.
    const target = await app.account({ fullName: 'Fuzz Target' });
    countEnqueuedJobs();
    files = await sampleFiles();
    const application = await seedApplication();
    const donations = await seedDonations();
    seeds = {
      regNo: application.regNo,
      references: donations.references,
      known: {
        memberIds: [target.userId],
        phones: [MEMBER_PHONE, application.phone],
        emails: [target.email, ...donations.contacts],
      },
    };
  });
  afterAll(async () => {
    logTally();
    await app?.close();
  });

  /** Jobs come from the relay today; counting at the queue also catches any a route would enqueue itself. */
  function countEnqueuedJobs() {
    const queue = app.services.queue;
    const enqueue = queue.enqueue.bind(queue);
    queue.enqueue = async (jobs) => {
      enqueuedJobs += jobs.length;
      return enqueue(jobs);
    };
  }

  /** A pledge awaiting payment and one whose proof arrived, so the admins' verify and reject can succeed. */
  async function seedDonations(): Promise<{ references: string[]; contacts: string[] }> {
    const visitor = await app.caller();
    const pledge = (email: string) => visitor.donations.create({ amountPaise: 125_000, cause: 'general', donorName: 'Sunita Devi', email, showName: false });
    const awaitingContact = uniqueEmail('donor');
    const awaiting = await pledge(awaitingContact);
    const contact = uniqueEmail('donor');
    const proven = await pledge(contact);
    await visitor.donations.submitProof({ reference: proven.reference, contact, utr: '412345678901' });
    return { references: [awaiting.reference, proven.reference], contacts: [awaitingContact, contact] };
  }

  /** A Kanyadan application (a girl of 8 on NOW) with its documents processed: its number and phone. */
  async function seedApplication(): Promise<{ regNo: string; phone: string }> {
    const phone = '9876501234';
    const fields = { girlName: 'Asha Kumari', fatherName: 'Ramesh Kumar', dob: '2023-03-15', phone, district: 'Jaipur', state: 'rajasthan', guardianName: 'Ramesh Kumar', guardianRelation: 'father', consent: 'true' };
    const form = request(http).post('/api/kanyadan/applications');
    for (const [name, value] of Object.entries(fields)) form.field(name, value);
    const { photo, certificate } = files;
    form.attach('photo', photo.bytes, { filename: photo.filename, contentType: photo.contentType });
    form.attach('birthCertificate', certificate.bytes, { filename: certificate.filename, contentType: certificate.contentType });
    const response = await form;
    expect(response.status, response.text).toBe(201);
    await app.runJobs();
    return { regNo: response.body.regNo as string, phone };
  }

  /** Valid uploads (so an upload can succeed), and garbage: empty, random, a pixel bomb, too large, a type in disguise. */
  async function sampleFiles(): Promise<typeof files> {
    const file = (bytes: Buffer, filename: string, contentType: string): FuzzFile => ({ bytes, filename, contentType });
    const png = await plainImage('png');
    const photo = file(await plainImage('jpeg'), 'photo.jpg', 'image/jpeg');
    const certificate = file(await simplePdf(1, 'Birth certificate'), 'birth.pdf', 'application/pdf');
    const all = [
      file(png, 'qr.png', 'image/png'),
      photo,
      certificate,
      file(Buffer.alloc(0), 'empty.png', 'image/png'),
      file(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', 'image/jpeg'),
      file(Buffer.concat([png.subarray(0, 16), Buffer.alloc(64, 0xff)]), 'broken.png', 'image/png'),
      file(certificate.bytes.subarray(0, certificate.bytes.length >> 1), 'half.pdf', 'application/pdf'),
      file(pixelBombPng(), 'bomb.png', 'image/png'),
      file(Buffer.alloc(UPLOAD_CAP_BYTES + 1, 0x41), 'huge.jpg', 'image/jpeg'),
      file(await plainImage('gif'), '../../etc/passwd', 'text/plain'),
    ];
    return { photo, certificate, all };
  }

  function fileArbitrary(): fc.Arbitrary<FuzzFile> {
    const random = fc
      .tuple(fc.uint8Array({ maxLength: 4096 }), fc.constantFrom('x.jpg', 'a\u0000.png', 'नाम.pdf', `${'n'.repeat(300)}.png`, 'run.exe', ''), fc.constantFrom('image/jpeg', 'application/octet-stream', 'text/html', 'application/pdf'))
      .map(([bytes, filename, contentType]) => ({ bytes: Buffer.from(bytes), filename, contentType }));
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...files.all) }, { weight: 1, arbitrary: random });
  }

  function pathValues(): Record<string, fc.Arbitrary<string>> {
    const memberIds = [sessions.member.userId, sessions.admin.userId, ...seeds.known.memberIds];
    return {
      id: fc.oneof(fc.constantFrom(...memberIds), fc.stringMatching(USER_ID_PATTERN)),
      uploadId: fc.uuid(),
      regNo: fc.oneof(fc.constant(seeds.regNo), fc.stringMatching(REG_NO_PATTERN)),
      kind: fc.constantFrom(...DOCUMENT_KINDS),
      reference: fc.oneof(fc.constantFrom(...seeds.references), fc.stringMatching(REFERENCE_PATTERN)),
    };
  }

  async function writes(): Promise<{ events: number; files: number; keys: number; jobs: number }> {
    const { rows } = await app.services.db.query<{ events: number; files: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM data_keys) AS keys`,
    );
    return { ...rows[0]!, jobs: enqueuedJobs };
  }

  function send(fuzz: FuzzRequest): request.Test {
    const call = open(request(http), fuzz.method, fuzz.url).timeout(ANSWER_WITHIN_MS);
    if (fuzz.as !== 'visitor') call.set('Authorization', `Bearer ${sessions[fuzz.as].token}`);
    const { body } = fuzz;
    if (body.kind === 'text') call.set('Content-Type', body.contentType).send(body.text);
    if (body.kind === 'form') {
      for (const [name, value] of body.fields) call.field(name, value);
      for (const [name, file] of body.files) call.attach(name, file.bytes, { filename: file.filename, contentType: file.contentType });
    }
    return call;
  }

  /** A request that signed a session out (logout, a password changed or reset) leaves the fuzzer a fresh one. */
  async function renewSessions(): Promise<void> {
    for (const session of Object.values(sessions)) {
      let totpCode: string | undefined;
      if (session.authenticator) {
        // The server's clock stands still here, so its one-use rule would leave no fresh code after
        // two sign-ins: the codes used are forgotten first (the rule has its own tests).
        await app.services.db.query(`DELETE FROM admin_totp_used_steps WHERE user_id = $1`, [session.userId]);
        session.authenticator.lastStep = 0;
        totpCode = nextSignInCode(session.authenticator, app.services.now());
      }
      session.token = (await logIn(app.services, { userId: session.userId, password: session.password, totpCode }, { kind: 'cookie' })).token;
    }
  }

  function record(operation: Operation, fuzz: FuzzRequest, status: number): void {
    const key = `${operation.method.toUpperCase()} ${operation.path}`;
    const tally = tallies.get(key) ?? { validSucceeded: 0, validRefused: 0, mutatedSucceeded: 0, mutatedRefused: 0, statuses: {} };
    const isSuccess = status < 400;
    if (fuzz.isMutated) tally[isSuccess ? 'mutatedSucceeded' : 'mutatedRefused'] += 1;
    else tally[isSuccess ? 'validSucceeded' : 'validRefused'] += 1;
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
    tallies.set(key, tally);
  }

  function logTally(): void {
    const rows = [...tallies].map(([operation, { statuses, ...counts }]) => ({ operation, ...counts, statuses: JSON.stringify(statuses) }));
    console.table(rows);
  }

  /** What a failure prints: enough to send the same request again by hand. */
  function described(fuzz: FuzzRequest): string {
    const body = fuzz.body.kind === 'text' ? `${fuzz.body.contentType} ${fuzz.body.text.slice(0, 2_000)}` : fuzz.body.kind === 'form' ? JSON.stringify({ fields: fuzz.body.fields.map(([name, value]) => [name, value.slice(0, 200)]), files: fuzz.body.files.map(([name, file]) => [name, file.filename, file.contentType, file.bytes.length]) }) : '(none)';
    return `${fuzz.method.toUpperCase()} ${fuzz.url.slice(0, 1_000)} as=${fuzz.as}\nbody: ${body}`;
  }

  async function checkOne(operation: Operation, fuzz: FuzzRequest): Promise<void> {
    const before = await writes();
    const response = await send(fuzz).catch((error: unknown) => {
      throw new Error(`no answer: ${String(error)}\n${described(fuzz)}`);
    });
    record(operation, fuzz, response.status);
    const what = `${described(fuzz)}\n→ ${response.status} ${String(response.text).slice(0, 2_000)}`;
    expect(response.status, what).toBeLessThan(500);
    expect(typeof response.text === 'string' && STACK_TRACE.test(response.text), what).toBe(false);
    if (response.status >= 400) {
      expect(String(response.headers['content-type']), what).toMatch(/^application\/json/);
      expect(response.body, what).toMatchObject({ message: expect.stringMatching(/\S/), requestId: expect.stringMatching(/\S/) });
      expect(await writes(), what).toEqual(before);
    } else if (/\/(logout|change-password|reset-password)$/.test(operation.path)) {
      await renewSessions();
    }
  }

  it('fuzzes the document the server serves', () => {
    expect(operationsOf(document)).toEqual(OPERATIONS);
  });

  it.each(OPERATIONS.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const))(
    '%s: never a 5xx or a stack trace; a 4xx has message and requestId and writes nothing',
    async (_name, operation) => {
      const arbitrary = requestArbitrary(operation, {
        context: { root: document, hints: plausibleValues(NOW, seeds.known) },
        pathValues: pathValues(),
        files: fileArbitrary(),
      });
      await fc.assert(
        fc.asyncProperty(arbitrary, (fuzz) => checkOne(operation, fuzz)),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
    },
    Math.max(30_000, FUZZ_RUNS * 1_000),
  );

  it('reaches past validation: requests succeed on many operations, not only refusals', () => {
    const succeeded = [...tallies].filter(([, tally]) => tally.validSucceeded + tally.mutatedSucceeded > 0).map(([operation]) => operation);
    // Fewer runs reach fewer operations: 5 runs reach about a dozen, 25 about twenty.
    expect(succeeded.length, succeeded.join('\n')).toBeGreaterThanOrEqual(Math.min(15, FUZZ_RUNS));
  });
});
