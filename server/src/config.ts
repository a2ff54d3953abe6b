import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// 0 asks the system for a free port (tests).
const port = z.coerce.number().int().min(0).max(65_535);

const TRUSTED_PROXY_ITEM = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

function isTrustProxy(value: string): boolean {
  return value === 'true' || value === 'false' || /^\d{1,2}$/.test(value) || value.split(',').every((item) => TRUSTED_PROXY_ITEM.test(item.trim()));
}

/** TRUST_PROXY's text as Express's `trust proxy` takes it: a boolean, a hop count, or a list. */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((item) => item.trim());
}

const SIZE = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)?$/;
const SIZE_UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40 };

/** A size in bytes from `20GB`, `512 MiB` or a number of bytes; null when it is none of these. */
export function parseByteSize(text: string): number | null {
  const match = SIZE.exec(text.trim());
  if (!match) return null;
  const bytes = Number(match[1]) * SIZE_UNITS[match[2] ?? 'B']!;
  return Number.isFinite(bytes) ? Math.floor(bytes) : null;
}

/** A store's configured size (decision 078): at least 1 MB, at most 1 PB. */
const byteSize = z
  .string()
  .refine((text) => {
    const bytes = parseByteSize(text);
    return bytes !== null && bytes >= 1e6 && bytes <= 1e15;
  }, 'must be a size from 1MB to 1000TB, such as 20GB, 500MB or 512MiB (GB = 1000³ bytes, GiB = 1024³)')
  .transform((text) => parseByteSize(text)!);

const ZConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SAHAY_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** The role that owns the tables; migrations run as it, the app as DATABASE_URL's role (decision 019). */
  DATABASE_OWNER_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  SAHAY_MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64-encoded (openssl rand -base64 32)')
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Sahay Foundation <no-reply@sahay.local>'),
  /** Text messages (reset codes, user-ID reminders): an outbox folder under the data folder, an SMS gateway over HTTP, or none (lib/sms.ts). */
  SMS_PROVIDER: z.enum(['outbox', 'http', 'none']).default('outbox'),
  /** With SMS_PROVIDER=http: where each message is posted, the gateway's token, and the DLT sender ID. */
  SMS_HTTP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_HTTP_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().regex(/^[A-Z]{6}$/, 'must be the 6 capital letters of a DLT sender ID').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 30),
  /**
   * How long a bearer token from POST /api/users/login lasts (REST clients). Shorter than the web's
   * cookie: a token is copied into scripts and apps, where it is easier to lose; a client signs in
   * again, or signs out with POST /api/users/logout.
   */
  BEARER_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24),
  /**
   * Which X-Forwarded-For entries name the client (Express's `trust proxy`): `false` none (the
   * server faces the internet); a number of proxy hops in front (`1`: the entry the one proxy
   * wrote — right behind a proxy that appends, and still right if the server's own port is reached);
   * a comma-separated list of the proxies' addresses, subnets or `loopback`, `linklocal`,
   * `uniquelocal`; or `true`, every entry — only where the proxy replaces the header and is the only
   * way in (docs/decisions/028).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine(isTrustProxy, {
      message: 'must be true, false, a number of proxy hops, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal',
    })
    .transform(parseTrustProxy),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * On SIGTERM, how long the server goes on answering, saying "not ready" on /readyz and closing each
   * connection after its answer, before it stops taking connections: the reverse proxy's health check
   * takes it out of the rotation first (docs/decisions/076). 0 (the default) stops at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The share of visits whose browser reports its Core Web Vitals (0 turns reporting off). */
  WEB_VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
  // S3-compatible object storage for files: all four of endpoint, bucket and keys, or none (files
  // then live in the database). Checked together in loadConfig.
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  // Online payments through Razorpay (issue 33): the API key's ID and secret and the webhook's
  // secret, all three or none (without them the page is as before); the API's address for tests only.
  RAZORPAY_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must be a Razorpay key ID (rzp_test_… or rzp_live_…)').optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  RAZORPAY_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.razorpay.com'),
  // Prometheus metrics (issue 34, docs/decisions/072): never public. /metrics on a port of its own
  // (off unless METRICS_PORT is set; on METRICS_HOST, this machine only by default), and/or on the
  // main port for a request carrying `Authorization: Bearer $METRICS_TOKEN` (404 there without it).
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 visible characters without spaces (openssl rand -hex 32)')
    .optional(),
  // The System health page's storage alert (decision 078): the database's size (pg_database_size) or
  // the files' bytes above 80 % of these. Unset: no alert for that store.
  DATABASE_SIZE_LIMIT: byteSize.optional(),
  FILE_STORE_SIZE_LIMIT: byteSize.optional(),
  // OpenTelemetry traces (docs/decisions/077): spans go to `<endpoint>/v1/traces` as OTLP/HTTP JSON
  // while set; off (and nothing of the SDK loaded) otherwise. OTEL_EXPORTER_OTLP_HEADERS is read by
  // the exporter itself (a collector's token), OTEL_SERVICE_NAME replaces sahay-server/sahay-worker.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, dots, hyphens or underscores').optional(),
});

/** The variables that must be set together for object storage; the optional ones count as a partial set too. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;
/** The variables that must be set together for online payments. */
const RAZORPAY_REQUIRED = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** The payment gateway's keys and address, when all three keys are set. */
export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a test's local server. */
  apiBase: string;
}

