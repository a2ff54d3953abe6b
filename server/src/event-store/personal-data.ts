import crypto from 'node:crypto';
import type { Queryable } from '#server/db/db';

/**
 * Crypto-shredding (rule 9). Each person (a "subject") has a 256-bit data key, kept outside the
 * events table and wrapped with the master key. Personal fields inside events are sealed with it;
 * destroying the key makes them unreadable forever while the events themselves stay intact.
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

export class PersonalDataVault {
  readonly #masterKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes.');
    this.#masterKey = masterKey;
  }

  /** Derives a keyed hash for lookups and uniqueness (e-mail, phone) without storing the value in an index. */
  blindIndex(purpose: string, value: string): string {
    return crypto.createHmac('sha256', this.#masterKey).update(`${purpose}\u0000${value}`).digest('base64url');
  }

  /** A subkey for another purpose (session signing, QR signatures), derived from the master key. */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(crypto.hkdfSync('sha256', this.#masterKey, Buffer.alloc(0), `sahay:${purpose}`, 32));
  }

  /** Returns the subject's key, creating it if missing; null when it was erased. */
  async #keyFor(tx: Queryable, subjectId: string, create: boolean): Promise<Buffer | null> {
    if (create) {
      const fresh = aesEncrypt(this.#masterKey, crypto.randomBytes(32), `data-key:${subjectId}`);
      await tx.query(
        `INSERT INTO data_keys (subject_id, wrapped_key) VALUES ($1, $2) ON CONFLICT (subject_id) DO NOTHING`,
        [subjectId, Buffer.concat([fresh.iv, fresh.tag, fresh.ct])],
      );
    }
    const { rows } = await tx.query<{ wrapped_key: Uint8Array | null }>(
      `SELECT wrapped_key FROM data_keys WHERE subject_id = $1`,
      [subjectId],
    );
    const wrapped = rows[0]?.wrapped_key;
    if (!wrapped) return null;
    const bytes = Buffer.from(wrapped);
    return aesDecrypt(this.#masterKey, { iv: bytes.subarray(0, 12), tag: bytes.subarray(12, 28), ct: bytes.subarray(28) }, `data-key:${subjectId}`);
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

  /** Destroys the subject's key. Returns false when there was no live key. */
  async destroyKey(tx: Queryable, subjectId: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE data_keys SET wrapped_key = NULL, erased_at = now() WHERE subject_id = $1 AND wrapped_key IS NOT NULL`,
      [subjectId],
    );
    return rowCount > 0;
  }
}
