import { Readable } from 'node:stream';
import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { createURL, internal_exceptionHandler } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler, type ResponseMetaFn } from '@trpc/server/http';
import type { NextFunction, Request, Response } from 'express';

/**
 * tRPC behind Express, as @trpc/server/adapters/express serves it, less two costs that every request
 * paid there (bench/load's dashboard; docs/decisions/038):
 * - its request signal was aborted when every response closed, finished or not: an AbortError
 *   (a DOMException with its stack) made per request. Here it aborts only when the client went
 *   away before the answer was complete, which is what the signal is for;
 * - a whole JSON answer was piped through a WritableStream chunk by chunk. Here an answer that is
 *   one JSON body is written with one end(); a streamed one (application/jsonl batches,
 *   subscriptions) is still written chunk by chunk as it comes, with back-pressure.
 * Paths, batching, errors and the response's meta are tRPC's own (resolveResponse).
 */
export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  createContext(opts: { req: Request; res: Response }): Promise<inferRouterContext<TRouter>> | inferRouterContext<TRouter>;
  maxBatchSize?: number;
  responseMeta?: ResponseMetaFn<TRouter>;
  onError?: (opts: Parameters<HTTPErrorHandler<TRouter, Request>>[0]) => void;
}

export function trpcHandler<TRouter extends AnyTRPCRouter>(options: TrpcHandlerOptions<TRouter>) {
  return (req: Request, res: Response, _next: NextFunction): void => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    handle(options, req, res, path).catch(
      internal_exceptionHandler({ router: options.router, req, res, path, onError: options.onError, createContext: options.createContext }),
    );
  };
}

async function handle<TRouter extends AnyTRPCRouter>(options: TrpcHandlerOptions<TRouter>, req: Request, res: Response, path: string): Promise<void> {
  const ac = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) ac.abort();
  });
  const request = new Request(createURL(req), {
    method: req.method,
    headers: headersOf(req),
    signal: ac.signal,
    ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: bodyOf(req), duplex: 'half' }),
  });
  const response = await resolveResponse({
    router: options.router,
    req: request,
    path,
    error: null,
    maxBatchSize: options.maxBatchSize,
    responseMeta: options.responseMeta,
    createContext: async () => options.createContext({ req, res }),
    onError: options.onError ? (error) => options.onError!({ ...error, req }) : undefined,
  });
  if (res.statusCode === 200) res.statusCode = response.status;
  for (const [key, value] of response.headers) if (key !== 'set-cookie') res.setHeader(key, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (!isStreamed(response)) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || ac.signal.aborted) break;
      if (!res.write(value)) await drained(res);
      (res as Response & { flush?: () => void }).flush?.();
    }
  } finally {
    await reader.cancel().catch(() => {});
    res.end();
  }
}

/** tRPC's streams (jsonl batches, server-sent events) say so; every other answer is one body. */
function isStreamed(response: globalThis.Response): boolean {
  return response.headers.has('transfer-encoding') || response.headers.get('content-type')?.startsWith('text/event-stream') === true;
}

function drained(res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      res.off('drain', done);
      res.off('close', done);
      res.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    res.on('drain', done);
    res.on('close', done);
    res.on('error', done);
  });
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    // Node joins repeated request headers already; only a repeated set-cookie stays a list.
    if (!key.startsWith(':') && value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The body express.json has parsed, again as JSON (as tRPC's adapter does), or the raw stream. */
function bodyOf(req: Request): BodyInit | undefined {
  if (req.body === undefined) return req.readableEnded ? undefined : (Readable.toWeb(req) as ReadableStream<Uint8Array>);
  return typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
}