export type FilesConfig =
  | { kind: 'db' }
  | { kind: 's3'; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

export type Config = z.infer<typeof ZConfigSchema> & {
  dataDir: string;
  publicUrl: string;
  isProduction: boolean;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; ownerUrl?: string };
  queue: { kind: 'in-process' } | { kind: 'bullmq'; url: string };
  files: FilesConfig;
  /** Null: no online payments, the pledge is paid by UPI or bank transfer as before. */
  razorpay: RazorpayConfig | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The environment file every process reads at start (issue 36): `.env` in the working folder, or the
 * file SAHAY_ENV_FILE names (tests name /dev/null, so a developer's `.env` cannot reach them).
 */
export const ENV_FILE_VARIABLE = 'SAHAY_ENV_FILE';

/**
 * Adds the environment file's variables to process.env, under those already set (a variable given
 * on the command line wins over the file, as with Node's own --env-file): Node's own parser
 * (process.loadEnvFile, in Node 20.12+ and 24), no library. A missing `.env` is no error; a missing
 * file named by SAHAY_ENV_FILE is. Returns the file read, or null.
 */
export function loadEnvFile(): string | null {
  const named = process.env[ENV_FILE_VARIABLE];
  const file = path.resolve(named || '.env');
  if (!fs.existsSync(file)) {
    if (named) throw new ConfigError(`Invalid configuration:\n  ${ENV_FILE_VARIABLE}: no file at ${file}`);
    return null;
  }
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${named ? ENV_FILE_VARIABLE : '.env'}: ${file} cannot be read (${(error as Error).message})`);
  }
  return file;
}

/**
 * Reads the environment once; a wrong value throws a ConfigError naming each bad variable. Without
 * an argument it is the process's environment, after the environment file (loadEnvFile).
 */
export function loadConfig(env?: NodeJS.ProcessEnv): Config {
  if (env === undefined) {
    loadEnvFile();
    env = process.env;
  }
  const emptyToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = ZConfigSchema.safeParse(emptyToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`);
  }
  const raw = parsed.data;
  if (raw.NODE_ENV === 'production' && !raw.SAHAY_MASTER_KEY) {
    throw new ConfigError('Invalid configuration:\n  SAHAY_MASTER_KEY: required when NODE_ENV=production');
  }
  const s3Set = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => raw[name] !== undefined);
  const s3Missing = S3_REQUIRED.filter((name) => raw[name] === undefined);
  if (s3Set.length > 0 && s3Missing.length > 0) {
    const lines = s3Missing.map((name) => `  ${name}: required when ${s3Set.join(', ')} ${s3Set.length === 1 ? 'is' : 'are'} set (object storage needs all of ${S3_REQUIRED.join(', ')}; set none to keep files in the database)`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const razorpaySet = RAZORPAY_REQUIRED.filter((name) => raw[name] !== undefined);
  if (razorpaySet.length > 0 && razorpaySet.length < RAZORPAY_REQUIRED.length) {
    const lines = RAZORPAY_REQUIRED.filter((name) => raw[name] === undefined).map(
      (name) => `  ${name}: required when ${razorpaySet.join(', ')} ${razorpaySet.length === 1 ? 'is' : 'are'} set (online payments need all of ${RAZORPAY_REQUIRED.join(', ')}; set none to take payments by UPI and bank transfer only)`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (raw.SMS_PROVIDER === 'http' && !raw.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http (the gateway each text message is posted to)');
  }
  if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT !== 0 && raw.METRICS_PORT === raw.PORT) {
    throw new ConfigError(`Invalid configuration:\n  METRICS_PORT: must differ from PORT (${raw.PORT}); to serve /metrics on the main port, set METRICS_TOKEN instead`);
  }
  if (raw.DATABASE_OWNER_URL && !raw.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_OWNER_URL: needs DATABASE_URL too (the app connects as DATABASE_URL; only migrations use the owner)',
    );
  }
  const dataDir = path.resolve(raw.SAHAY_DATA_DIR);
  return {
    ...raw,
    dataDir,
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
    isProduction: raw.NODE_ENV === 'production',
    database: raw.DATABASE_URL
      ? { kind: 'postgres', url: raw.DATABASE_URL, ownerUrl: raw.DATABASE_OWNER_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    queue: raw.REDIS_URL ? { kind: 'bullmq', url: raw.REDIS_URL } : { kind: 'in-process' },
    files:
      raw.S3_ENDPOINT && raw.S3_BUCKET && raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            endpoint: raw.S3_ENDPOINT,
            bucket: raw.S3_BUCKET,
            region: raw.S3_REGION ?? 'us-east-1',
            accessKeyId: raw.S3_ACCESS_KEY_ID,
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'db' },
    razorpay:
      raw.RAZORPAY_KEY_ID && raw.RAZORPAY_KEY_SECRET && raw.RAZORPAY_WEBHOOK_SECRET
        ? { keyId: raw.RAZORPAY_KEY_ID, keySecret: raw.RAZORPAY_KEY_SECRET, webhookSecret: raw.RAZORPAY_WEBHOOK_SECRET, apiBase: raw.RAZORPAY_API_BASE.replace(/\/$/, '') }
        : null,
  };
}
