import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { initTRPC, TRPCError } from '@trpc/server';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcHandler } from './express-handler.ts';

/** A router of its own: the adapter is tested apart from Sahay's procedures. */
const t = initTRPC.context<{ seen: AbortSignal[] }>().create();
let release: (() => void) | undefined;
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() })).query(({ input }) => ({ greeting: `Namaste, ${input.name}` })),
  remember: t.procedure.mutation(({ ctx, signal }) => {
    ctx.seen.push(signal!);
    return { ok: true };
  }),
  slow: t.procedure.query(async ({ ctx, signal }) => {
    ctx.seen.push(signal!);
    await new Promise<void>((resolve) => {
      release = resolve;
      signal!.addEventListener('abort', () => resolve());
    });
    return 'late';
  }),
  refuse: t.procedure.query(() => {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Please wait.' });
  }),
  broken: t.procedure.query(() => {
    throw new Error('a bug');
  }),
  cookie: t.procedure.mutation(({ ctx }) => {
    ctx.seen.length = 0;
    return 'set';
  }),
});

describe('the tRPC Express handler', () => {
  const seen: AbortSignal[] = [];
  const failures: { code: string; path: string | undefined; url: string }[] = [];
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(
      '/trpc',
      express.json(),
      trpcHandler({
        router,
        createContext: () => ({ seen }),
        maxBatchSize: 3,
        onError: ({ error, path, req }) => failures.push({ code: error.code, path, url: req.originalUrl }),
        responseMeta: ({ errors, paths }) => {
          const headers = new Headers();
          if (errors.some((error) => error.code === 'TOO_MANY_REQUESTS')) headers.set('Retry-After', '30');
          if (paths?.includes('cookie')) {
            headers.append('Set-Cookie', 'a=1; Path=/');
            headers.append('Set-Cookie', 'b=2; Path=/');
          }
          return { headers };
        },
      }),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a query and a batch with one JSON body each, with a length', async () => {
    const one = await fetch(`${base}/hello?input=${encodeURIComponent(JSON.stringify({ name: 'Asha' }))}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/json');
    expect(one.headers.get('content-length')).not.toBeNull();
    expect(await one.json()).toEqual({ result: { data: { greeting: 'Namaste, Asha' } } });

    const batch = await fetch(`${base}/hello,hello?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { name: 'A' }, 1: { name: 'B' } }))}`);
    expect(await batch.json()).toEqual([{ result: { data: { greeting: 'Namaste, A' } } }, { result: { data: { greeting: 'Namaste, B' } } }]);
  });

  it('takes a mutation’s JSON body, and leaves a finished request’s signal un-aborted', async () => {
    seen.length = 0;
    const response = await fetch(`${base}/remember`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(await response.json()).toEqual({ result: { data: { ok: true } } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.aborted).toBe(false);
  });

  it('aborts the signal when the client goes away before the answer', async () => {
    seen.length = 0;
    const client = new AbortController();
    const request = fetch(`${base}/slow`, { signal: client.signal }).catch((error: unknown) => error);
    for (let waited = 0; seen.length === 0 && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toHaveLength(1);
    client.abort();
    await request;
    for (let waited = 0; !seen[0]!.aborted && waited < 2_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen[0]!.aborted).toBe(true);
    release?.();
  });

  it('answers errors in tRPC’s shape with the status and the response meta’s headers, every Set-Cookie kept', async () => {
    const refused = await fetch(`${base}/refuse`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ error: { message: 'Please wait.', data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } });

    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { data: { code: 'NOT_FOUND' } } });

    const tooMany = await fetch(`${base}/hello,hello,hello,hello?batch=1&input={}`);
    expect(tooMany.status).toBe(400);

    const cookie = await fetch(`${base}/cookie`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(cookie.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('tells onError of a failure, with the Express request, and answers 500', async () => {
    failures.length = 0;
    const response = await fetch(`${base}/broken`);
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toContain('INTERNAL_SERVER_ERROR');
    expect(failures).toEqual([{ code: 'INTERNAL_SERVER_ERROR', path: 'broken', url: '/trpc/broken' }]);
  });

  it('streams a batch asked for as jsonl, chunk by chunk', async () => {
    const response = await fetch(`${base}/hello,hello?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { name: 'A' }, 1: { name: 'B' } }))}`, {
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    const text = await response.text();
    expect(text).toContain('Namaste, A');
    expect(text).toContain('Namaste, B');
  });

  it('reads a body express.json did not parse (not JSON) as tRPC does: a clear 4xx, not a 500', async () => {
    const response = await fetch(`${base}/remember`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});
