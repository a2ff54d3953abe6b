import express, { type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sahayModules } from '#server/modules/registry';
import type { RestRoute, Services } from '#server/services';
import type { SessionUser } from '#server/shared/access';
import { errorHandler } from './error-handler.ts';
import { ALIAS_AND_NAME, defineRestRoute, restRouters, restRoutesOf } from './rest-route.ts';
import { keyOf, servedRoutesOf, type ServedRoute } from './served-routes.test-helper.ts';

/**
 * The declarations are the only list of REST routes (docs/decisions/051): the routers generated
 * from them serve exactly what they declare, in their order, and enforce the declared policy before
 * a handler runs. The matrix test (rest-authorisation-matrix.int.test.ts) holds the whole app to
 * the same declarations with real accounts and a database.
 */

const noServices = {} as Services;
const json = express.json();

/** What the served routes and the declarations disagree on: served and not declared, declared and not served. */
function disagreements(served: readonly ServedRoute[], declared: readonly RestRoute[]) {
  const servedKeys = served.map(keyOf);
  const declaredKeys = declared.map(keyOf);
  return {
    undeclared: servedKeys.filter((key) => !declaredKeys.includes(key)),
    unserved: declaredKeys.filter((key) => !servedKeys.includes(key)),
  };
}

describe("every module's declarations", () => {
  const routes = restRoutesOf(sahayModules);

  it('are each declared once, and the generated routers serve exactly them, in their order', () => {
    expect(routes.length).toBeGreaterThan(80);
    const keys = routes.map(keyOf);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    const { sessionless, api } = restRouters(routes, noServices, { pages: new Set(), json });
    const served = [...servedRoutesOf(sessionless, '/api'), ...servedRoutesOf(api, '/api')];
    expect(disagreements(served, routes)).toEqual({ undeclared: [], unserved: [] });
    // In the declared order within each router, so a literal path stays before a parameter in its place.
    expect(served.map(keyOf)).toEqual([...routes.filter((route) => route.isSessionless), ...routes.filter((route) => !route.isSessionless)].map(keyOf));
    expect(keys.indexOf('GET /api/users/profile/{id}')).toBeLessThan(keys.indexOf('GET /api/users/{id}'));
  });

  it('declare the parameters of their paths, each by the name the path gives it', () => {
    const declaredNames = (route: RestRoute) => Object.keys((route.params as z.ZodObject | undefined)?.shape ?? {}).sort();
    const pathNames = (route: RestRoute) => [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!).sort();
    // The audit's {streamId} is read as a string of its own, so that a refusal names no field (as before).
    const readApart = ['POST /api/admin/audit/{streamId}/bundle', 'GET /api/admin/audit/{streamId}'];
    const differing = routes.filter((route) => !readApart.includes(keyOf(route)) && declaredNames(route).join() !== pathNames(route).join());
    expect(differing.map(keyOf)).toEqual([]);
  });

  it('name the members an owner route acts on as {id}, and give the refusal another member gets', () => {
    const owners = routes.filter((route) => route.auth === 'owner' || (typeof route.auth === 'object' && 'ownerOr' in route.auth));
    expect(owners.length).toBeGreaterThan(5);
    expect(owners.filter((route) => !route.path.includes('{id}') || !route.notYours).map(keyOf)).toEqual([]);
  });
});

describe('the check that the served routes are the declared ones', () => {
  const declared = [
    defineRestRoute({ method: 'get', path: '/api/things', summary: 'Things', auth: 'public', status: 200, errors: [], handler: async ({ res }) => void res.json([]) }),
    defineRestRoute({ method: 'post', path: '/api/things/{thingId}', summary: 'A thing', auth: 'public', status: 200, errors: [], handler: async ({ res }) => void res.json({}) }),
  ];

  it('finds a route a router serves without a declaration', () => {
    const { api } = restRouters(declared, noServices, { pages: new Set(), json });
    api.get('/things/secret', (_req, res) => void res.json({}));
    expect(disagreements(servedRoutesOf(api, '/api'), declared)).toEqual({ undeclared: ['GET /api/things/secret'], unserved: [] });
  });

  it('finds a declaration that says another method or path than the one served', () => {
    const { api } = restRouters(declared, noServices, { pages: new Set(), json });
    const saysPut = [declared[0]!, { ...declared[1]!, method: 'put' as const }];
    expect(disagreements(servedRoutesOf(api, '/api'), saysPut)).toEqual({ undeclared: ['POST /api/things/{thingId}'], unserved: ['PUT /api/things/{thingId}'] });
  });
});

