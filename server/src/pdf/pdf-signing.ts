import crypto from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';

/**
 * PAdES signatures on the PDFs the product makes (issue 31; docs/decisions/060): a placeholder is
 * written into the document by pdfkit before it ends (@signpdf/placeholder-pdfkit), the bytes around
 * it are signed (@signpdf/signpdf), and the CMS signature is built here — PAdES baseline B-B: the
 * signed attributes are contentType, messageDigest and the ESS signing-certificate-v2 (which binds
 * the certificate), with the time in the signature dictionary's /M, not in the CMS.
 *
 * Not @signpdf/signer-p12: it decrypts the PKCS#12 (thousands of PBKDF2 rounds in JavaScript) and
 * signs with node-forge's JavaScript RSA on every document, about 180 ms a receipt on this machine,
 * which would make the receipt worker ten times slower. Here the key is opened once per process
 * (a KeyObject) and each signature is one native RSA operation.
 */

/** Room for the CMS in the file (written as hex, twice this): the certificate, two CA certificates and a 4096-bit signature fit. */
const SIGNATURE_BYTES = 8_192;

export interface PdfSigningIdentity {
  /** The signer's certificate first, then the rest of its chain as the PKCS#12 held it (DER). */
  certificates: readonly Buffer[];
  privateKey: crypto.KeyObject;
  /** Who signs, as the signature dictionary names it (the certificate's common name). */
  name: string;
}

/** What the document says about its signature, in its signature dictionary. */
export interface PdfSignatureInfo {
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const { asn1 } = forge;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const oid = (value: string) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nil = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const fromDer = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
const toDer = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);

/** The signer's issuer and serial number, exactly as its certificate encodes them. */
function issuerAndSerial(certificate: Buffer): forge.asn1.Asn1 {
  const tbs = (fromDer(certificate).value as forge.asn1.Asn1[])[0]!;
  const fields = tbs.value as forge.asn1.Asn1[];
  // [0] version is present in a v3 certificate; the serial follows it, then the algorithm, then the issuer.
  const offset = fields[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  return seq([fields[offset + 2]!, fields[offset]!]);
}

/** CMS SignedData (detached) over `content`, PAdES B-B. */
export function buildCadesSignature(identity: PdfSigningIdentity, content: Buffer): Buffer {
  const [certificate] = identity.certificates;
  if (!certificate) throw new Error('A signing identity needs its certificate');
  const sha256 = seq([oid(OID.sha256), nil()]);
  const essCertIdV2 = seq([seq([seq([octets(crypto.createHash('sha256').update(certificate).digest())])])]);
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(crypto.createHash('sha256').update(content).digest())),
    attribute(OID.signingCertificateV2, essCertIdV2),
  ];
  // The signature covers the attributes' DER as a SET; in the SignerInfo they are [0] IMPLICIT.
  const signedAttributes = toDer(set(attributes));
  const signature = crypto.sign('sha256', signedAttributes, { key: identity.privateKey, padding: crypto.constants.RSA_PKCS1_PADDING });
  const signerInfo = seq([
    integer(1),
    issuerAndSerial(certificate),
    sha256,
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
    seq([oid(OID.rsaEncryption), nil()]),
    octets(signature),
  ]);
  const signedData = seq([
    integer(1),
    set([sha256]),
    seq([oid(OID.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, identity.certificates.map(fromDer)),
    set([signerInfo]),
  ]);
  return toDer(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

class CadesSigner extends Signer {
  constructor(private readonly identity: PdfSigningIdentity) {
    super();
  }

  override sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Promise.resolve(buildCadesSignature(this.identity, pdfBuffer));
  }
}

/**
 * Writes the signature's placeholder into a pdfkit document that is about to end: a signature
 * field with an invisible widget on the first page (the document says in its text that it is signed).
 */
export function addSignaturePlaceholder(doc: PDFKit.PDFDocument, identity: PdfSigningIdentity, info: PdfSignatureInfo): void {
  const { start } = doc.bufferedPageRange();
  doc.switchToPage(start);
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: identity.name,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    widgetRect: [0, 0, 0, 0],
  });
}

/** Fills the placeholder of a finished document with the signature over the rest of its bytes. */
export function signPlaceholder(pdf: Buffer, identity: PdfSigningIdentity): Promise<Buffer> {
  return new SignPdf().sign(pdf, new CadesSigner(identity));
}
