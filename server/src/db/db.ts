/** The one database interface the app uses; PostgreSQL (pg) and PGlite both implement it. */
export type Row = Record<string, unknown>;

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Prepares the statement once per connection under this name (PostgreSQL skips parse and plan
   * afterwards). Only for fixed SQL on hot paths: each name holds one plan per connection.
   */
  name?: string;
}

export interface Queryable {
  query<R = Row>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
}

/** The handle a transaction's work runs on. */
export interface Transaction extends Queryable {
  /**
   * Runs fn once this transaction has committed, never when it rolls back: for signals that must
   * not be seen before the data (waking readers of the events just appended). fn must not throw;
   * if it does, the commit still stands and the error becomes a process warning.
   */
  afterCommit(fn: () => void): void;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>;
  /**
   * LISTEN on a channel; the returned function stops listening. A wake-up only, never the data
   * itself. onLost is called once if the listening connection fails (the listening has then ended).
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost?: (error: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The connection pool's figures for /metrics: connections open, handed out, and callers waiting
   * for one. PostgreSQL only; the embedded database is one connection in this process, no pool.
   */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** The most connections the pool opens (DATABASE_POOL_SIZE). */
  max: number;
  inUse: number;
  idle: number;
  waiting: number;
}

/**
 * Runs fn once the work done through q is committed: after the commit when q is a transaction, at
 * once otherwise (a statement outside a transaction has committed by the time it returns).
 */
export function afterCommit(q: Queryable, fn: () => void): void {
  if (isTransaction(q)) q.afterCommit(fn);
  else fn();
}

function isTransaction(q: Queryable): q is Transaction {
  return 'afterCommit' in q && typeof q.afterCommit === 'function';
}

/** Calls the callbacks a committed transaction collected; one that throws does not stop the others. */
export function runAfterCommit(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks) {
    try {
      callback();
    } catch (error) {
      // The transaction has committed: its caller must see success, so the error cannot go to it.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** PostgreSQL's SQLSTATE codes the app reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_SERIALIZATION_FAILURE = '40001';

export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export function constraintName(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error && typeof error.constraint === 'string') {
    return error.constraint;
  }
  return undefined;
}