const member: SessionUser = { userId: 'SAHAY0000001', fullName: 'A Member', role: 'member', permissions: [], twoFactorSetupRequired: false };
const otherMember: SessionUser = { ...member, userId: 'SAHAY0000002' };
const membersAdmin: SessionUser = { userId: 'SAHAY0000003', fullName: 'A Members Admin', role: 'admin', permissions: ['members'], twoFactorSetupRequired: false };
const financeAdmin: SessionUser = { ...membersAdmin, userId: 'SAHAY0000004', permissions: ['finance'] };
const CALLERS: Record<string, SessionUser> = { member, otherMember, membersAdmin, financeAdmin };

/** An app serving `routes` as app.ts does, with the caller named by the X-Test-Caller header. */
function appOf(routes: readonly RestRoute[]): Express {
  const app = express();
  const callerFromHeader: RequestHandler = (req, res, next) => {
    res.locals.user = CALLERS[req.get('x-test-caller') ?? ''] ?? null;
    next();
  };
  const { api } = restRouters(routes, noServices, { pages: new Set(), json });
  app.use('/api', json, callerFromHeader, api);
  app.use(errorHandler);
  return app;
}

describe("a declaration's policy, enforced by the generated router before the handler runs", () => {
  it("refuses a 'finance' route to a visitor (401), a member and a members-only admin (403), and the handler does nothing", async () => {
    const handler = vi.fn(async ({ res }: { res: express.Response }) => void res.status(201).json({ ok: true }));
    const app = appOf([defineRestRoute({ method: 'post', path: '/api/ledger', summary: 'Write (permission: finance)', auth: { admin: ['finance'] }, request: z.strictObject({}), status: 201, errors: [400, 401, 403], handler })]);
    const statusOf = async (caller?: string) => (await request(app).post('/api/ledger').set('X-Test-Caller', caller ?? '').send({})).status;
    expect([await statusOf(), await statusOf('member'), await statusOf('membersAdmin')]).toEqual([401, 403, 403]);
    expect(handler).not.toHaveBeenCalled();
    expect(await statusOf('financeAdmin')).toBe(201);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("holds an owner route to its member's {id}, with the route's own refusal; ownerOr lets the permission's admin in", async () => {
    const seen: string[] = [];
    const app = appOf([
      defineRestRoute({
        method: 'get',
        path: '/api/members/{id}/things',
        summary: 'Own things',
        auth: { ownerOr: 'members' },
        notYours: 'Only your own things.',
        status: 200,
        errors: [400, 401, 403],
        handler: async ({ res, user }) => {
          seen.push(user.userId);
          res.json({ ok: true });
        },
      }),
    ]);
    const call = (caller: string, id: string) => request(app).get(`/api/members/${id}/things`).set('X-Test-Caller', caller);
    expect((await call('member', member.userId.toLowerCase())).status).toBe(200);
    const refused = await call('otherMember', member.userId);
    expect([refused.status, refused.body.message]).toEqual([403, 'Only your own things.']);
    expect((await call('financeAdmin', member.userId)).status).toBe(403);
    expect((await call('membersAdmin', member.userId)).status).toBe(200);
    expect((await call('member', 'not an id!')).status).toBe(400);
    expect(seen).toEqual([member.userId, membersAdmin.userId]);
  });

  it('reads a body under the original site\'s names, refuses a field under both, and answers errors under the name sent', async () => {
    const app = appOf([
      defineRestRoute({
        method: 'put',
        path: '/api/profile',
        summary: 'Save',
        auth: 'signed-in',
        request: z.strictObject({ ifsc: z.string().length(11, 'Eleven characters'), phone: z.string().optional() }),
        aliases: { ifscCode: 'ifsc' },
        status: 200,
        errors: [400, 401],
        handler: async ({ res, body }) => void res.json(body()),
      }),
    ]);
    const put = (sent: object) => request(app).put('/api/profile').set('X-Test-Caller', 'member').send(sent);
    expect((await put({ ifscCode: 'SBIN0000001' })).body).toEqual({ ifsc: 'SBIN0000001' });
    expect((await put({ ifscCode: 'short' })).body.fieldErrors).toEqual({ ifscCode: ['Eleven characters'] });
    expect((await put({ ifscCode: 'SBIN0000001', ifsc: 'SBIN0000001' })).body.fieldErrors).toEqual({ ifsc: [ALIAS_AND_NAME], ifscCode: [ALIAS_AND_NAME] });
  });

  it('serves a sessionless route only if it is public', () => {
    const sessionlessAdmin = defineRestRoute({ method: 'post', path: '/api/beacon', summary: 'x', isSessionless: true, auth: 'any-admin', status: 204, errors: [], handler: async ({ res }) => void res.end() });
    expect(() => restRouters([sessionlessAdmin], noServices, { pages: new Set(), json })).toThrow(/can only be public/);
  });
});
