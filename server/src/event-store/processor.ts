import type { Logger } from 'pino';
import type { Db, Queryable } from '#server/db/db';
import type { EventStore } from './event-store.ts';
import { liveTables } from './event-store.ts';
import type { Projection, RecordedEvent } from './types.ts';
import { eventsWake } from './wake.ts';

/**
 * Async processors (ARCHITECTURE.md, event store rule 5). A processor reads the committed events after
 * its checkpoint in (transaction_id, global_position) order, only from transactions older than every
 * one still running, handles them and moves its checkpoint forward in the same transaction. A crash
 * anywhere rolls back both, so the next batch starts where the last committed one ended.
 */

const DEFAULT_LEASE_MS = 30_000;
const DEFAULT_POLL_MS = 1_000;
/**
 * Shortest time from one batch's start to the next when the next is called by a wake-up rather than
 * by a full batch. A batch is about eleven statements whether it carries one event or fifty; under a
 * steady stream of commits (issue 33: 50 payments a second, each several commits) every reader woke
 * for every commit or two, and the relay and projections' batches outnumbered the receipts' own
 * queries. Gathered, one batch takes what came meanwhile. A reader asleep longer than this starts at
 * once, so a lone event waits no longer than before (decision 084).
 */
export const DEFAULT_MIN_BATCH_GAP_MS = 100;
const HELD_BACK_RETRY_MS = 20;

export interface ProcessorOptions {
  /** One checkpoint row and one owner per name. */
  name: string;
  /** Who runs it (process, host); only the lease holder processes. */
  owner: string;
  /** Only these event types are passed to handle; all by default. */
  types?: readonly string[];
  batchSize: number;
  /** How long the lease lasts without renewal; every batch renews it. */
  leaseMs?: number;
  /** Runs in the batch's transaction; throwing rolls back the batch and its checkpoint. */
  handle(tx: Queryable, events: readonly RecordedEvent[]): Promise<void>;
}

export interface BatchResult {
  /** False when another owner holds the processor; nothing was read. */
  isOwner: boolean;
  /** Events passed to handle. */
  processed: number;
  /** Whether the page was full, so another batch may find more right away. */
  hasMore: boolean;
  /**
   * Whether committed events wait behind a transaction still running (they are read once it ends).
   * That transaction may write no event, so no notification will follow: poll again soon.
   */
  isHeldBack: boolean;
  /** Whether another batch of this processor held the lock (an expired lease being taken over, say). */
  isContended: boolean;
}

export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export class CheckpointConflictError extends Error {
  override name = 'CheckpointConflictError';
  constructor(processor: string, expected: Checkpoint) {
    super(
      `Processor ${processor}: checkpoint moved under us (expected ${expected.transactionId}/${expected.globalPosition}); ` +
        'the batch was rolled back.',
    );
  }
}

interface CheckpointRow {
  transaction_id: string;
  global_position: number;
}

function isBefore(a: Checkpoint, b: Checkpoint): boolean {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  return ta < tb || (ta === tb && a.globalPosition < b.globalPosition);
}

interface ClaimRow extends CheckpointRow {
  is_available: boolean;
}

/**
 * The checkpoint, or null when another owner holds a live lease. Only reads: the transaction takes
 * no transaction ID of its own before it has read the events (an ID of its own would hold back, in
 * its own snapshot, events from transactions that started after it). The lease is written with the
 * checkpoint at the end of the batch.
 */
async function readClaim(tx: Queryable, name: string, owner: string): Promise<Checkpoint | null> {
  const select = () =>
    tx.query<ClaimRow>(
      `SELECT transaction_id::text AS transaction_id, global_position,
              (owner IS NULL OR owner = $2 OR lease_until IS NULL OR lease_until < now()) AS is_available
         FROM processor_checkpoints WHERE processor = $1`,
      [name, owner],
    );
  let { rows } = await select();
  if (rows.length === 0) {
    await tx.query(`INSERT INTO processor_checkpoints (processor) VALUES ($1) ON CONFLICT (processor) DO NOTHING`, [name]);
    ({ rows } = await select());
  }
  const row = rows[0];
  return row?.is_available ? { transactionId: row.transaction_id, globalPosition: row.global_position } : null;
}

/**
 * When a type filter leaves the page short, the events of other types behind it would be scanned
 * again on every poll. This finds the last event of any type from transactions that had all ended
 * before the page was read (xid below `horizon`, taken before the read): every matching event among
 * them is in the page, so the checkpoint may move past them.
 */
