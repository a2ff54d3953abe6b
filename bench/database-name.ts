import crypto from 'node:crypto';

/**
 * The name of a bench run's own database: `<prefix>_<label>_<random>`, the prefix from
 * BENCH_DATABASE_PREFIX (default `sahay_bench`), so people sharing one PostgreSQL can tell their
 * runs apart and clean up after their own (issue 36). The name goes into CREATE DATABASE unquoted:
 * only lower-case letters, digits and underscores, starting with a letter or underscore.
 */
export const DEFAULT_BENCH_DATABASE_PREFIX = 'sahay_bench';
const PREFIX = /^[a-z_][a-z0-9_]{0,40}$/;

export function benchDatabaseName(label: string, env: NodeJS.ProcessEnv = process.env): string {
  const prefix = env.BENCH_DATABASE_PREFIX || DEFAULT_BENCH_DATABASE_PREFIX;
  if (!PREFIX.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX: must be 1 to 41 lower-case letters, digits or underscores, starting with a letter or underscore (got ${JSON.stringify(prefix)})`);
  if (!/^[a-z0-9_]+$/.test(label)) throw new Error(`A bench database label must be lower-case letters, digits or underscores (got ${JSON.stringify(label)})`);
  return `${prefix}_${label}_${crypto.randomBytes(4).toString('hex')}`;
}
