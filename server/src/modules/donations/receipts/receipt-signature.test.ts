import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PersonalDataVault } from '#server/event-store/sealing/personal-data';
import { isGenuineReceiptSignature, signReceipt } from './receipt-signature.ts';

describe('receipt signatures', () => {
  const vault = new PersonalDataVault(crypto.randomBytes(32));
  const serial = 'SAHAY/2026-27/000123';

  it('signs a serial so that only this key finds it genuine', () => {
    const signature = signReceipt(vault, serial);
    expect(signature).toMatch(/^1\.[A-Za-z0-9_-]{22}$/);
    expect(isGenuineReceiptSignature(vault, serial, signature)).toBe(true);
    expect(isGenuineReceiptSignature(new PersonalDataVault(crypto.randomBytes(32)), serial, signature)).toBe(false);
  });

  it('refuses another serial, a changed signature, and malformed input', () => {
    const signature = signReceipt(vault, serial);
    expect(isGenuineReceiptSignature(vault, 'SAHAY/2026-27/000124', signature)).toBe(false);
    expect(isGenuineReceiptSignature(vault, serial, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(isGenuineReceiptSignature(vault, serial, '')).toBe(false);
    expect(isGenuineReceiptSignature(vault, 'not a serial', signReceipt(vault, 'not a serial'))).toBe(false);
  });

  it('uses a key of its own: an I-card signature of the same text does not pass', () => {
    const idCardMac = crypto.createHmac('sha256', vault.deriveKey('id-card')).update(`donation-receipt\u00001\u0000${serial}`).digest().subarray(0, 16).toString('base64url');
    expect(isGenuineReceiptSignature(vault, serial, `1.${idCardMac}`)).toBe(false);
  });
});
