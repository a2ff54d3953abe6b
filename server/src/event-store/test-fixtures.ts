import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { noSms } from '#server/lib/sms';
import { loadConfig } from '#server/config';
import type { Db, Queryable } from '#server/db/db';
import { createFileStore } from '#server/files/file-store';
import type { Mailer } from '#server/lib/mailer';
import type { JobContext } from '#server/queue/queue';
import { EventStore } from './event-store.ts';
import { PersonalDataVault, type Sealed } from './sealing/personal-data.ts';
import type { EventMetadata, Projection, ProjectionContext } from './types.ts';
import { UpcasterRegistry } from './upcasters.ts';

/**
 * A small domain for the event store's own tests: pledges with a donor's name sealed as personal
 * data, a read model of them, and an erasure event. Nothing here is used outside tests.
 */

export interface PledgeMadeV1 {
  pledgeId: string;
  amountRupees: number;
}

export interface PledgeMade {
  pledgeId: string;
  amountPaise: number;
  /** Sealed { name } under the donor's data key. */
  donor?: Sealed;
  subjectId?: string;
}

export interface PledgeIncreased {
  pledgeId: string;
  amountPaise: number;
}

export interface PersonalDataErased {
  subjectId: string;
}

export const silentLog = pino({ level: 'silent' });

export function meta(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return { actor: 'system', correlationId: crypto.randomUUID(), ...overrides };
}

export function upcasters(): UpcasterRegistry {
  return new UpcasterRegistry().register({
    type: 'PledgeMade',
    currentVersion: 2,
    upcasters: {
      1: (data) => {
        const { amountRupees, ...rest } = data as PledgeMadeV1;
        return { ...rest, amountPaise: amountRupees * 100 };
      },
    },
  });
}

async function scrub(subjectId: string, context: ProjectionContext<'test_pledges'>) {
  await context.tx.query(`UPDATE ${context.tables.test_pledges} SET donor_name = NULL WHERE subject_id = $1`, [subjectId]);
}

/** Inline read model of pledges: amount, event count and the donor's name while it may be kept. */
export const pledgesProjection: Projection<'test_pledges'> = {
  name: 'test-pledges',
  tables: ['test_pledges'],
  handles: ['PledgeMade', 'PledgeIncreased', 'PersonalDataErased'],
  async apply(event, context) {
    const { tx, tables } = context;
    switch (event.type) {
      case 'PledgeMade': {
        const data = event.data as PledgeMade;
        const donor = data.donor ? await context.reveal<{ name: string }>(data.donor) : null;
        await tx.query(
          `INSERT INTO ${tables.test_pledges} (pledge_id, subject_id, donor_name, amount_paise, events, made_at)
           VALUES ($1, $2, $3, $4, 1, $5)
           ON CONFLICT (pledge_id) DO NOTHING`,
          [data.pledgeId, data.subjectId ?? null, donor?.name ?? null, data.amountPaise, event.recordedAt],
        );
        return;
      }
      case 'PledgeIncreased': {
        const data = event.data as PledgeIncreased;
        await tx.query(
          `UPDATE ${tables.test_pledges} SET amount_paise = amount_paise + $2, events = events + 1 WHERE pledge_id = $1`,
          [data.pledgeId, data.amountPaise],
        );
        return;
      }
      case 'PersonalDataErased':
        await scrub((event.data as PersonalDataErased).subjectId, context);
        return;
      default:
        // Never throw on a recorded event (rule 7).
        return;
    }
  },
  erase: scrub,
};

/** A plain counter per stream, for the processor and replay tests. */
export const countersProjection: Projection<'test_counters'> = {
  name: 'test-counters',
  tables: ['test_counters'],
  handles: ['Counted'],
  async apply(event, { tx, tables }) {
    await tx.query(
      `INSERT INTO ${tables.test_counters} (stream_id, count, last_position) VALUES ($1, 1, $2)
       ON CONFLICT (stream_id) DO UPDATE SET count = ${tables.test_counters}.count + 1, last_position = EXCLUDED.last_position`,
      [event.streamId, event.globalPosition],
    );
  },
};

export async function createTestTables(db: Queryable): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS test_pledges (
    pledge_id    text PRIMARY KEY,
    subject_id   text,
    donor_name   text,
    amount_paise bigint NOT NULL,
    events       integer NOT NULL,
    made_at      timestamptz NOT NULL
  )`);
  await db.query(`CREATE TABLE IF NOT EXISTS test_counters (
    stream_id     text PRIMARY KEY,
    count         integer NOT NULL,
    last_position bigint NOT NULL
  )`);
  // No key on purpose: an effect that happened twice shows up as two rows instead of an error.
  await db.query(`CREATE TABLE IF NOT EXISTS test_effects (
    job_id   text NOT NULL,
    event_id uuid NOT NULL
  )`);
}

export function createStore(db: Db, options: { projections?: readonly Projection[] } = {}): EventStore {
  return new EventStore({
    db,
    vault: new PersonalDataVault(crypto.randomBytes(32)),
    upcasters: upcasters(),
    inlineProjections: options.projections ?? [pledgesProjection, countersProjection],
  });
}

export const nullMailer: Mailer = {
  kind: 'outbox',
  async send() {},
  close() {},
};

/** What job handlers get, on a temporary data folder. */
export function jobContext(db: Db, eventStore: EventStore): JobContext {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-es-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SAHAY_DATA_DIR: dataDir });
  return {
    config,
    db,
    eventStore,
    mailer: nullMailer,
    sms: noSms,
    files: createFileStore({ config: config.files, db, vault: eventStore.vault, log: silentLog, now: () => new Date() }),
    log: silentLog,
    now: () => new Date(),
  };
}

export function uniqueId(label: string): string {
  return `${label}-${crypto.randomUUID()}`;
}

/** Waits until check() is true, or fails after timeoutMs. */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Deletes every Redis key under a test's BullMQ prefix. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

/** Fails (never skips) when TEST_REDIS_URL is set but Redis does not answer. */
export async function assertRedisReachable(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 0, connectTimeout: 2_000, retryStrategy: () => null, lazyConnect: true });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const reply = await redis.ping();
    if (reply !== 'PONG') throw new Error(`Redis at ${url} answered ${reply}`);
  } catch (error) {
    throw new Error(`TEST_REDIS_URL is set but Redis at ${url} is unreachable: ${String(error)}`, { cause: error });
  } finally {
    redis.disconnect();
  }
}

export function redisTestPrefix(): string {
  return `sahay-test-${crypto.randomBytes(6).toString('hex')}`;
}
