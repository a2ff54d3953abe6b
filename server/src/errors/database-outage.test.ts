import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { DATABASE_UNAVAILABLE, fromDatabaseOutage } from './database-outage.ts';

/** An error as pg gives it: a message and, from the server, a SQLSTATE code. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('fromDatabaseOutage', () => {
  it.each([
    ['PostgreSQL not listening', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['every address refused', Object.assign(new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''), {})],
    ['an administrator shut it down', pgError('terminating connection due to administrator command', '57P01')],
    ['it is starting up', pgError('the database system is starting up', '57P03')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['a connection exception', pgError('connection failure', '08006')],
    ['a connection that ended', pgError('Connection terminated unexpectedly')],
    ['a client that cannot be used', pgError('Client has encountered a connection error and is not queryable')],
    ['wrapped by the code that met it', new Error('could not append', { cause: pgError('Connection terminated unexpectedly') })],
  ])('is a 503 to try again in a few seconds: %s', (_what, error) => {
    const refusal = fromDatabaseOutage(error);
    expect(refusal).toBeInstanceOf(AppError);
    expect([refusal!.httpStatus, refusal!.userMessage, refusal!.retryAfterSeconds]).toEqual([503, DATABASE_UNAVAILABLE, 5]);
    expect(refusal!.cause).toBe(error);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a constraint the code did not expect', pgError('duplicate key value violates unique constraint "events_pkey"', '23505')],
    ['a syntax error', pgError('syntax error at or near "SELEC"', '42601')],
    ['a refusal already decided', new AppError('CONFLICT', { userMessage: 'Taken' })],
    ['nothing', undefined],
  ])('leaves anything else alone: %s', (_what, error) => {
    expect(fromDatabaseOutage(error)).toBeNull();
  });
});
