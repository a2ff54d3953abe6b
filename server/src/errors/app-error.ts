/**
 * The one error modules throw. Codes map to tRPC and HTTP in one place (httpStatus below and
 * trpc/error-formatter.ts); modules never import @trpc/server.
 */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override name = 'AppError';
  readonly code: AppErrorCode;
  /** What the person sees; safe to show. The message is for logs. */
  readonly userMessage: string;
  readonly fieldErrors?: FieldErrors;
  /** Seconds until a retry may succeed (429, temporary locks). */
  readonly retryAfterSeconds?: number;

  constructor(
    code: AppErrorCode,
    options: { message?: string; userMessage: string; fieldErrors?: FieldErrors; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(options.message ?? options.userMessage, { cause: options.cause });
    this.code = code;
    this.userMessage = options.userMessage;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get httpStatus(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

export const GENERIC_ERROR_MESSAGE = 'Something went wrong';
