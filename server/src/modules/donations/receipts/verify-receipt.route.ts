import { publicProcedure } from '#server/trpc/procedures';
import { verifyReceipt } from '../donation-reads.ts';
import { ZVerifyReceiptRequestSchema, ZVerifyReceiptResponseSchema } from './verify-receipt.schema.ts';

export const verifyReceiptRoute = publicProcedure
  .input(ZVerifyReceiptRequestSchema)
  .output(ZVerifyReceiptResponseSchema)
  .query(({ ctx, input }) => verifyReceipt(ctx.services, { serial: input.serial, signature: input.signature }));
