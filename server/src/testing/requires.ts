import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'vitest';
import { canRunOwnServices } from './own-services.ts';
import type { TestDbKind } from './test-db.ts';

/**
 * Tests that need what the embedded default lacks — Redis, a real PostgreSQL, or PostgreSQL's and
 * Redis's programs to start servers of their own. Without it they show as skipped, with the reason
 * in their name and printed beside the file's output, never as a failure (issue 29); with the
 * variable set and the service unreachable they fail, since their own hooks check it (ARCHITECTURE.md,
 * Tests). `.ci/run` checks both (server/src/testing/service-skips.ts).
 */
export interface Need {
  /** Why the tests cannot run here, or undefined when they can. */
  missing(): string | undefined;
}

/** What a skipped test's name carries, so a report tells a skip for a missing service from others. */
export const NEEDS_MARK = 'skipped: needs ';

export const needsRedis: Need = {
  missing: () => (process.env.TEST_REDIS_URL ? undefined : `${NEEDS_MARK}Redis (set TEST_REDIS_URL, as CI does)`),
};

export const needsPostgres: Need = {
  missing: () => (process.env.TEST_DATABASE_URL ? undefined : `${NEEDS_MARK}PostgreSQL (set TEST_DATABASE_URL, as CI does)`),
};

export const needsOwnServers: Need = {
  missing: () =>
    canRunOwnServices() ? undefined : `${NEEDS_MARK}PostgreSQL's and Redis's programs (initdb, redis-server) to start servers of its own, or TEST_DATABASE_URL`,
};

/**
 * pgBackRest, for the backup drill (docs/decisions/070): on the PATH, or TEST_DATABASE_URL is set — CI,
 * whose `.ci/run` installs it, where a missing program must fail, not skip.
 */
export const needsPgBackRest: Need = {
  missing: () =>
    process.env.TEST_DATABASE_URL || (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, 'pgbackrest')))
      ? undefined
      : `${NEEDS_MARK}pgBackRest (apt-get install pgbackrest), or TEST_DATABASE_URL`,
};

/**
 * Caddy, for the rolling restart behind the reverse proxy (docs/decisions/076): on the PATH, or
 * TEST_DATABASE_URL is set — CI, whose `.ci/run` installs it, where a missing program must fail.
 */
export const needsCaddy: Need = {
  missing: () =>
    process.env.TEST_DATABASE_URL || (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && fs.existsSync(path.join(dir, 'caddy')))
      ? undefined
      : `${NEEDS_MARK}Caddy (apt-get install caddy), or TEST_DATABASE_URL`,
};

function missingOf(needs: readonly Need[]): string | undefined {
  const missing = needs.map((need) => need.missing()).filter((reason) => reason !== undefined);
  return missing.length > 0 ? missing.join('; ') : undefined;
}

/** describe(), or describe.skip() with the reason when a need is missing. */
export function describeWhere(needs: readonly Need[], name: string, body: () => void): void {
  const missing = missingOf(needs);
  if (!missing) {
    describe(name, body);
    return;
  }
  console.info(`${name} [${missing}]`);
  describe.skip(`${name} [${missing}]`, body);
}

/** it(), or it.skip() with the reason when a need is missing. */
export function itWhere(needs: readonly Need[], name: string, body: () => Promise<void>, timeout?: number): void {
  const missing = missingOf(needs);
  if (!missing) {
    it(name, body, timeout);
    return;
  }
  console.info(`${name} [${missing}]`);
  it.skip(`${name} [${missing}]`, body, timeout);
}

/** Why a race test does not run on PGlite: what it checks cannot happen there. */
export const RACE_NEEDS_POSTGRES = 'PostgreSQL only: PGlite has one connection, so calls made at once run one after another and no race can happen on it';

/**
 * A race test (N identical calls at once): it() on PostgreSQL; on PGlite skipped, with the reason in
 * its name, so the report says why rather than only that it was skipped.
 */
export function itRaces(kind: TestDbKind, name: string, body: () => Promise<void>, timeout?: number): void {
  if (kind === 'postgres') it(name, body, timeout);
  else it.skip(`${name} [${RACE_NEEDS_POSTGRES}]`, body, timeout);
}
