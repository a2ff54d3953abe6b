import { metaOf } from '#server/trpc/context';
import { authedProcedure } from '#server/trpc/procedures';
import { answerQuestion } from './help-commands.ts';
import { ZAnswerHelpQuestionRequestSchema, ZHelpStatusResponseSchema } from '../help.schema.ts';

export const answerHelpQuestionRoute = authedProcedure
  .input(ZAnswerHelpQuestionRequestSchema)
  .output(ZHelpStatusResponseSchema)
  .mutation(({ ctx, input }) => answerQuestion(ctx.services, input, metaOf(ctx)));
