import { z } from 'zod';

export const CERTIFICATE_PASSWORD_REQUIRED = "Enter the certificate's password.";

/** The text field sent with the certificate file (multipart); the file itself is `certificate`. */
export const ZSigningCertificateFormSchema = z.strictObject({
  password: z.string({ error: CERTIFICATE_PASSWORD_REQUIRED }).min(1, CERTIFICATE_PASSWORD_REQUIRED).max(200, 'At most 200 characters'),
});

const ZCertificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  fingerprint: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
});

/**
 * `site.signing.get`, and the answer of each upload: the signature image's version and size, and the
 * certificate's public details (subject, issuer, validity, fingerprint). Never its key, file or password.
 */
export const ZSigningStatusSchema = z.object({
  signatureImage: z.object({ version: z.number().int(), width: z.number().int(), height: z.number().int(), uploadedAt: z.string(), uploadedBy: z.string() }).nullable(),
  certificate: ZCertificateSchema.nullable(),
});
export type TSigningStatus = z.infer<typeof ZSigningStatusSchema>;

export const ZSignatureImageParamsSchema = z.strictObject({ version: z.coerce.number().int().min(1) });
