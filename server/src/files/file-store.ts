import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { FilesConfig } from '#server/config';
import type { Db, Queryable } from '#server/db/db';
import type { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import type { BlobBackend, FileStorage } from './blob-backend.ts';
import { S3Blobs } from './s3-blobs.ts';

export type { BlobBackend, FileStorage };

/**
 * Every stored file goes through this one interface (decision 016). Bytes are encrypted with the
 * data key of the subject (the person or record the file belongs to), so erasing that subject's
 * key shreds its files wherever they are kept. IDs are random UUIDs: nothing in an ID, a row's
 * key columns or an object key names a person.
 */
export interface FileStore {
  /** Where the ciphertext lives: in the `files` row, or as an object in S3-compatible storage. */
  readonly storage: FileStorage;
  /**
   * Encrypts and stores the bytes. Given `tx`, the row is written in that transaction, so a file
   * and the event that refers to it commit together (or neither does; with S3 the object of a
   * rolled-back put is left for `sweep`).
   */
  put(input: PutFileInput, tx?: Queryable): Promise<PutFileResult>;
  /**
   * The decrypted file, or null when there is no such file, it does not match `where`, or its
   * subject's key was destroyed (erased). Throws FileIntegrityError when the stored bytes were
   * altered.
   */
  get(fileId: string, where?: FileWhere): Promise<StoredFile | null>;
  /** What is known about a file without reading its bytes; null as for get (except erasure). */
  stat(fileId: string, where?: FileWhere): Promise<FileInfo | null>;
  /** Removes one file; false when there was none. */
  remove(fileId: string, where?: FileWhere): Promise<boolean>;
  /** Erasure: removes every file of a subject; returns how many. */
  removeAllOf(subjectId: string, tx?: Queryable): Promise<number>;
  /** Removes what can never be read again; see sweepFiles in sweep.ts. */
  sweep(options: SweepOptions): Promise<SweepResult>;
  /** Start-up check that the storage answers (S3: the bucket exists and the keys are accepted). */
  check(): Promise<void>;
  close(): void;
}


export interface PutFileInput {
  /** The person or record the file belongs to, e.g. `user-<uuid>`; its data key encrypts the file. */
  subjectId: string;
  /** What the file is for, e.g. `qr-code`, `donation-proof` (lower case, digits, hyphens). */
  kind: string;
  /** The type found from the content (uploads/), never what a client claimed. */
  mediaType: string;
  bytes: Buffer;
  /**
   * The ID to store it under (a UUID), when the event that names the file is decided before the file
   * is written in the same transaction; a fresh one otherwise.
   */
  fileId?: string;
}

export interface PutFileResult {
  fileId: string;
  byteSize: number;
  /** SHA-256 of the plaintext, hex. */
  sha256: string;
}

export interface FileInfo {
  fileId: string;
  subjectId: string;
  kind: string;
  mediaType: string;
  byteSize: number;
  sha256: string;
  storage: FileStorage;
  createdAt: Date;
}

export interface StoredFile extends FileInfo {
  bytes: Buffer;
}

/**
 * Narrows a lookup, so ownership sits in the query itself (a missed check elsewhere still finds
 * nothing). `tx` runs it inside a caller's transaction.
 */
export interface FileWhere {
  subjectId?: string;
  kind?: string;
  tx?: Queryable;
}

export interface SweepOptions {
  now: Date;
  /** Objects younger than this may belong to a put whose row is not committed yet. Default one hour. */
  orphanMinAgeMs?: number;
}

export interface SweepResult {
  /** Rows (and their objects) of subjects whose key was destroyed: unreadable for ever. */
  shreddedFiles: number;
  /** S3 objects with no row, older than orphanMinAgeMs. */
  orphanObjects: number;
}

/** The stored bytes do not decrypt or do not match their recorded size and hash. */
export class FileIntegrityError extends Error {
  override name = 'FileIntegrityError';
}

/** Far above any upload cap; a guard against a caller storing something that is not an upload. */
export const MAX_STORED_FILE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KIND = /^[a-z][a-z0-9-]{0,62}$/;
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;

export function isFileId(value: string): boolean {
  return UUID.test(value);
}


/**
 * Ciphertext in the database: one backup holds everything, and any server process can read it. The
 * store writes what `write` returns to file_parts in bounded parts, and hands `read` those parts
 * joined (or, for a file written before decision 039, its `files.ciphertext` column).
 */
export class DbBlobs implements BlobBackend {
  readonly storage = 'db' as const;
  async write(_fileId: string, ciphertext: Buffer): Promise<Buffer> {
    return ciphertext;
  }
  async read(_fileId: string, column: Buffer | null): Promise<Buffer | null> {
    return column;
  }
  async delete(): Promise<void> {}
  async *listOlderThan(): AsyncIterable<string[]> {}
  async check(): Promise<void> {}
  close(): void {}
}

interface FileRow {
  file_id: string;
  subject_id: string;
  kind: string;
  media_type: string;
  byte_size: number;
  sha256: string;
  storage: FileStorage;
  created_at: Date | string;
}

/**
 * A stored file is read in slices of this many bytes, one row each. pg hands bytea over as hex
 * text, and one string for a whole file (2 MB for a 1 MB scan) goes straight into V8's old
 * generation, where every few of them start a full collection: the document worker spent about a
 * sixth of its CPU on those (bench/kanyadan; docs/decisions/026). A slice's text (120,000
 * characters) stays under V8's large-object size and dies young, where collecting costs nearly
 * nothing.
 */
export const READ_CHUNK_BYTES = 60_000;

const INFO_COLUMNS = `file_id::text AS file_id, subject_id, kind, media_type, byte_size, sha256, storage, created_at`;

function toInfo(row: FileRow): FileInfo {
  return {
    fileId: row.file_id,
    subjectId: row.subject_id,
    kind: row.kind,
    mediaType: row.media_type,
    byteSize: row.byte_size,
    sha256: row.sha256,
    storage: row.storage,
    createdAt: new Date(row.created_at),
  };
}

function whereClause(fileId: string, where: FileWhere): { sql: string; params: unknown[] } {
  const params: unknown[] = [fileId];
  let sql = 'file_id = $1';
  if (where.subjectId !== undefined) {
    params.push(where.subjectId);
    sql += ` AND subject_id = $${params.length}`;
  }
  if (where.kind !== undefined) {
    params.push(where.kind);
    sql += ` AND kind = $${params.length}`;
  }
  return { sql, params };
}

/** Parts per INSERT: a few round trips per file, each statement's parameters under half a megabyte. */
const PARTS_PER_INSERT = 8;

/**
 * Writes ciphertext to file_parts, READ_CHUNK_BYTES a row. The parts are views of the one buffer
 * (no copy); each is sent as its own parameter, so no query carries the whole file.
 */
async function writeParts(q: Queryable, fileId: string, ciphertext: Buffer): Promise<void> {
  const count = Math.ceil(ciphertext.length / READ_CHUNK_BYTES);
  for (let first = 0; first < count; first += PARTS_PER_INSERT) {
    const params: unknown[] = [fileId];
    const values: string[] = [];
    for (let n = first; n < Math.min(count, first + PARTS_PER_INSERT); n++) {
      params.push(n, ciphertext.subarray(n * READ_CHUNK_BYTES, (n + 1) * READ_CHUNK_BYTES));
      values.push(`($1, $${params.length - 1}::integer, $${params.length}::bytea)`);
    }
    await q.query(`INSERT INTO file_parts (file_id, n, bytes) VALUES ${values.join(', ')}`, params);
  }
}

function sha256Hex(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export interface EncryptedFileStoreOptions {
  db: Db;
  vault: PersonalDataVault;
  blobs: BlobBackend;
  log: Logger;
  now: () => Date;
}

/**
 * The one FileStore: sealing, rows and erasure here; where the ciphertext sits is the backend's.
 *
 * Order of writes with S3 (the database cannot share a transaction with the bucket): the object
 * is written first and the row second, and on removal the row goes first and the object second.
 * So a row always has its object; a crash in between leaves at worst an object without a row,
 * which nobody can reach and `sweep` deletes once it is older than an hour.
 */
export class EncryptedFileStore implements FileStore {
  readonly #db: Db;
  readonly #vault: PersonalDataVault;
  readonly #blobs: BlobBackend;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(options: EncryptedFileStoreOptions) {
    this.#db = options.db;
    this.#vault = options.vault;
    this.#blobs = options.blobs;
    this.#log = options.log;
    this.#now = options.now;
  }

  get storage(): FileStorage {
    return this.#blobs.storage;
  }

  async put(input: PutFileInput, tx?: Queryable): Promise<PutFileResult> {
    if (!input.subjectId || input.subjectId.length > 200) throw new Error('FileStore.put: subjectId must be 1-200 characters');
    if (!KIND.test(input.kind)) throw new Error(`FileStore.put: kind "${input.kind}" must be lower-case letters, digits and hyphens`);
    if (!MEDIA_TYPE.test(input.mediaType)) throw new Error(`FileStore.put: "${input.mediaType}" is not a media type`);
    if (input.bytes.length > MAX_STORED_FILE_BYTES) throw new Error(`FileStore.put: ${input.bytes.length} bytes is above the ${MAX_STORED_FILE_BYTES}-byte limit`);
    if (input.fileId !== undefined && !isFileId(input.fileId)) throw new Error('FileStore.put: fileId must be a UUID');
    const fileId = input.fileId ?? crypto.randomUUID();
    const result: PutFileResult = { fileId, byteSize: input.bytes.length, sha256: sha256Hex(input.bytes) };
    const write = async (q: Queryable) => {
      const ciphertext = await this.#vault.sealBytes(q, input.subjectId, fileId, input.bytes);
      // With S3 this uploads before the row exists: see the class comment for why this order.
      const column = await this.#blobs.write(fileId, ciphertext);
      await q.query(
        `INSERT INTO files (file_id, subject_id, kind, media_type, byte_size, sha256, storage, ciphertext, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, $8)`,
        [fileId, input.subjectId, input.kind, input.mediaType, result.byteSize, result.sha256, this.#blobs.storage, this.#now()],
      );
      if (column) await writeParts(q, fileId, column);
    };
    if (tx) await write(tx);
    else await this.#db.transaction(write);
    return result;
  }

  async stat(fileId: string, where: FileWhere = {}): Promise<FileInfo | null> {
    if (!isFileId(fileId)) return null;
    const { sql, params } = whereClause(fileId, where);
    const { rows } = await (where.tx ?? this.#db).query<FileRow>(`SELECT ${INFO_COLUMNS} FROM files WHERE ${sql}`, params);
    return rows[0] ? toInfo(rows[0]) : null;
  }

  async get(fileId: string, where: FileWhere = {}): Promise<StoredFile | null> {
    if (!isFileId(fileId)) return null;
    const q = where.tx ?? this.#db;
    const { sql, params } = whereClause(fileId, where);
    // Parts (file_parts) for files written since decision 039; slices of the column for those before.
    const { rows } = await q.query<FileRow & { chunk: Uint8Array | null }>(
      `SELECT ${INFO_COLUMNS}, part.chunk
       FROM files LEFT JOIN LATERAL (
         SELECT p.n, p.bytes AS chunk FROM file_parts p WHERE p.file_id = files.file_id
         UNION ALL
         SELECT s.n, substring(files.ciphertext FROM 1 + s.n * ${READ_CHUNK_BYTES} FOR ${READ_CHUNK_BYTES})
         FROM generate_series(0, (octet_length(files.ciphertext) - 1) / ${READ_CHUNK_BYTES}) AS s(n)
       ) AS part ON true
       WHERE ${sql} ORDER BY part.n`,
      params,
    );
    const row = rows[0];
    if (!row) return null;
    const info = toInfo(row);
    const column = row.chunk ? Buffer.concat(rows.map((part) => part.chunk!)) : null;
    const ciphertext = await this.#blobs.read(fileId, column);
    if (!ciphertext) {
      // Removed between our two reads (row first, object second) is not an error; a row whose
      // object is missing otherwise is.
      if (!(await this.stat(fileId, { tx: where.tx }))) return null;
      throw new FileIntegrityError(`File ${fileId}: the row exists but its ${info.storage} object is missing`);
    }
    let bytes: Buffer | null;
    try {
      bytes = await this.#vault.openBytes(q, info.subjectId, fileId, ciphertext);
    } catch (error) {
      throw new FileIntegrityError(`File ${fileId}: the ciphertext does not authenticate (altered, or not this file's)`, { cause: error });
    }
    if (!bytes) return null;
    if (bytes.length !== info.byteSize || sha256Hex(bytes) !== info.sha256) {
      throw new FileIntegrityError(`File ${fileId}: the decrypted bytes do not match the recorded size and SHA-256`);
    }
    return { ...info, bytes };
  }

  async remove(fileId: string, where: FileWhere = {}): Promise<boolean> {
    if (!isFileId(fileId)) return false;
    const { sql, params } = whereClause(fileId, where);
    const { rows } = await (where.tx ?? this.#db).query<{ file_id: string }>(`DELETE FROM files WHERE ${sql} RETURNING file_id::text AS file_id`, params);
    if (rows.length === 0) return false;
    // Inside a caller's transaction the row may yet come back (rollback); its object then must
    // still be there, so it is left for the orphan sweep once the row is really gone.
    if (!where.tx) await this.#deleteBlobs([fileId]);
    return true;
  }

  async removeAllOf(subjectId: string, tx?: Queryable): Promise<number> {
    const { rows } = await (tx ?? this.#db).query<{ file_id: string }>(`DELETE FROM files WHERE subject_id = $1 RETURNING file_id::text AS file_id`, [subjectId]);
    if (!tx) await this.#deleteBlobs(rows.map((row) => row.file_id));
    return rows.length;
  }

  async sweep(options: SweepOptions): Promise<SweepResult> {
    // Files whose key is gone can never be opened again: drop the rows, then their objects.
    const { rows } = await this.#db.query<{ file_id: string }>(
      `DELETE FROM files f USING data_keys k
       WHERE k.subject_id = f.subject_id AND k.wrapped_key IS NULL
       RETURNING f.file_id::text AS file_id`,
    );
    await this.#deleteBlobs(rows.map((row) => row.file_id));

    let orphanObjects = 0;
    const before = new Date(options.now.getTime() - (options.orphanMinAgeMs ?? DEFAULT_ORPHAN_MIN_AGE_MS));
    for await (const candidates of this.#blobs.listOlderThan(before)) {
      if (candidates.length === 0) continue;
      const { rows: known } = await this.#db.query<{ file_id: string }>(`SELECT file_id::text AS file_id FROM files WHERE file_id = ANY($1::uuid[])`, [candidates]);
      const kept = new Set(known.map((row) => row.file_id));
      const orphans = candidates.filter((fileId) => !kept.has(fileId));
      await this.#blobs.delete(orphans);
      orphanObjects += orphans.length;
    }
    return { shreddedFiles: rows.length, orphanObjects };
  }

  check(): Promise<void> {
    return this.#blobs.check();
  }

  close(): void {
    this.#blobs.close();
  }

  /** After the rows are gone: a failure only leaves orphans (unreachable, and sealed) for the sweep. */
  async #deleteBlobs(fileIds: string[]): Promise<void> {
    if (fileIds.length === 0) return;
    try {
      await this.#blobs.delete(fileIds);
    } catch (error) {
      this.#log.warn({ err: error, count: fileIds.length }, 'file objects not deleted; the orphan sweep will remove them');
    }
  }
}

export interface CreateFileStoreOptions {
  config: FilesConfig;
  db: Db;
  vault: PersonalDataVault;
  log: Logger;
  now: () => Date;
}

/** The store the configuration asks for: S3-compatible storage when S3_* is set, else the database. */
export function createFileStore(options: CreateFileStoreOptions): FileStore {
  const blobs = options.config.kind === 's3' ? new S3Blobs(options.config) : new DbBlobs();
  return new EncryptedFileStore({ db: options.db, vault: options.vault, blobs, log: options.log, now: options.now });
}

/**
 * The bytes of every stored file, as recorded when it was stored (the plain size, whether the bytes
 * are in the database or in object storage): the file store's size for the System health page's
 * storage alert (decision 078). One sum over the files table, whatever the backend.
 */
export async function storedFileBytes(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ bytes: string | null }>(`SELECT sum(byte_size)::text AS bytes FROM files`);
  return Number(rows[0]?.bytes ?? 0);
}
