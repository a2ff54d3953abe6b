import { z } from 'zod';

/** The staff queues of the dashboard (PRODUCT.md §9), in the order the dashboard shows them. */
export const QUEUE_IDS = [
  'donationsToVerify',
  'form10bdRevisions',
  'kanyadanToVerify',
  'kanyadanFinance',
  'helpRequestsToVerify',
  'giftDisputes',
  'disbursementsToApprove',
  'disbursementsToPay',
  'contactMessages',
] as const;
export type QueueId = (typeof QUEUE_IDS)[number];

export const ZQueueSchema = z.object({
  id: z.enum(QUEUE_IDS),
  count: z.number().int().min(0),
  /** When the oldest waiting item started waiting; null when the queue is empty. */
  oldestAt: z.string().datetime().nullable(),
  /** Whole seconds the oldest item has waited, on the server's clock; null when the queue is empty. */
  oldestAgeSeconds: z.number().int().min(0).nullable(),
});
export const ZQueuesResponseSchema = z.object({
  queues: z.array(ZQueueSchema),
  checkedAt: z.string().datetime(),
});
export type TQueue = z.infer<typeof ZQueueSchema>;
export type TQueuesResponse = z.infer<typeof ZQueuesResponseSchema>;
