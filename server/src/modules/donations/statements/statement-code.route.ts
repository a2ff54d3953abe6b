import { metaOf } from '#server/trpc/context';
import { publicProcedure } from '#server/trpc/procedures';
import {
  ZRequestStatementCodeRequestSchema,
  ZRequestStatementCodeResponseSchema,
  ZVerifyStatementCodeRequestSchema,
  ZVerifyStatementCodeResponseSchema,
} from './statement-code.schema.ts';
import { requestStatementCode, verifyStatementCode } from './statement-code.ts';

/** `donations.requestStatementCode` (public): a one-time code to the e-mail or phone; the same answer for every contact. */
export const requestStatementCodeRoute = publicProcedure
  .input(ZRequestStatementCodeRequestSchema)
  .output(ZRequestStatementCodeResponseSchema)
  .mutation(({ ctx, input }) => requestStatementCode(ctx.services, input, metaOf(ctx)));

/** `donations.verifyStatementCode` (public): the code entered; a right one gives the proof that downloads the statement. */
export const verifyStatementCodeRoute = publicProcedure
  .input(ZVerifyStatementCodeRequestSchema)
  .output(ZVerifyStatementCodeResponseSchema)
  .mutation(({ ctx, input }) => verifyStatementCode(ctx.services, input, metaOf(ctx)));
