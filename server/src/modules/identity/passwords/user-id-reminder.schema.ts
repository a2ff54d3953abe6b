import { z } from 'zod';
import { indianMobileOf } from '../fields.schema.ts';

export const CONTACT_INVALID = 'Enter the e-mail address or the 10-digit mobile number you registered with';

/** "Forgot user ID?": the e-mail address or the mobile number the account was registered with, in one field. */
export const ZUserIdReminderRequestSchema = z.strictObject({
  contact: z
    .string({ error: CONTACT_INVALID })
    .trim()
    .min(1, CONTACT_INVALID)
    .max(254, CONTACT_INVALID)
    .transform((value, context): { kind: 'email' | 'phone'; value: string } => {
      if (value.includes('@')) {
        const email = z.email().safeParse(value.toLowerCase());
        if (email.success) return { kind: 'email', value: email.data };
      } else {
        const phone = indianMobileOf(value);
        if (phone) return { kind: 'phone', value: phone };
      }
      context.addIssue({ code: 'custom', message: CONTACT_INVALID });
      return z.NEVER;
    })
    .describe('The e-mail address or the 10-digit Indian mobile number registered to the account'),
});
export type TUserIdReminderRequest = z.output<typeof ZUserIdReminderRequestSchema>;

export const ZUserIdReminderAnswerSchema = z.object({ message: z.string() });
