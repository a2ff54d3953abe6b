import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Db } from '#server/db/db';

/**
 * Waking the async readers (processors, the relay) when events have been appended, without a
 * NOTIFY in the writing transaction (docs/decisions/018). A transaction that NOTIFYs takes one
 * server-wide lock at commit and holds it through its WAL flush, so every writer would queue
 * behind every other one. Instead:
 *
 * - in this process, the append's transaction signals its readers right after it commits
 *   (Transaction.afterCommit), so the embedded default and a single server wake at once;
 * - other processes (the worker, more servers) hear of it from one NOTIFY sent after the commit on
 *   a connection of its own, at most one in flight and one per `notifyIntervalMs` per process,
 *   however many commits there were meanwhile;
 * - the readers still poll, so a lost wake-up costs latency, never an event.
 *
 * A wake-up only: readers always read the events table itself, never a payload. The payload names
 * the sending process, so that it does not wake its own readers a second time, and the event types
 * appended since its last NOTIFY, so that a reader that handles none of them sleeps on (a worker
 * making documents safe would otherwise wake every projection at every document; bench/kanyadan,
 * docs/decisions/026). A payload without types (too many to list, or an older sender) wakes all.
 */

/** The channel other processes LISTEN on. */
export const EVENTS_CHANNEL = 'sahay_events';

/**
 * Shortest gap between two NOTIFYs from one process. Each is a small transaction of its own that
 * flushes WAL; under a steady stream of commits this caps them at 1000 / 20 = 50 a second per
 * process, and a reader in another process hears of a commit at most this much later.
 */
export const DEFAULT_NOTIFY_INTERVAL_MS = 20;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; above this the types are left out (wake all). */
const MAX_PAYLOAD_CHARS = 7_000;

/** Event types appended, or null when they are not known (every reader wakes). */
export type AppendedTypes = ReadonlySet<string> | null;

interface Reader {
  /** Only wakes that name one of these types (or name none) reach the reader; undefined: every wake. */
  types: ReadonlySet<string> | undefined;
  onWake(): void;
  onListenError?(error: unknown): void;
}

/** `senderId types`, the types comma-separated; `senderId` alone (wake all) when they cannot be listed. */
export function notifyPayload(senderId: string, types: AppendedTypes): string {
  if (!types || types.size === 0) return senderId;
  for (const type of types) if (/[\s,]/.test(type)) return senderId;
  const payload = `${senderId} ${[...types].join(',')}`;
  return payload.length <= MAX_PAYLOAD_CHARS ? payload : senderId;
}

export function parseNotifyPayload(payload: string): { senderId: string; types: AppendedTypes } {
  const space = payload.indexOf(' ');
  if (space < 0) return { senderId: payload, types: null };
  return { senderId: payload.slice(0, space), types: new Set(payload.slice(space + 1).split(',').filter(Boolean)) };
}

function wants(reader: Reader, types: AppendedTypes): boolean {
  if (!reader.types || !types) return true;
  for (const type of types) if (reader.types.has(type)) return true;
  return false;
}

/** Wait before listening again after the listening connection failed. */
const RELISTEN_MS = 2_000;

export interface EventsWakeOptions {
  /** Whether this process's commits are announced to other processes. PostgreSQL: yes; PGlite: no (one process). */
  notifiesOtherProcesses?: boolean;
  /** Whether readers here also wake on other processes' commits. PostgreSQL: yes; PGlite: no. */
  listensToOtherProcesses?: boolean;
  notifyIntervalMs?: number;
}

export interface WakeSubscription {
  stop(): Promise<void>;
}

type Unlisten = () => Promise<void>;

export class EventsWake {
  readonly #db: Db;
  /** Names this process's NOTIFYs, so that its own readers (already woken) ignore them. */
  readonly #senderId = crypto.randomUUID();
  readonly #notifies: boolean;
  readonly #listens: boolean;
  readonly #notifyIntervalMs: number;
  readonly #readers = new Set<Reader>();
  #listening: Promise<Unlisten | undefined> | undefined;
  #relistenTimer: NodeJS.Timeout | undefined;
  #isNotifyPending = false;
  /** The types appended since the last NOTIFY went out; null once an append of unknown types came. */
  #pendingTypes: Set<string> | null = new Set();
  #isNotifying = false;
  #lastNotifyAt = Number.NEGATIVE_INFINITY;
  #notifiesSent = 0;

