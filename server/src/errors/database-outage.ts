import { AppError } from './app-error.ts';

export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a minute.';
/** Seconds a client is asked to wait: PostgreSQL restarts in a few seconds, and the pool reconnects by itself. */
const RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs of a database that cannot be reached or is going away: connection exceptions (class
 * 08), admin shutdown, crash shutdown and "cannot connect now" (57P01–57P03), too many connections.
 */
const OUTAGE_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** What pg says when a connection ends or cannot be used, without a SQLSTATE. */
const OUTAGE_MESSAGES = /Connection terminated|is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout/i;
/** The socket's own failures, when PostgreSQL is not there at all. */
const OUTAGE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

function isOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (OUTAGE_STATES.test(code) || OUTAGE_ERRNOS.has(code))) return true;
  if (typeof message === 'string' && OUTAGE_MESSAGES.test(message)) return true;
  // Node's connection attempts to several addresses fail together as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isOutage(inner, depth + 1))) return true;
  return isOutage(cause, depth + 1);
}

/**
 * A failure because the database is down or restarting, as a 503 with Retry-After and a message a
 * person understands — never a 500: nothing is wrong with the request, and the same request will
 * succeed once PostgreSQL is back (the pool reconnects by itself). The message does not say that
 * nothing was saved: a connection lost while COMMIT was under way leaves that unknown. Null for any
 * other error.
 */
export function fromDatabaseOutage(error: unknown): AppError | null {
  if (error instanceof AppError || !isOutage(error)) return null;
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('SERVICE_UNAVAILABLE', { userMessage: DATABASE_UNAVAILABLE, message: `database unavailable: ${reason}`, retryAfterSeconds: RETRY_AFTER_SECONDS, cause: error });
}
