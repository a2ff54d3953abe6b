import crypto from 'node:crypto';
import forge from 'node-forge';
import { AppError } from '#server/errors/app-error';
import type { PdfSigningIdentity } from '#server/pdf/pdf-signing';
import type { SigningCertificateSummary } from '../site.events.ts';

// node-forge 1.x's fromDer takes these options (its own asn1.js); @types/node-forge knows only the older boolean.
declare module 'node-forge' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- adding to node-forge's own namespace, which only a namespace can
  namespace asn1 {
    function fromDer(bytes: Bytes | util.ByteBuffer, options: { strict?: boolean; parseAllBytes?: boolean; decodeBitStrings?: boolean }): Asn1;
  }
}

/**
 * Reading the foundation's signing certificate, a PKCS#12 file (.p12/.pfx) and its password
 * (issue 31; docs/decisions/060). Each way a file can fail gets its own message, in both languages
 * (web/src/i18n/{en,hi}/messages.json), and nothing is written until the file has passed them all.
 */

export const CERTIFICATE_NOT_PKCS12 = 'This file is not a signing certificate. Upload the .p12 or .pfx file from your certifying authority, not an image or a PDF.';
export const CERTIFICATE_WRONG_PASSWORD = 'The password does not open this certificate. Check the password and try again.';
export const CERTIFICATE_NO_KEY = 'This file holds no private key, so it cannot sign. Export the certificate together with its private key as a .p12 or .pfx file.';
export const CERTIFICATE_KEY_MISMATCH = 'The private key in this file does not belong to any certificate in it.';
export const CERTIFICATE_NOT_RSA = 'Only RSA signing certificates can be used. Ask your certifying authority for an RSA certificate.';
export const CERTIFICATE_UNUSUAL = 'This certificate file asks for far more work to open than usual. Export it again with standard settings.';

/** A PKCS#12 of one certificate chain and key is a few kilobytes; a file past this is not one. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;
/**
 * Key-derivation rounds a PKCS#12 may ask for (the MAC's and each encryption's): OpenSSL writes
 * 2,048, Windows 2,000 to 10,000; node-forge derives them in JavaScript, on the request's thread.
 */
const MAX_ITERATIONS = 200_000;

export interface ReadCertificate {
  summary: SigningCertificateSummary;
  identity: PdfSigningIdentity;
}

const refuse = (message: string, cause?: unknown) => new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { certificate: [message] }, message: `signing certificate refused: ${message}`, cause });

/** Every INTEGER outside the encrypted parts, largest first: iteration counts live among them. */
function largestInteger(node: forge.asn1.Asn1, depth = 0): number {
  if (depth > 32) throw refuse(CERTIFICATE_NOT_PKCS12);
  if (node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.INTEGER && typeof node.value === 'string') {
    // Four bytes at most count here; a longer integer (a serial number, a modulus) is not a count.
    return node.value.length <= 4 ? forge.util.createBuffer(node.value).getInt(node.value.length * 8) : 0;
  }
  if (Array.isArray(node.value)) return Math.max(0, ...node.value.map((child) => largestInteger(child, depth + 1)));
  return 0;
}

/** "CN=Sahay Foundation, O=Sahay, C=IN" */
function distinguishedName(name: forge.pki.Certificate['subject']): string {
  return name.attributes.map((attribute) => `${attribute.shortName ?? attribute.name ?? attribute.type}=${String(attribute.value)}`).join(', ');
}

function commonName(name: forge.pki.Certificate['subject']): string {
  const field = name.getField('CN') as { value?: unknown } | null;
  return typeof field?.value === 'string' ? field.value : distinguishedName(name);
}

/**
 * Opens a PKCS#12 with its password: the file must be DER that parses, open with the password
 * (its MAC), hold an RSA private key and the certificate of that key. Validity is the decider's
 * (it depends on the day). Answers what is shown of it and the identity that signs.
 */
export function readSigningCertificate(bytes: Buffer, password: string): ReadCertificate {
  if (bytes.length === 0 || bytes.length > MAX_CERTIFICATE_BYTES || bytes[0] !== 0x30) throw refuse(CERTIFICATE_NOT_PKCS12);
  let outer: forge.asn1.Asn1;
  try {
    outer = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), { strict: true, parseAllBytes: true, decodeBitStrings: false });
  } catch (error) {
    throw refuse(CERTIFICATE_NOT_PKCS12, error);
  }
  if (largestInteger(outer) > MAX_ITERATIONS) throw refuse(CERTIFICATE_UNUSUAL);

  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(outer, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // node-forge's words: "PKCS#12 MAC could not be verified. Invalid password?", and without a MAC
    // "Unable to decrypt PKCS#8 ShroudedKeyBag, wrong password?"; "Cannot read PKCS#12 PFX" for other DER.
    if (/invalid password|wrong password|mac could not be verified/i.test(message)) throw refuse(CERTIFICATE_WRONG_PASSWORD, error);
    throw refuse(CERTIFICATE_NOT_PKCS12, error);
  }

  const bagsOf = (type: string | undefined) => (type ? (p12.getBags({ bagType: type })[type] ?? []) : []);
  const keyBags = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(forge.pki.oids.keyBag)];
  const certBags = bagsOf(forge.pki.oids.certBag);
  const certificates = certBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  if (certBags.length === 0) throw refuse(CERTIFICATE_NOT_PKCS12);
  if (keyBags.length === 0) throw refuse(CERTIFICATE_NO_KEY);
  // node-forge reads RSA keys and certificates only: an elliptic-curve one comes back empty.
  const keyBag = keyBags.find((bag) => bag.key);
  if (!keyBag?.key || certificates.length === 0) throw refuse(CERTIFICATE_NOT_RSA);
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  if (!key.n || !key.e) throw refuse(CERTIFICATE_NOT_RSA);

  const own = certificates.find((certificate) => {
    const publicKey = certificate.publicKey as forge.pki.rsa.PublicKey;
    return Boolean(publicKey.n) && publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  });
  if (!own) throw refuse(CERTIFICATE_KEY_MISMATCH);

  const der = (certificate: forge.pki.Certificate) => Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  const ownDer = der(own);
  const fingerprint = crypto.createHash('sha256').update(ownDer).digest('hex').toUpperCase().match(/../g)!.join(':');
  const privateKey = crypto.createPrivateKey({ key: forge.pki.privateKeyToPem(key), format: 'pem' });
  return {
    summary: {
      subject: distinguishedName(own.subject),
      issuer: distinguishedName(own.issuer),
      serialNumber: own.serialNumber.toUpperCase(),
      validFrom: own.validity.notBefore.toISOString(),
      validUntil: own.validity.notAfter.toISOString(),
      fingerprint,
    },
    identity: { certificates: [ownDer, ...certificates.filter((certificate) => certificate !== own).map(der)], privateKey, name: commonName(own.subject) },
  };
}