  constructor(db: Db, options: EventsWakeOptions = {}) {
    this.#db = db;
    const isShared = db.kind === 'postgres';
    this.#notifies = options.notifiesOtherProcesses ?? isShared;
    this.#listens = options.listensToOtherProcesses ?? isShared;
    this.#notifyIntervalMs = options.notifyIntervalMs ?? DEFAULT_NOTIFY_INTERVAL_MS;
    if (!Number.isFinite(this.#notifyIntervalMs) || this.#notifyIntervalMs < 0) {
      throw new Error(`notifyIntervalMs must be a non-negative number of milliseconds, got ${this.#notifyIntervalMs}`);
    }
  }

  /** NOTIFYs this process has sent (tests, and the decision record's measurements). */
  get notifiesSent(): number {
    return this.#notifiesSent;
  }

  /**
   * Call once a transaction that appended events has committed (never before: readers would find
   * nothing yet), with the types it appended; without them every reader wakes.
   */
  appended(types?: Iterable<string>): void {
    const appended = types ? new Set(types) : null;
    this.#wakeReaders(appended);
    if (!this.#notifies) return;
    if (!appended) this.#pendingTypes = null;
    else if (this.#pendingTypes) for (const type of appended) this.#pendingTypes.add(type);
    this.#isNotifyPending = true;
    if (!this.#isNotifying) void this.#sendNotifies();
  }

  /**
   * Calls onWake after each commit of events in this process and, on PostgreSQL, when another
   * process announces its own. Never rejects: when listening fails, onListenError hears why, the
   * readers fall back on their poll, and listening is tried again. With `types`, only appends of
   * one of them (or of types not known) wake the reader; a failure to listen always does.
   */
  async subscribe(onWake: () => void, onListenError?: (error: unknown) => void, types?: readonly string[]): Promise<WakeSubscription> {
    const reader: Reader = { types: types ? new Set(types) : undefined, onWake, onListenError };
    this.#readers.add(reader);
    if (this.#listens && !this.#listening && !this.#relistenTimer) this.#listening = this.#listen();
    await this.#listening;
    return {
      stop: async () => {
        if (!this.#readers.delete(reader) || this.#readers.size > 0) return;
        clearTimeout(this.#relistenTimer);
        this.#relistenTimer = undefined;
        const listening = this.#listening;
        this.#listening = undefined;
        const unlisten = await listening;
        await unlisten?.();
      },
    };
  }

  #wakeReaders(types: AppendedTypes): void {
    for (const reader of this.#readers) if (wants(reader, types)) reader.onWake();
  }

  /** One LISTEN connection for all of this process's readers of this database. */
  async #listen(): Promise<Unlisten | undefined> {
    try {
      return await this.#db.listen(
        EVENTS_CHANNEL,
        (payload) => {
          const { senderId, types } = parseNotifyPayload(payload);
          if (senderId !== this.#senderId) this.#wakeReaders(types);
        },
        (error) => this.#listenFailed(error),
      );
    } catch (error) {
      this.#listenFailed(error);
      return undefined;
    }
  }

  #listenFailed(error: unknown): void {
    this.#listening = undefined;
    for (const reader of this.#readers) reader.onListenError?.(error);
    if (this.#readers.size === 0) return;
    // Whatever was announced while nobody listened is found by reading now.
    this.#wakeReaders(null);
    this.#relistenTimer = setTimeout(() => {
      this.#relistenTimer = undefined;
      if (this.#readers.size === 0 || this.#listening) return;
      this.#listening = this.#listen().then((unlisten) => {
        if (unlisten) this.#wakeReaders(null);
        return unlisten;
      });
    }, RELISTEN_MS);
    this.#relistenTimer.unref();
  }

  /** Sends NOTIFYs while commits keep coming: one in flight, at least notifyIntervalMs apart. */
  async #sendNotifies(): Promise<void> {
    this.#isNotifying = true;
    try {
      while (this.#isNotifyPending) {
        const wait = this.#lastNotifyAt + this.#notifyIntervalMs - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        // Commits from here on need another NOTIFY: this one may be read before they commit.
        this.#isNotifyPending = false;
        const types = this.#pendingTypes;
        this.#pendingTypes = new Set();
        this.#lastNotifyAt = performance.now();
        try {
          // Its own statement on a pool connection, outside every writing transaction. It commits
          // without waiting for its WAL flush (synchronous_commit off for this one transaction): a
          // crash can only lose the wake-up, which the readers' poll stands in for.
          await this.#db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [EVENTS_CHANNEL, notifyPayload(this.#senderId, types)], {
            name: 'sahay_events_notify',
          });
          this.#notifiesSent++;
        } catch {
          // The pool is closing or the server is gone. Other processes' readers still poll, so a
          // lost wake-up delays them by at most their poll interval; the next commit tries again.
        }
      }
    } finally {
      this.#isNotifying = false;
    }
  }
}

const wakes = new WeakMap<Db, EventsWake>();

/** The wake of this database handle, made with the defaults on first use. */
export function eventsWake(db: Db): EventsWake {
  let wake = wakes.get(db);
  if (!wake) {
    wake = new EventsWake(db);
    wakes.set(db, wake);
  }
  return wake;
}

/** Sets the wake of a database handle up with other options; only before its first use. */
export function configureEventsWake(db: Db, options: EventsWakeOptions): EventsWake {
  if (wakes.has(db)) throw new Error('The events wake of this database is already in use; configure it before the first append or reader.');
  const wake = new EventsWake(db, options);
  wakes.set(db, wake);
  return wake;
}
