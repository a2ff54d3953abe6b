import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import type { TContentPage, ZGetContentRequestSchema } from '@sahay/server/modules/site/content/content.schema';
import { mutateProcedure, queryProcedure, type MutationPath, type ProcedureInput, type ProcedureOutput, type QueryPath } from './procedure-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answering(body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ result: { data: body } }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('calls named by procedure path (issue 30)', () => {
  it('sends a query to its path with its input, and a mutation as a POST', async () => {
    const fetch = answering({ ok: true });
    await queryProcedure('site.content.get', { slug: 'about' });
    await mutateProcedure('identity.logout', undefined);
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      [`/trpc/site.content.get?input=${encodeURIComponent('{"slug":"about"}')}`, 'GET'],
      ['/trpc/identity.logout', 'POST'],
    ]);
  });

  it("types each call by the AppRouter: the procedure's input and answer, queries and mutations apart", () => {
    expectTypeOf<ProcedureInput<'site.content.get'>>().toEqualTypeOf<z.input<typeof ZGetContentRequestSchema>>();
    expectTypeOf<ProcedureOutput<'site.content.get'>>().toEqualTypeOf<TContentPage>();
    expectTypeOf<'site.content.get'>().toExtend<QueryPath>();
    expectTypeOf<'site.contact.create'>().toExtend<MutationPath>();
    expectTypeOf<'site.contact.create'>().not.toExtend<QueryPath>();
    expectTypeOf<'site.content'>().not.toExtend<QueryPath | MutationPath>();
  });

  it('fails the typecheck for a wrong path, a mutation called as a query, or a wrong input', () => {
    // Never run: each line must stay a type error (npm run typecheck fails on an unused @ts-expect-error).
    const wrongCalls = () => [
      // @ts-expect-error: no such procedure
      queryProcedure('site.content.nothing', undefined),
      // @ts-expect-error: a mutation, not a query
      queryProcedure('site.contact.create', { name: 'A', email: 'a@example.org', message: 'Hello' }),
      // @ts-expect-error: the content page is asked for by its slug
      queryProcedure('site.content.get', { page: 1 }),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });
});
