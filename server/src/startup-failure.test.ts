import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { startupFailureMessage } from './startup-failure.ts';

/** Issue 36: the errors of a start that cannot reach what the configuration names, as one line each. */
describe('startupFailureMessage', () => {
  const config = loadConfig({ HOST: '10.9.9.9', PORT: '3000', DATABASE_URL: 'postgres://app:p%40ss-word@db.internal:6543/sahay', REDIS_URL: 'redis://:redis-secret@localhost' });
  const error = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.code)), fields);

  it('names DATABASE_URL or REDIS_URL by the port refused, never their passwords', () => {
    const database = startupFailureMessage(error({ code: 'ECONNREFUSED', syscall: 'connect', address: '10.0.0.5', port: 6543 }), config);
    expect(database).toBe('DATABASE_URL: nothing answers at db.internal:6543 (ECONNREFUSED), where PostgreSQL should be. Start PostgreSQL there, correct DATABASE_URL, or unset it to use the embedded database.');
    // localhost resolves to ::1 and 127.0.0.1: Node reports both in an AggregateError.
    const both = new AggregateError([error({ code: 'ECONNREFUSED', syscall: 'connect', address: '::1', port: 6379 }), error({ code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 6379 })]);
    expect(startupFailureMessage(both, config)).toMatch(/^REDIS_URL: nothing answers at localhost:6379 \(ECONNREFUSED\), where Redis should be\./);
    for (const line of [database, startupFailureMessage(both, config)]) expect(line).not.toMatch(/p%40ss|redis-secret/);
  });

  it('names HOST or PORT for what listening refused', () => {
    expect(startupFailureMessage(error({ code: 'EADDRNOTAVAIL', syscall: 'listen', address: '10.9.9.9', port: 3000 }), config)).toMatch(/^HOST: 10\.9\.9\.9 is not an address of this machine/);
    expect(startupFailureMessage(error({ code: 'EADDRINUSE', syscall: 'listen', address: '10.9.9.9', port: 3000 }), config)).toMatch(/^PORT: port 3000 is already in use on 10\.9\.9\.9.*PORT=3001 npm start\.$/);
    expect(startupFailureMessage(error({ code: 'EACCES', syscall: 'listen', port: 3000 }), config)).toMatch(/^PORT: port 3000 needs privileges/);
  });

  it('leaves every other error to its stack', () => {
    expect(startupFailureMessage(new TypeError('x is not a function'), config)).toBeNull();
    expect(startupFailureMessage(error({ code: 'ECONNREFUSED', syscall: 'connect', address: '10.0.0.9', port: 1234 }), config)).toBeNull();
    expect(startupFailureMessage(error({ code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'elsewhere.example' }), config)).toBeNull();
    expect(startupFailureMessage('a string', config)).toBeNull();
  });
});