async function lastSettledPosition(tx: Queryable, after: Checkpoint, horizon: string): Promise<Checkpoint | null> {
  const { rows } = await tx.query<CheckpointRow>(
    `SELECT transaction_id::text AS transaction_id, global_position FROM events
      WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND transaction_id < $3::xid8
      ORDER BY events.transaction_id DESC, global_position DESC -- the column (xid8), not the text alias
      LIMIT 1`,
    [after.transactionId, after.globalPosition, horizon],
  );
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: row.global_position } : null;
}

/**
 * Whether events after `after` exist that the batch could not read because of `horizon`: committed
 * now, but from a transaction at or above the bound the batch read below. The same bound as the
 * read, taken once: with a fresh one here, a transaction that ended between the read and this check
 * would leave its events neither read nor held back, and a caller draining batches would stop short.
 */
async function hasHeldBackEvents(tx: Queryable, after: Checkpoint, types: readonly string[] | undefined, horizon: string): Promise<boolean> {
  const { rows } = await tx.query<{ is_held_back: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
          AND transaction_id >= $4::xid8
          AND ($3::text[] IS NULL OR type = ANY($3::text[]))
     ) AS is_held_back`,
    [after.transactionId, after.globalPosition, types ?? null, horizon],
  );
  return rows[0]?.is_held_back ?? false;
}

const NOT_OWNER: BatchResult = { isOwner: false, processed: 0, hasMore: false, isHeldBack: false, isContended: false };

/** Runs one batch: lock, lease, read, handle and compare-and-set the checkpoint, all in one transaction. */
export async function runProcessorBatch(db: Db, eventStore: EventStore, options: ProcessorOptions): Promise<BatchResult> {
  const { name, owner, types, batchSize } = options;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`Processor ${name}: batchSize must be a positive integer`);
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  return db.transaction(async (tx) => {
    // The lease keeps one owner between batches; the lock keeps two from ever overlapping inside one,
    // even when a lease expires while its holder is still working. A process that sees a live lease
    // of another owner leaves at once, without the lock, so it never makes the holder miss a turn.
    if (!(await readClaim(tx, name, owner))) return NOT_OWNER;
    const { rows: locked } = await tx.query<{ locked: boolean }>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [name]);
    if (!locked[0]?.locked) return { ...NOT_OWNER, isContended: true };
    // Read again under the lock: a batch that just committed may have moved it.
    const checkpoint = await readClaim(tx, name, owner);
    if (!checkpoint) return NOT_OWNER;

    // One bound for the whole batch: the events read, the settled position and the held-back check
    // all see the same set of finished transactions.
    const horizon = (await tx.query<{ xmin: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)).rows[0]!.xmin;
    const events = await eventStore.readAllAfter(tx, checkpoint, batchSize, types, horizon);
    const hasMore = events.length === batchSize;
    let next = checkpoint;
    const last = events.at(-1);
    if (last) next = { transactionId: last.transactionId, globalPosition: last.globalPosition };
    if (types && !hasMore) {
      const settled = await lastSettledPosition(tx, checkpoint, horizon);
      if (settled && isBefore(next, settled)) next = settled;
    }
    const isHeldBack = !hasMore && (await hasHeldBackEvents(tx, next, types, horizon));
    if (events.length > 0) await options.handle(tx, events);
    // Compare-and-set: the checkpoint must be the one this batch started from, and the lease free,
    // ours or expired. The same statement takes or renews the lease.
    const { rowCount } = await tx.query(
      `UPDATE processor_checkpoints
          SET transaction_id = $2::xid8, global_position = $3, owner = $6,
              lease_until = now() + $7::int * interval '1 millisecond', updated_at = now()
        WHERE processor = $1 AND transaction_id = $4::xid8 AND global_position = $5
          AND (owner IS NULL OR owner = $6 OR lease_until IS NULL OR lease_until < now())`,
      [name, next.transactionId, next.globalPosition, checkpoint.transactionId, checkpoint.globalPosition, owner, leaseMs],
    );
    if (rowCount !== 1) throw new CheckpointConflictError(name, checkpoint);
    return { isOwner: true, processed: events.length, hasMore, isHeldBack, isContended: false };
  });
}

/** Where a processor has read up to, and who holds it; null before its first batch. */
export async function readCheckpoint(
  db: Queryable,
  name: string,
): Promise<(Checkpoint & { owner: string | null; leaseUntil: Date | null }) | null> {
  const { rows } = await db.query<CheckpointRow & { owner: string | null; lease_until: Date | null }>(
    `SELECT transaction_id::text AS transaction_id, global_position, owner, lease_until
       FROM processor_checkpoints WHERE processor = $1`,
    [name],
  );
  const row = rows[0];
  return row
    ? { transactionId: row.transaction_id, globalPosition: row.global_position, owner: row.owner, leaseUntil: row.lease_until }
    : null;
}

/** Gives up the lease so another owner can take over at once instead of waiting for it to expire. */
export async function releaseLease(db: Queryable, name: string, owner: string): Promise<void> {
  await db.query(
    `UPDATE processor_checkpoints SET owner = NULL, lease_until = NULL, updated_at = now() WHERE processor = $1 AND owner = $2`,
    [name, owner],
  );
}

export interface StartProcessorOptions extends ProcessorOptions {
  log: Logger;
  /** Longest wait between batches when no wake-up arrives: the bound when one is lost. */
  pollMs?: number;
  /** Wait after a failed batch before the next try. */
  errorBackoffMs?: number;
  /** Shortest time between the starts of two batches unless the first was full (DEFAULT_MIN_BATCH_GAP_MS). */
  minBatchGapMs?: number;
}

export interface RunningProcessor {
  /** Lets the batch in flight finish, then stops and releases the lease. */
  stop(): Promise<void>;
}

/**
 * Runs batches until the processor is caught up, then sleeps until events of its types are appended
 * (in this process, or in another one that announces it: see wake.ts) or the poll interval ends,
 * whichever comes first. The wake-up is only that: it always reads the table.
 */
export function startProcessor(db: Db, eventStore: EventStore, options: StartProcessorOptions): RunningProcessor {
  const { log, name } = options;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const errorBackoffMs = options.errorBackoffMs ?? Math.max(pollMs, 1_000);
  const minBatchGapMs = Math.min(options.minBatchGapMs ?? DEFAULT_MIN_BATCH_GAP_MS, pollMs);
  let isStopping = false;
  let isWoken = false;
  let wake: (() => void) | undefined;

  const onWake = () => {
    isWoken = true;
    wake?.();
  };
  /** Waits ms, cut short by stop() and, unless backing off after an error, by a wake-up. */
  const sleep = (ms: number, isWakeable: boolean) =>
    new Promise<void>((resolve) => {
      if ((isWakeable && isWoken) || isStopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = () => {
        if (isWakeable || isStopping) done();
      };
    });

  const loop = (async () => {
    const subscription = await eventsWake(db).subscribe(
      onWake,
      (error) => log.warn({ err: error, processor: name }, 'not listening for other processes\' events; polling until listening again'),
      options.types,
    );
    let heldBackRetries = 0;
    let lastStartedAt = Number.NEGATIVE_INFINITY;
    let wasFull = false;
    while (!isStopping) {
      const gap = lastStartedAt + minBatchGapMs - performance.now();
      if (!wasFull && gap > 0) {
        await sleep(gap, false);
        if (isStopping) break;
      }
      isWoken = false;
      wasFull = false;
      lastStartedAt = performance.now();
      try {
        const result = await runProcessorBatch(db, eventStore, options);
        wasFull = result.isOwner && result.hasMore;
        if (wasFull) continue;
        if ((result.isOwner && result.isHeldBack) || result.isContended) {
          // Soon, then less often: a transaction that runs long should not be hammered.
          await sleep(Math.min(pollMs, HELD_BACK_RETRY_MS * 2 ** Math.min(heldBackRetries++, 6)), true);
          continue;
        }
        heldBackRetries = 0;
        await sleep(pollMs, true);
      } catch (error) {
        log.error({ err: error, processor: name }, 'processor batch failed; it will be retried');
        await sleep(errorBackoffMs, false);
      }
    }
    await subscription.stop().catch(() => {});
    await releaseLease(db, name, options.owner).catch((error: unknown) =>
      log.warn({ err: error, processor: name }, 'could not release the processor lease'),
    );
  })();

  return {
    async stop() {
      isStopping = true;
      wake?.();
      await loop;
    },
  };
}

/** The processor options that keep a projection up to date asynchronously, with its live tables. */
export function projectionProcessor(
  eventStore: EventStore,
  projection: Projection,
  options: { owner: string; name?: string; batchSize?: number; leaseMs?: number },
): ProcessorOptions {
  const tables = liveTables(projection);
  return {
    name: options.name ?? `projection:${projection.name}`,
    owner: options.owner,
    types: projection.handles,
    batchSize: options.batchSize ?? 500,
    leaseMs: options.leaseMs,
    async handle(tx, events) {
      const context = { ...eventStore.projectionContext(tx), tables };
      for (const event of events) await projection.apply(event, context);
    },
  };
}

/** Runs a projection as an async processor (for read models a request need not see at once). */
export function startProjectionProcessor(
  db: Db,
  eventStore: EventStore,
  projection: Projection,
  options: { owner: string; log: Logger; name?: string; batchSize?: number; pollMs?: number; leaseMs?: number },
): RunningProcessor {
  return startProcessor(db, eventStore, {
    ...projectionProcessor(eventStore, projection, options),
    log: options.log,
    pollMs: options.pollMs,
  });
}
