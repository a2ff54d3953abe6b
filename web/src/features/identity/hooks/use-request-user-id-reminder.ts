import type { z } from 'zod';
import type { ZUserIdReminderAnswerSchema, ZUserIdReminderRequestSchema } from '@sahay/server/modules/identity/accounts/user-id-reminder.schema';
import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** identity.requestUserIdReminder: "Forgot user ID?" (a public page: no React Query). */
export function useRequestUserIdReminder() {
  return useProcedureMutation<z.input<typeof ZUserIdReminderRequestSchema>, z.infer<typeof ZUserIdReminderAnswerSchema>>('identity.requestUserIdReminder');
}
