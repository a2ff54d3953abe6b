/**
 * What `npm run bench:load` needs in its database before the server starts, made through the
 * product's own functions and procedures (run.ts calls seed() with services of its own, on the
 * same database, master key and data folder as the server it then starts):
 *
 * - the foundation's payment settings (UPI ID, payee, bank account), saved by an admin through
 *   `site.settings.update`, so a pledge answers with a UPI link and bank details;
 * - one member (the root) with a team of branching + branching² + … + branching^depth members
 *   (default 4 over 4 levels: 340), each registered with an invite code under a sponsor from the
 *   level above (recordRegistration, the registration after its password hashing: every member
 *   gets the same argon2id hash, made once), each confirming the e-mail address with the link from
 *   the confirmation mail the job wrote to the outbox (`identity.confirmEmail`), since only active
 *   members may sponsor and sign in;
 * - a web session (cookie) of the root for the dashboard and team-tree requests.
 */
import crypto from 'node:crypto';
import { catchUpAsyncProjections } from '#server/event-store/async-projections';
import { runRelayBatch } from '#server/event-store/relay';
import { hashPassword } from '#server/lib/passwords';
import type { InProcessQueue } from '#server/queue/in-process-queue';
import { generateEpins, recordRegistration } from '#server/modules/community/community.api';
import { ZRegisterRequestSchema } from '#server/modules/community/registration/register.schema';
import { createAccount, logIn, PERMISSIONS, resolveSession } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';
import { readOutbox } from '#server/testing/outbox';
import { enrolTwoFactor } from '#server/testing/two-factor';
import { createInnerContext } from '#server/trpc/context';
import { createCallerFactory } from '#server/trpc/procedures';
import { appRouter } from '#server/trpc/router';

export const PASSWORD = 'bench password 2026';
const WRITERS = 8;
const EPIN_BATCH = 500;

export interface Seeded {
  rootId: string;
  /** The root's web session: the value of the session cookie. */
  rootSession: string;
  /** Every active member of the root's team, for sign-ins (all with PASSWORD). */
  memberIds: string[];
  /** Members at each level of the root's team, level 1 first. */
  levelSizes: number[];
}

const createCaller = createCallerFactory(appRouter);
const meta = (actor = 'bench') => ({ actor, correlationId: crypto.randomUUID(), ip: null });

/** Runs `work(index)` for 0 … count-1, `writers` at a time. */
async function inParallel(count: number, writers: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** As the worker would: projections caught up, every committed event relayed, every job finished (mails in the outbox). */
async function runJobs(services: Services): Promise<void> {
  await catchUpAsyncProjections(services, 'bench');
  for (let heldBack = 0; ; ) {
    const result = await runRelayBatch(services, { owner: 'bench' });
    if (result.hasMore) continue;
    // Other databases' open transactions can hold events back for a while (transaction IDs are cluster-wide).
    if (!result.isHeldBack || ++heldBack > 600) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await (services.queue as InProcessQueue).drain();
}

async function callerFor(services: Services, token: string | null) {
  const user = token ? await resolveSession(services.db, token, services.now()) : null;
  return createCaller(createInnerContext(services, { user, sessionToken: token, requestId: crypto.randomUUID() }));
}

async function savePaymentSettings(services: Services): Promise<void> {
  const password = crypto.randomBytes(12).toString('base64url');
  const adminId = await createAccount(
    services,
    { role: 'admin', permissions: [...PERMISSIONS], password, fullName: 'Bench Admin', email: 'bench-admin@example.org', phone: '9876543210', address: '1 Bench Road', city: 'Patna', state: 'Bihar' },
    meta(),
  );
  const { token } = await logIn(services, { userId: adminId, password }, { kind: 'cookie' });
  // Staff who handle money must have set up two-factor sign-in before any work (docs/decisions/032).
  await enrolTwoFactor(services, adminId);
  const admin = await callerFor(services, token);
  const { version } = await admin.site.settings.get();
  await admin.site.settings.update({
    expectedVersion: version,
    data: {
      upiVpa: 'sahayfoundation@sbi',
      upiPayeeName: 'Sahay Foundation',
      bankAccountName: 'Sahay Foundation',
      bankAccountNumber: '123456789012',
      bankIfsc: 'SBIN0001234',
      bankName: 'State Bank of India',
    },
  });
}

/** The confirmation tokens in the outbox's mails, by the user ID each confirms (`<userId>.<expiry>.<signature>`). */
function confirmationTokens(dataDir: string): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const mail of readOutbox(dataDir)) {
    for (const match of mail.text.matchAll(/confirm-email\?token=([A-Za-z0-9._%-]+)/g)) {
      const token = decodeURIComponent(match[1]!);
      tokens.set(token.slice(0, token.indexOf('.')), token);
    }
  }
  return tokens;
}

export async function seed(services: Services, options: { branching: number; depth: number }): Promise<Seeded> {
  await savePaymentSettings(services);
  const rootId = await createAccount(
    services,
    { role: 'member', permissions: [], password: PASSWORD, fullName: 'Bench Root Member', email: 'bench-root@example.org', phone: '9876543210', address: '1 Bench Road', city: 'Patna', state: 'Bihar' },
    meta(),
  );
  const passwordHash = await hashPassword(PASSWORD);
  const visitor = await callerFor(services, null);
  const memberIds: string[] = [];
  const levelSizes: number[] = [];
  let sponsors = [rootId];
  for (let level = 1; level <= options.depth; level++) {
    const count = sponsors.length * options.branching;
    const codes: string[] = [];
    while (codes.length < count) codes.push(...(await generateEpins(services, 'SYSTEM', Math.min(EPIN_BATCH, count - codes.length), meta())).map((epin) => epin.code));
    const joined: string[] = new Array(count);
    await inParallel(count, WRITERS, async (index) => {
      const input = ZRegisterRequestSchema.parse({
        referralId: sponsors[Math.floor(index / options.branching)]!,
        fullName: `Bench Member ${level}-${index + 1}`,
        email: `bench-${level}-${index + 1}@example.org`,
        phone: '9876543210',
        epin: codes[index]!,
        password: PASSWORD,
        address: `${index + 1} Bench Road`,
        city: 'Patna',
        state: 'Bihar',
        pinCode: '800001',
      });
      joined[index] = (await recordRegistration(services, input, passwordHash, meta('anonymous'))).userId;
    });
    // Only active members sponsor and sign in: each opens the link in the mail the job sent.
    await runJobs(services);
    const tokens = confirmationTokens(services.config.dataDir);
    await inParallel(count, WRITERS, async (index) => {
      const token = tokens.get(joined[index]!);
      if (!token) throw new Error(`no confirmation mail in the outbox for ${joined[index]}`);
      await visitor.identity.confirmEmail({ token });
    });
    memberIds.push(...joined);
    levelSizes.push(count);
    sponsors = joined;
  }
  await runJobs(services);
  const { token: rootSession } = await logIn(services, { userId: rootId, password: PASSWORD }, { kind: 'cookie' });
  return { rootId, rootSession, memberIds, levelSizes };
}
