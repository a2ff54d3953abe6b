import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs embedded with no variables set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.queue.kind).toBe('in-process');
    expect(config.dataDir).toMatch(/data$/);
  });

  it('switches to PostgreSQL and Redis by URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/sahay', REDIS_URL: 'redis://cache:6379' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/sahay' });
    expect(config.queue).toEqual({ kind: 'bullmq', url: 'redis://cache:6379' });
  });

  it.each([
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/sahay' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache' }],
    ['SAHAY_MASTER_KEY', { SAHAY_MASTER_KEY: 'c2hvcnQ=' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['SMTP_URL', { SMTP_URL: 'not a url' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'yes' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1, everyone' }],
  ])('names %s when its value is wrong', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  it('takes TRUST_PROXY as Express does: off by default, on, a number of hops, or a list of proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 172.16.0.0/12,fd00::1' }).TRUST_PROXY).toEqual(['loopback', '172.16.0.0/12', 'fd00::1']);
  });

  it('sends text messages to an outbox by default, to an HTTP gateway only with its URL, or nowhere', () => {
    expect(loadConfig({}).SMS_PROVIDER).toBe('outbox');
    expect(() => loadConfig({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL: required when SMS_PROVIDER=http/);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'ftp://sms.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_SENDER_ID: 'sahay' })).toThrow(/SMS_SENDER_ID: must be the 6 capital letters/);
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_HTTP_TOKEN: 'secret', SMS_SENDER_ID: 'SAHAYF' });
    expect([config.SMS_PROVIDER, config.SMS_HTTP_URL, config.SMS_SENDER_ID]).toEqual(['http', 'https://sms.example/send', 'SAHAYF']);
  });

  it('requires a master key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SAHAY_MASTER_KEY: required/);
  });
});
