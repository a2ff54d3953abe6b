import type { Db } from '#server/db/db';
import { keptSessions } from './sessions-changed.ts';
import { hashToken, isTokenShaped, readSession, type SessionUser } from './sessions.ts';

export { sessionsChanged } from './sessions-changed.ts';

/**
 * The sessions this process has just resolved, kept for a few seconds so that a signed-in member's
 * requests skip one database round trip each (docs/decisions/038; bench/load's dashboard).
 *
 * A kept session is forgotten as soon as anything it depends on changes:
 * - in this process, at once: the writers of sessions, of an account's name, role, permissions and
 *   status, and of second factors call sessionsChanged() after their commit;
 * - in every process: the database's own triggers (migration 1732200003000) NOTIFY the account on
 *   channel `sahay_sessions` whatever wrote it, and each cache LISTENs there.
 *
 * A read that was under way while any change was announced is not kept (it may predate the change),
 * and nothing is kept while this process is not listening (at start, after the listening connection
 * failed, until it listens again). Refusals are never kept: a wrong or revoked token always asks the
 * database. The expiry is checked at every use.
 */

/** The channel the database's triggers announce changed accounts on; '*' means all of them. */
export const SESSIONS_CHANNEL = 'sahay_sessions';

/** How long a resolved session is used without asking the database again, at most. */
export const DEFAULT_SESSION_CACHE_TTL_MS = 10_000;
/** Sessions kept at most; the oldest go first. */
export const DEFAULT_SESSION_CACHE_ENTRIES = 10_000;
/** Wait before listening again after the listening connection failed. */
const RELISTEN_MS = 2_000;

interface Entry {
  user: SessionUser;
  /** The session's own end (sessions.expires_at). */
  expiresAt: number;
  /** Until when this process uses it without asking. */
  keptUntil: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** Monotonic milliseconds for keptUntil; tests move it. */
  clock?: () => number;
  /** Told when listening fails (it is retried); the cache stops keeping sessions meanwhile. */
  onListenError?: (error: unknown) => void;
}

type Unlisten = () => Promise<void>;


export class SessionCache {
  readonly #db: Db;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #clock: () => number;
  readonly #onListenError: ((error: unknown) => void) | undefined;
  /** By token hash. */
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every change announced or forgotten: a read begun before it is not kept. */
  #generation = 0;
  #isListening = false;
  #listening: Promise<Unlisten | undefined> | undefined;
  #relistenTimer: NodeJS.Timeout | undefined;
  #isStopped = false;
  #hits = 0;
  #misses = 0;

  constructor(db: Db, options: SessionCacheOptions = {}) {
    this.#db = db;
    this.#ttlMs = options.ttlMs ?? DEFAULT_SESSION_CACHE_TTL_MS;
    this.#maxEntries = options.maxEntries ?? DEFAULT_SESSION_CACHE_ENTRIES;
    this.#clock = options.clock ?? (() => performance.now());
    this.#onListenError = options.onListenError;
    if (!(this.#ttlMs >= 0) || !(this.#maxEntries >= 0)) throw new Error('SessionCache: ttlMs and maxEntries must be non-negative numbers');
    keptSessions.add(this);
  }

  /** Sessions answered from memory and from the database (tests, benches). */
  get stats(): { hits: number; misses: number; size: number; isListening: boolean } {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size, isListening: this.#isListening };
  }

  /** The signed-in user behind a token, as resolveSession answers it, from memory when it may. */
  async resolve(token: string, now: Date): Promise<SessionUser | null> {
    if (!isTokenShaped(token)) return null;
    const key = hashToken(token);
    const entry = this.#entries.get(key);
    if (entry) {
      if (entry.keptUntil > this.#clock() && entry.expiresAt > now.getTime() && this.#isListening) {
        this.#hits++;
        return entry.user;
      }
      this.#entries.delete(key);
    }
    this.#misses++;
    if (!this.#isListening && !this.#listening && !this.#relistenTimer && !this.#isStopped) this.#listening = this.#listen();
    const generation = this.#generation;
    const found = await readSession(this.#db, token, now);
    if (!found) return null;
    if (this.#isListening && generation === this.#generation && this.#ttlMs > 0 && this.#maxEntries > 0) {
      if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
      // Frozen: every request of this session gets this one object, so none may change it for the next.
      Object.freeze(found.user.permissions);
      Object.freeze(found.user);
      this.#entries.set(key, { user: found.user, expiresAt: found.expiresAt.getTime(), keptUntil: this.#clock() + this.#ttlMs });
    }
    return found.user;
  }

  /** Forgets the account's sessions (null: all); a read under way is not kept either. */
  forget(userId: string | null): void {
    this.#generation++;
    if (userId === null) {
      this.#entries.clear();
      return;
    }
    for (const [key, entry] of this.#entries) if (entry.user.userId === userId) this.#entries.delete(key);
  }

  /** Stops listening and keeping; resolve() then always asks the database. */
  async stop(): Promise<void> {
    this.#isStopped = true;
    keptSessions.delete(this);
    clearTimeout(this.#relistenTimer);
    this.#relistenTimer = undefined;
    this.#isListening = false;
    this.forget(null);
    const listening = this.#listening;
    this.#listening = undefined;
    const unlisten = await listening;
    await unlisten?.();
  }

  async #listen(): Promise<Unlisten | undefined> {
    try {
      const unlisten = await this.#db.listen(
        SESSIONS_CHANNEL,
        (payload) => this.forget(payload === '*' ? null : payload),
        (error) => this.#listenFailed(error),
      );
      if (this.#isStopped) {
        await unlisten();
        return undefined;
      }
      // Whatever changed before the LISTEN took effect was read by no kept session: none is kept yet.
      this.forget(null);
      this.#isListening = true;
      return unlisten;
    } catch (error) {
      this.#listenFailed(error);
      return undefined;
    }
  }

  #listenFailed(error: unknown): void {
    // Announcements are lost from here on: keep nothing until listening again.
    this.#isListening = false;
    this.#listening = undefined;
    this.forget(null);
    if (this.#isStopped) return;
    this.#onListenError?.(error);
    this.#relistenTimer = setTimeout(() => {
      this.#relistenTimer = undefined;
      if (!this.#isStopped && !this.#listening) this.#listening = this.#listen();
    }, RELISTEN_MS);
    this.#relistenTimer.unref();
  }
}
