import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { makeTestPkcs12 } from '#server/testing/signing/test-certificates';
import { CERTIFICATE_NO_KEY, CERTIFICATE_NOT_PKCS12, CERTIFICATE_NOT_RSA, CERTIFICATE_UNUSUAL, CERTIFICATE_WRONG_PASSWORD, readSigningCertificate } from './signing-certificate.ts';

const password = 'पासवर्ड 123';
const period = { notBefore: new Date('2026-01-01T00:00:00Z'), notAfter: new Date('2031-01-01T00:00:00Z') };
function refusalOf(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error.userMessage ?? error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe('reading a signing certificate (PKCS#12)', () => {
  it("answers the certificate's public details and an identity that signs", () => {
    const { summary, identity } = readSigningCertificate(makeTestPkcs12({ ...period, password }), password);
    expect(summary).toMatchObject({ subject: 'CN=Sahay Foundation (test), O=Sahay Foundation, C=IN', issuer: 'CN=Sahay Foundation (test), O=Sahay Foundation, C=IN', serialNumber: '01A2B3C4D5E6F708', validFrom: '2026-01-01T00:00:00.000Z', validUntil: '2031-01-01T00:00:00.000Z' });
    expect(identity.name).toBe('Sahay Foundation (test)');
    expect(identity.privateKey.asymmetricKeyType).toBe('rsa');
  });

  it('refuses each bad file with its own message', () => {
    expect(refusalOf(() => readSigningCertificate(makeTestPkcs12({ ...period, password }), 'wrong'))).toBe(CERTIFICATE_WRONG_PASSWORD);
    expect(refusalOf(() => readSigningCertificate(makeTestPkcs12({ ...period, password, withKey: false }), password))).toBe(CERTIFICATE_NO_KEY);
    expect(refusalOf(() => readSigningCertificate(Buffer.from('not a certificate'), password))).toBe(CERTIFICATE_NOT_PKCS12);
    expect(refusalOf(() => readSigningCertificate(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x05]), password))).toBe(CERTIFICATE_NOT_PKCS12);
    expect(refusalOf(() => readSigningCertificate(Buffer.alloc(70 * 1024, 0x30), password))).toBe(CERTIFICATE_NOT_PKCS12);
  });

  it('refuses, before deriving any key, a file that asks for billions of rounds', () => {
    const p12 = forge.asn1.fromDer(forge.util.createBuffer(makeTestPkcs12({ ...period, password }).toString('binary')));
    // PFX = SEQUENCE { version, authSafe, macData SEQUENCE { mac, salt, iterations } }
    const macData = (p12.value as forge.asn1.Asn1[])[2]!;
    (macData.value as forge.asn1.Asn1[])[2]!.value = forge.asn1.integerToDer(0x7fffffff).getBytes();
    const started = performance.now();
    expect(refusalOf(() => readSigningCertificate(Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password))).toBe(CERTIFICATE_UNUSUAL);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads what OpenSSL exports, and refuses an elliptic-curve key it cannot sign with', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-p12-'));
    const at = (name: string) => path.join(dir, name);
    // ASCII: OpenSSL 3 feeds a password's UTF-8 bytes to PBKDF2 and node-forge does not, so a
    // non-ASCII password on an OpenSSL 3 file opens its MAC but not its contents (decision 060).
    const password = 'Sahay-DSC-2026';
    try {
      execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('k.pem'), '-out', at('c.pem'), '-days', '30', '-subj', '/CN=Sahay OpenSSL/O=Sahay/C=IN'], { stdio: 'ignore' });
      execFileSync('openssl', ['pkcs12', '-export', '-inkey', at('k.pem'), '-in', at('c.pem'), '-out', at('rsa.p12'), '-passout', `pass:${password}`], { stdio: 'ignore' });
      execFileSync('openssl', ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', at('ec.pem')], { stdio: 'ignore' });
      execFileSync('openssl', ['req', '-x509', '-key', at('ec.pem'), '-out', at('ecc.pem'), '-days', '30', '-subj', '/CN=EC'], { stdio: 'ignore' });
      execFileSync('openssl', ['pkcs12', '-export', '-inkey', at('ec.pem'), '-in', at('ecc.pem'), '-out', at('ec.p12'), '-passout', `pass:${password}`], { stdio: 'ignore' });
      expect(readSigningCertificate(fs.readFileSync(at('rsa.p12')), password).identity.name).toBe('Sahay OpenSSL');
      expect(refusalOf(() => readSigningCertificate(fs.readFileSync(at('rsa.p12')), 'wrong'))).toBe(CERTIFICATE_WRONG_PASSWORD);
      expect(refusalOf(() => readSigningCertificate(fs.readFileSync(at('ec.p12')), password))).toBe(CERTIFICATE_NOT_RSA);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
