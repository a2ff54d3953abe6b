import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, ENV_FILE_VARIABLE, loadConfig, loadEnvFile } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

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

  it('takes online payments only with all three Razorpay keys, and names the ones missing from a partial set', () => {
    expect(loadConfig({}).razorpay).toBeNull();
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_AbC123', RAZORPAY_KEY_SECRET: 'key-secret-1', RAZORPAY_WEBHOOK_SECRET: 'hook-secret-1' };
    expect(loadConfig(keys).razorpay).toEqual({ keyId: 'rzp_test_AbC123', keySecret: 'key-secret-1', webhookSecret: 'hook-secret-1', apiBase: 'https://api.razorpay.com' });
    expect(loadConfig({ ...keys, RAZORPAY_API_BASE: 'http://127.0.0.1:4010/' }).razorpay?.apiBase).toBe('http://127.0.0.1:4010');
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(/RAZORPAY_KEY_SECRET: required when RAZORPAY_KEY_ID is set/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: 'key-secret-1' })).toThrow(/RAZORPAY_WEBHOOK_SECRET: required when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET are set/);
    expect(() => loadConfig({ ...keys, RAZORPAY_KEY_ID: 'AbC123' })).toThrow(/RAZORPAY_KEY_ID: must be a Razorpay key ID/);
    // The API's address alone is no partial set: it has a default.
    expect(loadConfig({ RAZORPAY_API_BASE: 'http://127.0.0.1:4010' }).razorpay).toBeNull();
  });

  it('requires a master key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SAHAY_MASTER_KEY: required/);
  });
});

/**
 * Issue 36: `.env` is read at start, under what the environment already says, and `.env.example`
 * is both a valid `.env` and a file bash can source (`set -a; . ./.env.example`), meaning the same.
 */
describe('the environment file', () => {
  const EXAMPLE = path.join(ROOT, '.env.example');
  const touched = ['SAHAY_TEST_FROM_FILE', 'SAHAY_TEST_BOTH', 'SAHAY_TEST_QUOTED', ENV_FILE_VARIABLE];
  afterEach(() => {
    for (const name of touched) delete process.env[name];
  });

  it('.env.example sources in bash without an error, and bash reads each value as Node does', () => {
    const printed = execFileSync('bash', ['-c', 'set -euo pipefail; set -a; . ./.env.example; set +a; node -e "process.stdout.write(JSON.stringify(process.env))"'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const fromBash = JSON.parse(printed) as Record<string, string>;
    const fromNode = parseEnv(fs.readFileSync(EXAMPLE, 'utf8'));
    expect(Object.keys(fromNode).length).toBeGreaterThan(30);
    expect(fromNode.MAIL_FROM).toBe('Sahay Foundation <no-reply@sahay.local>');
    for (const [name, value] of Object.entries(fromNode)) expect([name, fromBash[name]]).toEqual([name, value]);
    // And its values are a configuration that starts (every one optional or a valid default).
    expect(loadConfig(fromNode).MAIL_FROM).toBe('Sahay Foundation <no-reply@sahay.local>');
  });

  it('reads the file under the variables already set, keeping quoted values whole', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-env-'));
    try {
      const file = path.join(dir, '.env');
      fs.writeFileSync(file, 'SAHAY_TEST_FROM_FILE=शर्मा\nSAHAY_TEST_BOTH=from the file\nSAHAY_TEST_QUOTED="A <b@c.in>"\n');
      process.env.SAHAY_TEST_BOTH = 'from the environment';
      process.env[ENV_FILE_VARIABLE] = file;
      expect(loadEnvFile()).toBe(file);
      expect([process.env.SAHAY_TEST_FROM_FILE, process.env.SAHAY_TEST_BOTH, process.env.SAHAY_TEST_QUOTED]).toEqual(['शर्मा', 'from the environment', 'A <b@c.in>']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file SAHAY_ENV_FILE names that is not there, naming the variable', () => {
    process.env[ENV_FILE_VARIABLE] = path.join(os.tmpdir(), 'no-such-sahay.env');
    expect(() => loadEnvFile()).toThrow(ConfigError);
    expect(() => loadEnvFile()).toThrow(/SAHAY_ENV_FILE: no file at/);
  });
});
