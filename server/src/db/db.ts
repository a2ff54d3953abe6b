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

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (READ COMMITTED); commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, test set-up). */
  exec(sql: string): Promise<void>;
  /** LISTEN on a channel; the returned function stops listening. A wake-up only, never the data itself. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
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
