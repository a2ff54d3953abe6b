/** Where a file's ciphertext lives: in the database (file_parts) or in an S3 bucket. */
export type FileStorage = 'db' | 's3';

/**
 * Where ciphertext is kept. `write` runs before the row is inserted and returns what the store keeps in
 * the database (file_parts; null when the bytes live elsewhere); `read` is given that, read back.
 */
export interface BlobBackend {
  readonly storage: FileStorage;
  write(fileId: string, ciphertext: Buffer): Promise<Buffer | null>;
  /** The ciphertext, or null when it is missing. */
  read(fileId: string, column: Buffer | null): Promise<Buffer | null>;
  /** Deletes stored bytes outside the row; a no-op for the database. */
  delete(fileIds: readonly string[]): Promise<void>;
  /** File IDs of stored objects last written before `before` (S3 only; the database has no orphans). */
  listOlderThan(before: Date): AsyncIterable<string[]>;
  check(): Promise<void>;
  close(): void;
}
