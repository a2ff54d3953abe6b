/**
 * Reading errors from the server without importing tRPC's runtime: a TRPCClientError that reached
 * the server carries `data` ({ httpStatus, fieldErrors, requestId }) and a user-facing message.
 */
export type FieldErrors = Record<string, string[] | undefined>;

interface ServerErrorData {
  httpStatus?: number;
  fieldErrors?: FieldErrors | null;
  requestId?: string | null;
}

function dataOf(error: unknown): ServerErrorData | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as ServerErrorData) : undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  return dataOf(error)?.httpStatus;
}

/** The server's own message, or undefined when the request never got an answer (offline, timeout). */
export function serverMessageOf(error: unknown): string | undefined {
  if (!dataOf(error) || !(error instanceof Error) || !error.message) return undefined;
  return error.message;
}

export function fieldErrorsOf(error: unknown): FieldErrors {
  return dataOf(error)?.fieldErrors ?? {};
}

export function requestIdOf(error: unknown): string | undefined {
  return dataOf(error)?.requestId ?? undefined;
}
