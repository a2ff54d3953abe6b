import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { AppError, GENERIC_ERROR_MESSAGE } from '#server/errors/app-error';
import { BODY_NOT_DECODABLE, BODY_UNREADABLE, errorHandler, type ErrorResponse } from './error-handler.ts';

/** What errorHandler answered: status, headers set, JSON body, and what it logged. */
function answer(error: unknown) {
  const logged: string[] = [];
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const log = pino({ level: 'warn' }, { write: (line: string) => logged.push((JSON.parse(line) as { level: number }).level >= 50 ? 'error' : 'warn') });
  const res: ErrorResponse = {
    set(name, value) {
      sent.headers[name] = value;
    },
    status(code) {
      sent.status = code;
      return {
        json(body) {
          sent.body = body;
        },
      };
    },
  };
  errorHandler(error, { id: 'req-1', log }, res, () => {});
  return { ...sent, logged };
}

describe('errorHandler', () => {
  it('answers a 503 the code chose (busy) with its message and Retry-After, as a 429', () => {
    const busy = answer(new AppError('SERVICE_UNAVAILABLE', { userMessage: 'Busy, try again shortly.', retryAfterSeconds: 30 }));
    expect(busy).toEqual({ status: 503, headers: { 'Retry-After': '30' }, body: { message: 'Busy, try again shortly.', requestId: 'req-1' }, logged: ['warn'] });
    const limited = answer(new AppError('TOO_MANY_REQUESTS', { userMessage: 'Too many.', retryAfterSeconds: 60 }));
    expect([limited.status, limited.headers]).toEqual([429, { 'Retry-After': '60' }]);
  });

  it('hides the text of the server\'s own failures', () => {
    expect(answer(new Error('secret stack detail'))).toEqual({ status: 500, headers: {}, body: { message: GENERIC_ERROR_MESSAGE, requestId: 'req-1' }, logged: ['error'] });
    expect(answer(new AppError('INTERNAL_SERVER_ERROR', { userMessage: 'internal detail' })).body).toEqual({ message: GENERIC_ERROR_MESSAGE, requestId: 'req-1' });
  });

  it('turns the body parser\'s refusals into 400s: undecodable bodies, aborted ones, anything 4xx it reports', () => {
    const zlibError = Object.assign(new Error('incorrect header check'), { errno: -3, code: 'Z_DATA_ERROR', status: 400 });
    expect(answer(zlibError).body).toEqual({ message: BODY_NOT_DECODABLE, requestId: 'req-1' });
    const aborted = Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400 });
    expect([answer(aborted).status, answer(aborted).body]).toEqual([400, { message: BODY_UNREADABLE, requestId: 'req-1' }]);
    // A 5xx from it stays a 500.
    expect(answer(Object.assign(new Error('boom'), { status: 502 })).status).toBe(500);
  });
});
