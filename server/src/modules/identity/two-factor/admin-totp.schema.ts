import { z } from 'zod';

export const ZTotpCodeSchema = z.strictObject({
  code: z.string({ error: 'Enter the 6-digit code from your authenticator app' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

export const ZTotpStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
});
export type TTotpStatus = z.infer<typeof ZTotpStatusSchema>;

export const ZTotpSetupSchema = z.object({
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// address, for the QR code. */
  otpauthUri: z.string(),
});
export type TTotpSetup = z.infer<typeof ZTotpSetupSchema>;
