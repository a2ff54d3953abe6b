import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type Db, type Queryable, type QueryResult, runAfterCommit } from './db.ts';

/** PostgreSQL's OID of bigint (int8): read as a number, as the pg driver is set to. */
const INT8_OID = 20;
const BYTEA_OID = 17;
/**
 * bytea both ways as one hex string made and read by Buffer's native code. PGlite's own (0.5)
 * turned a parameter into an array of one number per byte, then one two-character string per
 * byte, then joined them, and read a result back with one substring and parseInt per byte: a 3.6 MB
 * photo's parameter alone took about 380 MB of JavaScript heap, and the server died at its 192 MB
 * heap limit (issue 29; docs/decisions/039). Results come back as Buffers, as from the pg driver.
 */
export const parsers = {
  [INT8_OID]: (value: string) => Number(value),
  [BYTEA_OID]: (value: string) => Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex'),
};
export const serializers = {
  [BYTEA_OID]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

interface PGliteLike {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
}

function wrap(target: PGliteLike): Queryable {
  return {
    async query<R>(text: string, params?: readonly unknown[]): Promise<QueryResult<R>> {
      const result = await target.query<R>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/**
 * The embedded database: PostgreSQL compiled to WASM, one connection, in this process.
 * `dir` undefined means in memory (tests). PGlite runs one transaction at a time, so concurrent
 * callers queue; the semantics of append (compare-and-set on the stream version) are unchanged.
 * `loadDataDir` starts it from a dump of a data directory (tests copy a migrated one that way).
 */
export async function openPglite(dir?: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (dir) fs.mkdirSync(dir, { recursive: true });
  // Loaded here, not at the top: a process on PostgreSQL (the worker, the server in production)
  // then never loads the embedded database (about 40 MB of memory).
  const { PGlite } = await import('@electric-sql/pglite');
  return pgliteDb(await PGlite.create(dir ?? 'memory://', { parsers, serializers, loadDataDir: options.loadDataDir }));
}

/** A Db over an open PGlite, which it closes on close(). */
export function pgliteDb(pglite: PGlite): Db {
  const root = wrap(pglite);
  return {
    kind: 'pglite',
    query: root.query,
    async transaction(fn) {
      const committed: (() => void)[] = [];
      const result = await pglite.transaction((tx) => fn({ ...wrap(tx), afterCommit: (callback) => void committed.push(callback) }));
      runAfterCommit(committed);
      return result;
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
    // In-process: there is no connection to lose, so onLost is never called.
    async listen(channel, onNotify) {
      const unsubscribe = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        await unsubscribe();
      };
    },
    async close() {
      await pglite.close();
    },
  };
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database can have one process at a time. A lock file with the owner's PID keeps a
 * tool from opening it while the server runs (two writers would corrupt it); a stale lock from a
 * process that died is taken over.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, owner, since: new Date().toISOString() }), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: { pid?: number; owner?: string } = {};
      try {
        holder = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as typeof holder;
      } catch {
        // An unreadable lock file is treated as stale.
      }
      if (typeof holder.pid === 'number' && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by ${holder.owner ?? 'another process'} (PID ${holder.pid}). ` +
            'Stop it first, or set DATABASE_URL to use PostgreSQL, where tools work while the server runs.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}.`);
}
