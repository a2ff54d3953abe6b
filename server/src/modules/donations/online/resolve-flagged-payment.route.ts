import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { metaOf } from '#server/trpc/context';
import { adminProcedure } from '#server/trpc/procedures';
import { decideResolveFlag, onlinePaymentFlagStream } from './online-payment-flag.decider.ts';
import { ZResolveFlaggedPaymentRequestSchema, ZResolveFlaggedPaymentResponseSchema } from './resolve-flagged-payment.schema.ts';

/** Marks a flagged payment resolved (decision 081): one event on its stream; a second call, or ten at once, record one. */
export async function resolveFlaggedPayment(services: Services, input: { paymentId: string; note: string }, meta: RequestMeta): Promise<{ paymentId: string; resolvedAt: string }> {
  const now = services.now();
  await handleCommand(services, {
    stream: onlinePaymentFlagStream,
    id: input.paymentId,
    decide: (current) => decideResolveFlag({ paymentId: input.paymentId, note: input.note, resolvedBy: meta.actor, now }, current),
    metadata: eventMetadata(meta),
  });
  return { paymentId: input.paymentId, resolvedAt: now.toISOString() };
}

/** Finance, signed in with the second factor as for every finance action (authedProcedure refuses an account still without it). */
export const resolveFlaggedPaymentRoute = adminProcedure('finance')
  .input(ZResolveFlaggedPaymentRequestSchema)
  .output(ZResolveFlaggedPaymentResponseSchema)
  .mutation(({ ctx, input }) => resolveFlaggedPayment(ctx.services, input, metaOf(ctx)));
