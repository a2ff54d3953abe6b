import type { AnyMutationProcedure, AnyQueryProcedure, inferProcedureInput, inferRouterInputs, inferRouterOutputs, inferTransformedProcedureOutput, TRPCRouterRecord } from '@trpc/server';
import type { AppRouter } from '@sahay/server/trpc/router';

/**
 * The public pages' few calls (counters, a content page, the contact form) over plain fetch, in
 * tRPC's HTTP format: the tRPC client and React Query stay out of the public pages' byte budget.
 * Member and admin pages use the typed React Query hooks (api/trpc.ts). Errors carry the same
 * `data` (httpStatus, fieldErrors, requestId) as a TRPCClientError, so api/errors.ts reads both.
 */
export type ProcedureInputs = inferRouterInputs<AppRouter>;
export type ProcedureOutputs = inferRouterOutputs<AppRouter>;

type Procedures = AppRouter['_def']['record'];

/** The dotted path of every procedure of `TKind` in a router's record: 'site.content.get'. */
type PathsOf<TRecord, TKind> = {
  [TKey in keyof TRecord & string]: TRecord[TKey] extends TKind ? TKey : TRecord[TKey] extends TRPCRouterRecord ? `${TKey}.${PathsOf<TRecord[TKey], TKind>}` : never;
}[keyof TRecord & string];

/** The procedure at a dotted path. */
type ProcedureAt<TRecord, TPath extends string> = TPath extends `${infer THead}.${infer TRest}`
  ? THead extends keyof TRecord
    ? ProcedureAt<TRecord[THead], TRest>
    : never
  : TPath extends keyof TRecord
    ? TRecord[TPath]
    : never;

/**
 * Calls named by the procedure's path and typed by the AppRouter (types only: nothing more reaches
 * the bundle), so a wrong path, a query sent as a mutation or a wrong input fails the typecheck.
 */
export type QueryPath = PathsOf<Procedures, AnyQueryProcedure>;
export type MutationPath = PathsOf<Procedures, AnyMutationProcedure>;
export type ProcedureInput<TPath extends QueryPath | MutationPath> = inferProcedureInput<ProcedureAt<Procedures, TPath>>;
export type ProcedureOutput<TPath extends QueryPath | MutationPath> = inferTransformedProcedureOutput<AppRouter['_def']['_config']['$types'], ProcedureAt<Procedures, TPath>>;

interface ErrorBody {
  error?: { message?: string; data?: { httpStatus?: number; fieldErrors?: Record<string, string[]> | null; requestId?: string | null } };
}

export class ProcedureError extends Error {
  readonly data: NonNullable<NonNullable<ErrorBody['error']>['data']>;

  constructor(message: string, data: ProcedureError['data']) {
    super(message);
    this.name = 'ProcedureError';
    this.data = data;
  }
}

async function call<T>(path: string, init: RequestInit & { input?: unknown }): Promise<T> {
  const { input, ...request } = init;
  const isQuery = (request.method ?? 'GET') === 'GET';
  const query = isQuery && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const response = await fetch(`/trpc/${path}${query}`, {
    ...request,
    credentials: 'same-origin',
    headers: isQuery ? undefined : { 'Content-Type': 'application/json', 'x-sahay-csrf': '1' },
    // A mutation without input (logout) sends no body, as the tRPC client does.
    body: isQuery || input === undefined ? undefined : JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as { result?: { data: T } } & ErrorBody;
  if (!response.ok || !body.result) {
    // A proxy's error page is not the server's answer: no data, so the page says "check your connection".
    if (!body.error) throw new Error(`HTTP ${response.status}`);
    throw new ProcedureError(body.error.message ?? 'Something went wrong', { httpStatus: response.status, ...body.error.data });
  }
  return body.result.data;
}

export function queryProcedure<TPath extends QueryPath>(path: TPath, input: ProcedureInput<TPath>, signal?: AbortSignal): Promise<ProcedureOutput<TPath>> {
  return call<ProcedureOutput<TPath>>(path, { method: 'GET', input, signal });
}

export function mutateProcedure<TPath extends MutationPath>(path: TPath, input: ProcedureInput<TPath>): Promise<ProcedureOutput<TPath>> {
  return call<ProcedureOutput<TPath>>(path, { method: 'POST', input });
}
