import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totp, totpStep } from './totp.ts';

// RFC 4226 appendix D and RFC 6238 appendix B use this ASCII secret.
const RFC_SECRET = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238) and HOTP (RFC 4226)', () => {
  it('gives the HOTP values of RFC 4226 appendix D', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('gives the SHA-1 TOTP values of RFC 6238 appendix B (8 digits)', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of vectors) expect(totp(RFC_SECRET, new Date(seconds * 1000), 8), String(seconds)).toBe(code);
  });

  it('accepts the code of this step and of one step either side, and says which step it was', () => {
    const secret = newTotpSecret();
    const at = new Date('2026-11-21T10:00:15Z');
    const step = totpStep(at);
    for (const offset of [-1, 0, 1]) expect(matchTotp(secret, hotp(secret, step + offset), at)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) expect(matchTotp(secret, hotp(secret, step + offset), at)).toBeNull();
  });

  it('refuses anything that is not six digits, and another secret’s code', () => {
    const secret = newTotpSecret();
    const at = new Date();
    const code = totp(secret, at);
    for (const bad of ['', '12345', '1234567', ` ${code}`, 'abcdef', code.replace(/\d$/, 'x')]) expect(matchTotp(secret, bad, at), bad).toBeNull();
    expect(matchTotp(newTotpSecret(), code, at)).toBeNull();
  });

  it('round-trips base32 for any bytes, and reads it as people type it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect([...base32Decode(base32Encode(bytes))]).toEqual([...bytes]);
      }),
    );
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI'); // RFC 4648 section 10
    expect(base32Decode('mzxw 6ytb oi==').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow(/Not base32/);
  });

  it('writes the otpauth address authenticator apps read', () => {
    const uri = new URL(otpauthUri(RFC_SECRET, { issuer: 'Sahay Foundation', account: 'SAH100001' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Sahay Foundation:SAH100001');
    expect(uri.searchParams.get('secret')).toBe(base32Encode(RFC_SECRET));
    expect(uri.searchParams.get('issuer')).toBe('Sahay Foundation');
    expect(uri.searchParams.get('period')).toBe('30');
  });
});
