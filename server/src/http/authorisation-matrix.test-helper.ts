import { vi } from 'vitest';
import { PERMISSIONS, resolveSession, type Permission, type SessionUser } from '#server/modules/identity/identity.api';
import type { TestApp } from '#server/testing/test-services';
import type { AccessPolicy } from './access-policy.ts';

/**
 * The authorisation matrix (issue 12) shared by the tRPC and the REST test: the callers every
 * procedure and route is tried with, what its declared AccessPolicy says each must get, and a count
 * of what a call wrote, so a refusal can be shown to have written nothing.
 */

export interface MatrixCaller {
  /** How the test names it: visitor, member, other member, admin lacking the permission, right admin. */
  label: string;
  /** Null for the visitor. */
  user: SessionUser | null;
  /** The bearer token, for REST. */
  token: string | null;
}

/** What a caller must get from a procedure or route. */
export type Expected =
  | 'allowed'
  /** 401. */
  | 'not-signed-in'
  /** 403. */
  | 'forbidden'
  /** An owner route named another member's ID: 403 or 404, as the route documents. */
  | 'not-yours';

/** The permissions a policy names (the ones that let an admin in). */
export function namedPermissions(policy: AccessPolicy): readonly Permission[] {
  if (typeof policy === 'string') return [];
  return 'admin' in policy ? policy.admin : [policy.ownerOr];
}

export function isOwnerPolicy(policy: AccessPolicy): boolean {
  return policy === 'owner' || (typeof policy === 'object' && 'ownerOr' in policy);
}

/**
 * What the policy lets `caller` do; for owner policies the call names `ownerId` (the first
 * member), and only that member or an admin holding the named permission is let in.
 */
export function expectedAnswer(policy: AccessPolicy, caller: SessionUser | null, ownerId: string): Expected {
  if (policy === 'public') return 'allowed';
  if (!caller) return 'not-signed-in';
  const isAdmin = caller.role === 'admin';
  const holdsNamed = namedPermissions(policy).some((permission) => isAdmin && caller.permissions.includes(permission));
  if (policy === 'signed-in') return 'allowed';
  if (policy === 'any-admin') return isAdmin ? 'allowed' : 'forbidden';
  if (isOwnerPolicy(policy)) return caller.userId === ownerId || holdsNamed ? 'allowed' : 'not-yours';
  return holdsNamed ? 'allowed' : 'forbidden';
}

export interface MatrixAccounts {
  /** The five kinds of caller for a policy: an admin holding exactly each named permission is a "right admin". */
  callersFor(policy: AccessPolicy): Promise<MatrixCaller[]>;
  /** The first member: owner routes are called on this member's ID. */
  member(): Promise<MatrixCaller>;
}

/** Accounts made once per permission set and reused by every row of the matrix. */
export function matrixAccounts(app: TestApp): MatrixAccounts {
  const made = new Map<string, Promise<Omit<MatrixCaller, 'label'>>>();
  const accountOf = async (key: string, label: string, make: () => ReturnType<TestApp['account']>): Promise<MatrixCaller> => {
    let account = made.get(key);
    if (!account) {
      account = make().then(async ({ token }) => ({ token, user: await resolveSession(app.services.db, token, app.services.now()) }));
      made.set(key, account);
    }
    return { label, ...(await account) };
  };
  const member = () => accountOf('member', 'member', () => app.account({ fullName: 'Matrix Member' }));
  const otherMember = () => accountOf('other-member', 'other member', () => app.account({ fullName: 'Matrix Other Member' }));
  const admin = (permissions: readonly Permission[], label: string) =>
    accountOf(`admin:${[...permissions].sort().join(',')}`, `${label} [${permissions.join(', ') || 'no permission'}]`, () =>
      app.account({ role: 'admin', permissions: [...permissions], fullName: 'Matrix Admin' }),
    );

  return {
    member,
    async callersFor(policy) {
      const named = namedPermissions(policy);
      const lacking = PERMISSIONS.filter((permission) => !named.includes(permission));
      // With no permission named, one admin holds none and the other holds them all.
      const right = named.length > 0 ? named.map((permission) => [permission]) : [[]];
      return Promise.all([
        { label: 'visitor', user: null, token: null },
        member(),
        otherMember(),
        admin(lacking, named.length > 0 ? 'admin lacking the permission' : 'admin'),
        ...right.map((permissions) => admin(permissions, named.length > 0 ? 'right admin' : 'admin')),
      ]);
    },
  };
}

export interface Writes {
  events: number;
  files: number;
  jobs: number;
}

/**
 * Counts what calls write: events, stored files (every file has its row in `files`, whichever the
 * storage), and jobs handed to the queue. Jobs reach the queue only by `enqueue` (the relay, from
 * events) and `retry` (an admin's); tests run the relay only when they ask, so a call's jobs are
 * exactly those two calls made while it ran.
 */
export function watchWrites(app: TestApp): () => Promise<Writes> {
  const enqueued = vi.spyOn(app.services.queue, 'enqueue');
  const retried = vi.spyOn(app.services.queue, 'retry');
  return async () => {
    const { rows } = await app.services.db.query<{ events: number; files: number }>(
      `SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM files)::int AS files`,
    );
    const jobs = enqueued.mock.calls.reduce((count, [batch]) => count + batch.length, 0) + retried.mock.calls.length;
    return { ...rows[0]!, jobs };
  };
}
