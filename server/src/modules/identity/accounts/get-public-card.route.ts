import { AppError } from '#server/errors/app-error';
import { publicProcedure } from '#server/trpc/procedures';
import { getPublicCard, INVALID_REFERRAL } from './accounts.ts';
import { ZGetPublicCardRequestSchema, ZPublicCardSchema } from './get-public-card.schema.ts';

export const getPublicCardRoute = publicProcedure
  .input(ZGetPublicCardRequestSchema)
  .output(ZPublicCardSchema)
  .query(async ({ ctx, input }) => {
    const card = await getPublicCard(ctx.services.db, input.userId);
    if (!card) throw new AppError('NOT_FOUND', { userMessage: INVALID_REFERRAL });
    return card;
  });
