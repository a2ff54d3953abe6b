import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';

/**
 * Crypto-shredding (rule 9). Each person (a "subject") has a 256-bit data key, kept outside the
 * events table and wrapped with a key derived from the master key. Personal fields inside events
 * are sealed with it; destroying the key makes them unreadable forever while the events themselves
 * stay intact.
 *
 * The master key itself encrypts nothing and keys no hash (docs/decisions/019): HKDF derives one key
 * for wrapping data keys, one for blind indexes, and one per other purpose (deriveKey). The info
 * strings of the first two start with `sahay-vault:`, which deriveKey's `sahay:<purpose>` can never
 * produce, so no purpose name can ask for them.
 */
export interface Sealed {
  $sealed: 1;
  subject: string;
  iv: string;
  tag: string;
  ct: string;
}

export function isSealed(value: unknown): value is Sealed {
  return typeof value === 'object' && value !== null && (value as { $sealed?: unknown }).$sealed === 1;
}

function aesEncrypt(key: Buffer, plaintext: Buffer, aad: string): { iv: Buffer; tag: Buffer; ct: Buffer } {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ct };
}

function aesDecrypt(key: Buffer, parts: { iv: Buffer; tag: Buffer; ct: Buffer }, aad: string): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, parts.iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.ct), decipher.final()]);
}

/**
 * How a row of data_keys is wrapped (its key_scheme column). Rows written before decision 019 are
 * MASTER; the key migration (key-migration.ts) re-wraps them as DERIVED. Reading accepts both, so a
 * migration stopped half-way loses nothing.
 */
export const KEY_SCHEME = {
  /** AES-256-GCM under the raw master key (before decision 019). */
  MASTER: 1,
  /** AES-256-GCM under HKDF(master key, "sahay-vault:data-key-wrap"). */
  DERIVED: 2,
} as const;

const WRAP_KEY_INFO = 'sahay-vault:data-key-wrap';
const BLIND_INDEX_KEY_INFO = 'sahay-vault:blind-index';

function hkdf(masterKey: Buffer, info: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32));
}

/** Plaintext fed to the cipher per call when sealing or opening a file: its output is copied straight into the one result buffer. */
const FILE_CHUNK_BYTES = 64 * 1024;

/**
 * Seals a file's bytes as iv (12) | tag (16) | ciphertext into one buffer allocated once: the cipher
 * is fed FILE_CHUNK_BYTES at a time and each output is copied into place, so sealing holds one copy
 * of the file's size beside the caller's bytes (the pieces and a concatenation held two more).
 * Exported for bench/files/seal-memory.ts.
 */
export function encryptFileBytes(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const out = Buffer.allocUnsafe(28 + plaintext.length);
  iv.copy(out, 0);
  let at = 28;
  for (let start = 0; start < plaintext.length; start += FILE_CHUNK_BYTES) {
    at += cipher.update(plaintext.subarray(start, start + FILE_CHUNK_BYTES)).copy(out, at);
  }
  at += cipher.final().copy(out, at);
  cipher.getAuthTag().copy(out, 12);
  return at === out.length ? out : out.subarray(0, at);
}

/** Opens what encryptFileBytes sealed into one buffer allocated once (given back only once the tag checks). */
export function decryptFileBytes(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const { iv, tag, ct } = splitParts(sealed);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  const out = Buffer.allocUnsafe(ct.length);
  let at = 0;
  for (let start = 0; start < ct.length; start += FILE_CHUNK_BYTES) {
    at += decipher.update(ct.subarray(start, start + FILE_CHUNK_BYTES)).copy(out, at);
  }
  at += decipher.final().copy(out, at);
  return at === out.length ? out : out.subarray(0, at);
}

function joinParts(parts: { iv: Buffer; tag: Buffer; ct: Buffer }): Buffer {
  return Buffer.concat([parts.iv, parts.tag, parts.ct]);
}

function splitParts(bytes: Buffer): { iv: Buffer; tag: Buffer; ct: Buffer } {
  return { iv: bytes.subarray(0, 12), tag: bytes.subarray(12, 28), ct: bytes.subarray(28) };
}

export class PersonalDataVault {
  readonly #masterKey: Buffer;
  readonly #wrapKey: Buffer;
  readonly #blindIndexKey: Buffer;
  /**
   * Names the blind-index key without revealing it (an HMAC of a constant under it). Modules record
   * it beside a read model they indexed, so a different key (a new master key) is noticed and the
   * read model re-indexed once (key-migration.ts).
   */
  readonly blindIndexKeyId: string;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes.');
    this.#masterKey = masterKey;
    this.#wrapKey = hkdf(masterKey, WRAP_KEY_INFO);
    this.#blindIndexKey = hkdf(masterKey, BLIND_INDEX_KEY_INFO);
    this.blindIndexKeyId = crypto.createHmac('sha256', this.#blindIndexKey).update('sahay-vault:key-id').digest('hex').slice(0, 16);
  }

