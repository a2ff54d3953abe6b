import crypto from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessPolicy } from '#server/http/access-policy';
import type { SessionUser } from '#server/modules/identity/identity.api';
import { expectedAnswer, isOwnerPolicy, matrixAccounts, watchWrites, type Expected, type MatrixAccounts, type Writes } from '#server/http/authorisation-matrix.test-helper';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import { createInnerContext } from './context.ts';
import { t, type ProcedureMeta } from './init.ts';
import { createCallerFactory } from './procedures.ts';
import { appRouter } from './router.ts';

/**
 * Issue 12: every procedure of the app router declares who may call it (its builder's meta, see
 * AccessPolicy), and is called as a visitor, a member, another member, an admin lacking the
 * permission and the right admin. Each must get what the policy says; a refusal must write nothing
 * (no event, no file, no job). Authorisation runs before the input is parsed, so an empty input
 * suffices for a refusal; an allowed caller need only get past it: any answer but 401 or 403, a
 * 400 for the missing input included. Owner procedures are called on the first member's ID.
 */

const { core } = z;

/** tRPC v11 keeps every procedure in one flat record, path → procedure. */
function proceduresOf(router: { _def: { procedures: object } }): [string, unknown][] {
  return Object.entries(router._def.procedures);
}

/** What a procedure's builder declared, or undefined when it declared nothing (a bare `t.procedure`). */
function policyOf(procedure: unknown): AccessPolicy | undefined {
  const def = (procedure as { _def?: { meta?: Partial<ProcedureMeta> } })._def;
  return def?.meta?.policy;
}

/** The object keys a procedure's inputs accept, through `.optional()`. */
function inputKeysOf(procedure: unknown): string[] {
  const inputs = (procedure as { _def: { inputs: unknown[] } })._def.inputs;
  return inputs.flatMap((input) => {
    const schema = input instanceof core.$ZodOptional ? input._zod.def.innerType : input;
    return schema instanceof core.$ZodObject ? Object.keys(schema._zod.def.shape) : [];
  });
}

/** Besides the member's `userId`, what an owner procedure's input needs to reach its ownership check. */
const OWNER_INPUTS: Readonly<Record<string, object>> = { 'community.team.getLevelMembers': { level: 1 } };

/** The statuses each refusal may take. */
const REFUSALS: Readonly<Record<Exclude<Expected, 'allowed'>, readonly number[]>> = { 'not-signed-in': [401], forbidden: [403], 'not-yours': [403, 404] };

const PROCEDURES = proceduresOf(appRouter);
const createCaller = createCallerFactory(appRouter);

describe('every tRPC procedure', () => {
  it('is found (the matrix below is not vacuous)', () => {
    expect(Object.keys(appRouter._def.lazy)).toEqual([]);
    expect(PROCEDURES.length).toBeGreaterThan(60);
    expect(PROCEDURES.map(([path]) => path)).toContain('donations.admin.verify');
  });

  it('declares its policy', () => {
    expect(PROCEDURES.filter(([, procedure]) => policyOf(procedure) === undefined).map(([path]) => path)).toEqual([]);
  });

  it('names a member by `userId` as an owner procedure, never as a signed-in one (which acts on the caller\'s own records)', () => {
    const withUserId = PROCEDURES.filter(([, procedure]) => inputKeysOf(procedure).includes('userId'));
    expect(withUserId.filter(([, procedure]) => policyOf(procedure) === 'signed-in').map(([path]) => path)).toEqual([]);
    const owners = PROCEDURES.filter(([, procedure]) => isOwnerPolicy(policyOf(procedure)!));
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.filter((owner) => !withUserId.includes(owner)).map(([path]) => path)).toEqual([]);
  });

  it('a procedure built without a policy is found out', () => {
    const bare = t.router({ declared: t.procedure.meta({ policy: 'public' }).query(() => 1), forgotten: t.procedure.query(() => 2) });
    expect(proceduresOf(bare).map(([path, procedure]) => [path, policyOf(procedure)])).toEqual([
      ['declared', 'public'],
      ['forgotten', undefined],
    ]);
  });
});

describe.each(testDbKinds())('the authorisation matrix of the tRPC procedures on %s', (kind) => {
  let app: TestApp;
  let accounts: MatrixAccounts;
  let writes: () => Promise<Writes>;
  let ownerId: string;

  beforeAll(async () => {
    app = await createTestApp(kind);
    accounts = matrixAccounts(app);
    writes = watchWrites(app);
    ownerId = (await accounts.member()).user!.userId;
  });
  afterAll(async () => {
    await app?.close();
  });

  /**
   * The call's answer as its HTTP status: 200 when it answered, the error's status otherwise. No
   * session token in the context: what is decided rests on the user alone, and logout cannot end
   * the session the next row needs.
   */
  async function statusOf(path: string, user: SessionUser | null, input: unknown): Promise<number> {
    let node: unknown = createCaller(createInnerContext(app.services, { user, requestId: crypto.randomUUID() }));
    for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
    try {
      await (node as (input: unknown) => Promise<unknown>)(input);
      return 200;
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return getHTTPStatusCodeFromError(error);
    }
  }

  it('counts what is written: events, files and jobs (so "wrote nothing" can fail)', async () => {
    const before = await writes();
    await app.account(); // AccountRegistered, whose job sends the confirmation e-mail
    await app.services.files.put({ subjectId: `user-${crypto.randomUUID()}`, kind: 'qr-code', mediaType: 'image/webp', bytes: Buffer.from('matrix') });
    await app.runJobs();
    const after = await writes();
    expect(after.events).toBeGreaterThan(before.events);
    expect(after.files).toBe(before.files + 1);
    expect(after.jobs).toBeGreaterThan(before.jobs);
  });

  it.each(PROCEDURES)('%s answers each caller as its policy says; a refusal writes nothing', async (path, procedure) => {
    const policy = policyOf(procedure)!;
    expect(policy).toBeDefined();
    const input = isOwnerPolicy(policy) ? { userId: ownerId, ...OWNER_INPUTS[path] } : undefined;
    const mismatches: string[] = [];
    for (const caller of await accounts.callersFor(policy)) {
      const expected = expectedAnswer(policy, caller.user, ownerId);
      const before = await writes();
      const status = await statusOf(path, caller.user, input);
      // A 500 is past authorisation too, but a crash all the same.
      const isAnswered = expected === 'allowed' ? ![401, 403, 500].includes(status) : REFUSALS[expected].includes(status);
      if (!isAnswered) mismatches.push(`${caller.label}: expected ${expected}, got ${status}`);
      if (expected !== 'allowed') {
        const after = await writes();
        if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${caller.label}: refused, yet wrote ${JSON.stringify({ before, after })}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
