import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import { requestUserIdReminder } from './user-id-reminder.ts';
import { ZUserIdReminderAnswerSchema, ZUserIdReminderRequestSchema } from './user-id-reminder.schema.ts';

/** identity.requestUserIdReminder: "Forgot user ID?"; the answer is the same whether or not an account was found. */
export const requestUserIdReminderRoute = publicProcedure
  .input(ZUserIdReminderRequestSchema)
  .output(ZUserIdReminderAnswerSchema)
  .mutation(({ ctx, input }) => requestUserIdReminder(ctx.services, input, metaOf(ctx)));
