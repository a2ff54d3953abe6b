import { z } from 'zod';
import { requiredText, ZEmailSchema, ZIndianMobileSchema, ZPasswordSchema } from '../fields.schema.ts';
import { PERMISSIONS } from '../permissions.schema.ts';

export const INVITE_PERMISSIONS_REQUIRED = 'Choose at least one permission.';
export const INVITE_PERMISSIONS_REPEATED = 'Name each permission once.';

/** A super-admin invites a staff member: who, at which address, holding what. */
export const ZInviteStaffRequestSchema = z.strictObject({
  email: ZEmailSchema,
  name: requiredText('Name', 2, 100),
  permissions: z
    .array(z.enum(PERMISSIONS, { error: `A permission is one of: ${PERMISSIONS.join(', ')}.` }), { error: 'Give the permissions as a list.' })
    .min(1, INVITE_PERMISSIONS_REQUIRED)
    .max(PERMISSIONS.length)
    .refine((list) => new Set(list).size === list.length, INVITE_PERMISSIONS_REPEATED),
});
export type TInviteStaffRequest = z.input<typeof ZInviteStaffRequestSchema>;

export const ZStaffInvitationCreatedSchema = z.object({ invitationId: z.string(), expiresAt: z.string() });

/** The link's token: `<invitationId>.<signature>`, both base64url. */
export const ZStaffInvitationTokenSchema = z
  .string({ error: 'This invitation link is not valid.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.');

export const ZStaffInvitationLookupSchema = z.strictObject({ token: ZStaffInvitationTokenSchema });

/** What the invitation page shows before the password is chosen. */
export const ZStaffInvitationViewSchema = z.object({
  fullName: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  expiresAt: z.string(),
});

export const STAFF_PASSWORDS_DIFFER = 'The two passwords are not the same.';

/** The invited staff member sets a password (typed twice) and their mobile number. */
export const ZAcceptStaffInvitationSchema = z
  .strictObject({
    token: ZStaffInvitationTokenSchema,
    password: ZPasswordSchema,
    confirmPassword: z.string({ error: 'Type the password again' }),
    phone: ZIndianMobileSchema,
  })
  .refine((value) => value.password === value.confirmPassword, { message: STAFF_PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type TAcceptStaffInvitation = z.input<typeof ZAcceptStaffInvitationSchema>;

export const ZStaffInvitationAcceptedSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  /** The new account must set up two-factor sign-in before anything else (its permissions require it). */
  twoFactorSetupRequired: z.boolean(),
});

/** The super-admin's list: invitations not yet used, and those used, newest first. */
export const ZStaffInvitationListSchema = z.object({
  invitations: z.array(
    z.object({
      invitationId: z.string(),
      fullName: z.string().nullable(),
      email: z.string().nullable(),
      permissions: z.array(z.enum(PERMISSIONS)),
      invitedBy: z.string(),
      invitedAt: z.string(),
      expiresAt: z.string(),
      acceptedAt: z.string().nullable(),
      userId: z.string().nullable(),
      /** When a super-admin withdrew it, unused; its link no longer works. */
      withdrawnAt: z.string().nullable(),
    }),
  ),
});

export type TStaffInvitationList = z.infer<typeof ZStaffInvitationListSchema>;

/** An invitation's ID, as the list gives it (22 base64url characters). */
export const ZStaffInvitationIdSchema = z.string({ error: 'This invitation was not found.' }).trim().regex(/^[A-Za-z0-9_-]{22}$/, 'This invitation was not found.');
export const ZWithdrawStaffInvitationSchema = z.strictObject({ invitationId: ZStaffInvitationIdSchema });
export const ZStaffInvitationWithdrawnSchema = z.object({ invitationId: z.string(), withdrawnAt: z.string() });
