import forge from 'node-forge';

/**
 * Self-signed PKCS#12 files for tests (issue 31): made with node-forge, so the tests need no
 * openssl. RSA 2048 key generation takes a moment in JavaScript: one key per process, reused.
 */
let keys: forge.pki.rsa.KeyPair | null = null;

function keyPair(): forge.pki.rsa.KeyPair {
  keys ??= forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });
  return keys;
}

export interface TestCertificateOptions {
  commonName?: string;
  notBefore: Date;
  notAfter: Date;
  password: string;
  /** false: the file holds the certificate only, no private key. */
  withKey?: boolean;
}

export function makeTestPkcs12(options: TestCertificateOptions): Buffer {
  const { publicKey, privateKey } = keyPair();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = publicKey;
  certificate.serialNumber = '01a2b3c4d5e6f708';
  certificate.validity.notBefore = options.notBefore;
  certificate.validity.notAfter = options.notAfter;
  const name = [
    { name: 'commonName', value: options.commonName ?? 'Sahay Foundation (test)' },
    { name: 'organizationName', value: 'Sahay Foundation' },
    { name: 'countryName', value: 'IN' },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(options.withKey === false ? null : privateKey, [certificate], options.password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