  /**
   * Derives a keyed hash for lookups and uniqueness (e-mail, phone) without storing the value in an
   * index. Keyed by the blind-index key: a value hashed before decision 019 (the master key) differs,
   * so read models holding such hashes are re-indexed by their module's reindex hook.
   */
  blindIndex(purpose: string, value: string): string {
    return crypto.createHmac('sha256', this.#blindIndexKey).update(`${purpose}\u0000${value}`).digest('base64url');
  }

  /**
   * Names the master key without revealing it (an HMAC of a constant under a subkey of its own): what
   * the database records as the key its data keys are wrapped with (master-key-check.ts).
   */
  masterKeyCheck(): string {
    return crypto.createHmac('sha256', this.deriveKey('master-key-check')).update('sahay-vault:master-key-check').digest('hex');
  }

  /** Whether a row of data_keys opens with this master key (read-only; nothing is kept). */
  opensDataKey(subjectId: string, wrapped: Buffer, scheme: number): boolean {
    try {
      this.#unwrap(subjectId, wrapped, scheme);
      return true;
    } catch {
      return false;
    }
  }

  /** A subkey for another purpose (session signing, QR signatures), derived from the master key. */
  deriveKey(purpose: string): Buffer {
    return hkdf(this.#masterKey, `sahay:${purpose}`);
  }

  #wrap(subjectId: string, dataKey: Buffer): Buffer {
    return joinParts(aesEncrypt(this.#wrapKey, dataKey, `data-key:${subjectId}`));
  }

  #unwrap(subjectId: string, wrapped: Buffer, scheme: number): Buffer {
    if (scheme === KEY_SCHEME.DERIVED) return aesDecrypt(this.#wrapKey, splitParts(wrapped), `data-key:${subjectId}`);
    if (scheme === KEY_SCHEME.MASTER) return aesDecrypt(this.#masterKey, splitParts(wrapped), `data-key:${subjectId}`);
    throw new Error(`The data key of ${subjectId} uses key scheme ${scheme}, which this version does not know.`);
  }

  /** Returns the subject's key, creating it if missing; null when it was erased. */
  async #keyFor(tx: Queryable, subjectId: string, create: boolean): Promise<Buffer | null> {
    if (create) {
      // One round trip where there were two (every seal, every receipt file; decision 084): the key
      // this inserted, or the one already there. A key that another transaction committed while this
      // statement waited on its row is outside the statement's snapshot, so no row comes back: read again.
      const { rows } = await tx.query<{ wrapped_key: Uint8Array | null; key_scheme: number }>(
        `WITH inserted AS (
           INSERT INTO data_keys (subject_id, wrapped_key, key_scheme) VALUES ($1, $2, $3) ON CONFLICT (subject_id) DO NOTHING
           RETURNING wrapped_key, key_scheme
         )
         SELECT wrapped_key, key_scheme FROM inserted
         UNION ALL SELECT wrapped_key, key_scheme FROM data_keys WHERE subject_id = $1`,
        [subjectId, this.#wrap(subjectId, crypto.randomBytes(32)), KEY_SCHEME.DERIVED],
      );
      if (rows[0]) return this.#keyOfRow(subjectId, rows[0]);
    }
    // The key and its scheme in one read: a re-wrap committing in between cannot mix them.
    const { rows } = await tx.query<{ wrapped_key: Uint8Array | null; key_scheme: number }>(
      `SELECT wrapped_key, key_scheme FROM data_keys WHERE subject_id = $1`,
      [subjectId],
    );
    return rows[0] ? this.#keyOfRow(subjectId, rows[0]) : null;
  }

  #keyOfRow(subjectId: string, row: { wrapped_key: Uint8Array | null; key_scheme: number }): Buffer | null {
    if (!row.wrapped_key) return null;
    return this.#unwrap(subjectId, Buffer.from(row.wrapped_key), row.key_scheme);
  }

  /**
   * Re-wraps up to `limit` live data keys still under the raw master key with the derived wrapping
   * key, and marks erased rows of the old scheme as the new one (they hold no key). The data keys
   * themselves do not change, so everything sealed under them still opens. Rows are locked for the
   * caller's transaction; the UPDATE re-checks the scheme and that the key is still there, so a key
   * erased meanwhile stays erased and a row re-wrapped by someone else is left alone. Returns how
   * many live keys it re-wrapped and whether old-scheme rows may remain.
   */
  async rewrapMasterWrappedKeys(tx: Queryable, limit: number): Promise<{ rewrapped: number; hasMore: boolean }> {
    const { rows } = await tx.query<{ subject_id: string; wrapped_key: Uint8Array | null }>(
      `SELECT subject_id, wrapped_key FROM data_keys WHERE key_scheme = $1 ORDER BY subject_id LIMIT $2 FOR UPDATE`,
      [KEY_SCHEME.MASTER, limit],
    );
    let rewrapped = 0;
    for (const row of rows) {
      if (row.wrapped_key) {
        let dataKey: Buffer;
        try {
          dataKey = this.#unwrap(row.subject_id, Buffer.from(row.wrapped_key), KEY_SCHEME.MASTER);
        } catch (error) {
          // GCM says only "unable to authenticate data"; the likely cause is the operator's.
          throw new Error(
            `The data key of ${row.subject_id} does not open with this master key: is SAHAY_MASTER_KEY (or $SAHAY_DATA_DIR/master.key) the one this database was made with?`,
            { cause: error },
          );
        }
        const { rowCount } = await tx.query(
          `UPDATE data_keys SET wrapped_key = $2, key_scheme = $3 WHERE subject_id = $1 AND key_scheme = $4 AND wrapped_key IS NOT NULL`,
          [row.subject_id, this.#wrap(row.subject_id, dataKey), KEY_SCHEME.DERIVED, KEY_SCHEME.MASTER],
        );
        rewrapped += rowCount;
      } else {
        await tx.query(`UPDATE data_keys SET key_scheme = $2 WHERE subject_id = $1 AND key_scheme = $3 AND wrapped_key IS NULL`, [
          row.subject_id,
          KEY_SCHEME.DERIVED,
          KEY_SCHEME.MASTER,
        ]);
      }
    }
    return { rewrapped, hasMore: rows.length === limit };
  }

  async seal(tx: Queryable, subjectId: string, value: unknown): Promise<Sealed> {
    const key = await this.#keyFor(tx, subjectId, true);
    if (!key) throw new Error(`The personal data of ${subjectId} has been erased; nothing new can be sealed for it.`);
    const parts = aesEncrypt(key, Buffer.from(JSON.stringify(value)), subjectId);
    return {
      $sealed: 1,
      subject: subjectId,
      iv: parts.iv.toString('base64'),
      tag: parts.tag.toString('base64'),
      ct: parts.ct.toString('base64'),
    };
  }

  /** The sealed value, or null when the subject's key is gone. */
  async reveal<V>(tx: Queryable, sealed: unknown, cache?: Map<string, Buffer | null>): Promise<V | null> {
    if (!isSealed(sealed)) return null;
    let key = cache?.get(sealed.subject);
    if (key === undefined) {
      key = await this.#keyFor(tx, sealed.subject, false);
      cache?.set(sealed.subject, key);
    }
    if (!key) return null;
    const plaintext = aesDecrypt(
      key,
      { iv: Buffer.from(sealed.iv, 'base64'), tag: Buffer.from(sealed.tag, 'base64'), ct: Buffer.from(sealed.ct, 'base64') },
      sealed.subject,
    );
    return JSON.parse(plaintext.toString('utf8')) as V;
  }

  /**
   * Encrypts bytes (a file) under the subject's data key, bound to `label` (the file's ID) so a
   * ciphertext cannot be passed off as another file. Layout: iv (12) | tag (16) | ciphertext.
   */
  async sealBytes(tx: Queryable, subjectId: string, label: string, bytes: Buffer): Promise<Buffer> {
    const key = await this.#keyFor(tx, subjectId, true);
    if (!key) throw new Error(`The personal data of ${subjectId} has been erased; nothing new can be sealed for it.`);
    return encryptFileBytes(key, bytes, `${subjectId}\u0000${label}`);
  }

  /** The bytes sealed by sealBytes, or null when the subject's key is gone. Tampering throws. */
  async openBytes(tx: Queryable, subjectId: string, label: string, sealed: Buffer): Promise<Buffer | null> {
    const key = await this.#keyFor(tx, subjectId, false);
    if (!key) return null;
    return decryptFileBytes(key, sealed, `${subjectId}\u0000${label}`);
  }

  /** Destroys the subject's key. Returns false when there was no live key. */
  async destroyKey(tx: Queryable, subjectId: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE data_keys SET wrapped_key = NULL, erased_at = now() WHERE subject_id = $1 AND wrapped_key IS NOT NULL`,
      [subjectId],
    );
    return rowCount > 0;
  }
}

/**
 * A person's (or record's) data key was destroyed: every sealed field and file of `subjectId` is
 * unreadable from now on. Recorded on the subject's own stream; it carries no personal data, and
 * every projection that holds personal data scrubs the subject when it sees it.
 */
export type PersonalDataErased = {
  type: 'PersonalDataErased';
  /** `reason` is checked to hold no e-mail address or phone number: it stays after the erasure. Absent in early events. */
  data: { subjectId: string; erasedAt: string; reason?: string };
};
