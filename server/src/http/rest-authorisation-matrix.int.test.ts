import crypto from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKinds } from '#server/testing/test-db';
import { createTestApp, type TestApp } from '#server/testing/test-services';
import type { AccessPolicy } from './access-policy.ts';
import { expectedAnswer, matrixAccounts, watchWrites, type Expected, type MatrixAccounts, type Writes } from './authorisation-matrix.test-helper.ts';
import { sahayModules } from '#server/modules/registry';
import { restRoutesOf } from './rest-route.ts';
import { keyOf, servedApiRoutes, type ServedRoute } from './served-routes.test-helper.ts';

/**
 * Issue 12: every route the Express app serves under /api, found in the app itself, is declared by
 * its module (defineRestRoute, docs/decisions/051) with its policy (`auth`, see AccessPolicy), and is called as a visitor, a
 * member, another member, an admin lacking the permission and the right admin. Each must get what
 * the policy says, as a status the route documents; a refusal must write nothing (no event, no
 * file, no job). Owner routes are called on the first member's `{id}`. A body carries one unknown
 * field, so an allowed POST or PUT stops at a 400 and changes nothing (logout keeps the token the
 * next row needs); for an allowed caller any answer but 401 or 403 will do.
 */

interface MatrixRow extends ServedRoute {
  auth: AccessPolicy;
  /** The statuses the document lists; none for the documentation's own pages. */
  errors?: readonly number[];
}

/** The documentation's own pages: public, and not among the operations they document. */
const DOCUMENTATION_PAGES: readonly MatrixRow[] = [
  { method: 'get', path: '/api/docs', auth: 'public' },
  { method: 'get', path: '/api/docs/openapi.json', auth: 'public' },
];

/** Every module's declared routes, from the manifests: nothing here lists a route by hand. */
const REST_ROUTES = restRoutesOf(sahayModules);

/** Every route the matrix tries; the test below shows they are exactly the routes the app serves. */
const ROWS: readonly MatrixRow[] = [...REST_ROUTES, ...DOCUMENTATION_PAGES];

/** The statuses each refusal may take. */
const REFUSALS: Readonly<Record<Exclude<Expected, 'allowed'>, readonly number[]>> = { 'not-signed-in': [401], forbidden: [403], 'not-yours': [403, 404] };

describe('every documented REST route', () => {
  it('names a member by `{id}` as an owner route, never as a signed-in one (which acts on the caller\'s own records)', () => {
    const signedIn = REST_ROUTES.filter((endpoint) => endpoint.auth === 'signed-in');
    expect(signedIn.length).toBeGreaterThan(0);
    expect(signedIn.filter((endpoint) => endpoint.path.includes('{id}')).map(keyOf)).toEqual([]);
  });

  it('says in its summary the permissions its policy names, as "(permission: a or b)", and only an admin route says so', () => {
    const said = (summary: string) => /\(permission: ([a-z ]+)\)/.exec(summary)?.[1]?.split(' or ') ?? [];
    const admins = REST_ROUTES.filter((endpoint) => typeof endpoint.auth === 'object' && 'admin' in endpoint.auth);
    expect(admins.length).toBeGreaterThan(10);
    const differing = REST_ROUTES.filter((endpoint) => {
      const named = typeof endpoint.auth === 'object' && 'admin' in endpoint.auth ? endpoint.auth.admin : [];
      return said(endpoint.summary).join() !== named.join();
    });
    expect(differing.map(keyOf)).toEqual([]);
  });
});

describe.each(testDbKinds())('the authorisation matrix of the REST routes on %s', (kind) => {
  let app: TestApp;
  let http: Express;
  let accounts: MatrixAccounts;
  let writes: () => Promise<Writes>;
  let ownerId: string;
  let routes: ServedRoute[];

  beforeAll(async () => {
    app = await createTestApp(kind);
    http = app.http();
    accounts = matrixAccounts(app);
    writes = watchWrites(app);
    ownerId = (await accounts.member()).user!.userId;
    routes = servedApiRoutes(http);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('finds every route the app serves under /api (the walk is not vacuous)', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(keyOf)).toEqual(expect.arrayContaining(['GET /api/users/{id}', 'POST /api/admin/donations/{reference}/verify', 'POST /api/vitals']));
  });

  it('documents each route with its policy, and serves each documented one', () => {
    const served = new Set(routes.map(keyOf));
    const documented = new Set(ROWS.map(keyOf));
    expect(routes.map(keyOf).filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !served.has(key))).toEqual([]);
    expect(documented.size).toBe(ROWS.length);
  });

  /** A value for each path parameter: the first member for `{id}`, well-formed samples otherwise. */
  function pathFor(route: ServedRoute): string {
    const samples: Record<string, string> = { id: ownerId, regNo: 'KNYDN1234567', reference: 'ABCD2345', kind: 'photo', uploadId: crypto.randomUUID(), index: '1', requestId: 'ABCD2345', giftId: crypto.randomUUID(), streamId: 'donation-ABCD2345', userId: ownerId, checkId: crypto.randomUUID(), bundleId: crypto.randomUUID(), invitationId: crypto.randomBytes(16).toString('base64url'), version: '1' };
    return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!(name in samples)) throw new Error(`No sample for the path parameter {${name}} of ${keyOf(route)}`);
      return samples[name]!;
    });
  }

  async function statusOf(route: ServedRoute, token: string | null): Promise<number> {
    const call = request(http)[route.method as 'get' | 'post' | 'put'](pathFor(route));
    if (token) call.set('Authorization', `Bearer ${token}`);
    const response = route.method === 'get' ? await call : await call.send({ authorisationMatrix: true });
    return response.status;
  }

  it.each(ROWS)('$method $path answers each caller as its policy says, with a documented status; a refusal writes nothing', async (row) => {
    const mismatches: string[] = [];
    for (const caller of await accounts.callersFor(row.auth)) {
      const expected = expectedAnswer(row.auth, caller.user, ownerId);
      const before = await writes();
      const status = await statusOf(row, caller.token);
      // A 500 is past authorisation too, but a crash all the same.
      if (expected === 'allowed') {
        if ([401, 403, 500].includes(status)) mismatches.push(`${caller.label}: expected allowed, got ${status}`);
        continue;
      }
      if (!REFUSALS[expected].includes(status)) mismatches.push(`${caller.label}: expected ${expected}, got ${status}`);
      else if (row.errors && !row.errors.includes(status)) mismatches.push(`${caller.label}: refused with ${status}, which the route does not document`);
      const after = await writes();
      if (JSON.stringify(after) !== JSON.stringify(before)) mismatches.push(`${caller.label}: refused, yet wrote ${JSON.stringify({ before, after })}`);
    }
    expect(mismatches).toEqual([]);
  });
});
