import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { askQuestion } from './help-commands.ts';
import { ZAskHelpQuestionRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const askHelpQuestionRoute = adminProcedure('verification')
  .input(ZAskHelpQuestionRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => askQuestion(ctx.services, input, metaOf(ctx)));
