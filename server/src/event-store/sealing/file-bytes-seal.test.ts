import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptFileBytes, encryptFileBytes } from './personal-data.ts';

/** The layout files were sealed with before the one-buffer sealing (issue 29 review): iv | tag | ciphertext. */
function sealedTheOldWay(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

describe('sealing a file into one buffer', () => {
  const key = crypto.randomBytes(32);
  const aad = 'help-ABCD2345\u0000file-1';

  it.each([0, 1, 64 * 1024 - 1, 64 * 1024, 64 * 1024 + 1, 3 * 64 * 1024 + 17])('round-trips %i bytes, and opens files sealed the old way', (size) => {
    const plaintext = crypto.randomBytes(size);
    const sealed = encryptFileBytes(key, plaintext, aad);
    expect(sealed.length).toBe(28 + size);
    expect(decryptFileBytes(key, sealed, aad).equals(plaintext)).toBe(true);
    expect(decryptFileBytes(key, sealedTheOldWay(key, plaintext, aad), aad).equals(plaintext)).toBe(true);
  });

  it('refuses a changed byte, another file’s label or another key', () => {
    const sealed = encryptFileBytes(key, crypto.randomBytes(200_000), aad);
    const altered = Buffer.from(sealed);
    altered[100_000] = altered[100_000]! ^ 1;
    expect(() => decryptFileBytes(key, altered, aad)).toThrow();
    expect(() => decryptFileBytes(key, sealed, 'help-ABCD2345\u0000file-2')).toThrow();
    expect(() => decryptFileBytes(crypto.randomBytes(32), sealed, aad)).toThrow();
  });
});
