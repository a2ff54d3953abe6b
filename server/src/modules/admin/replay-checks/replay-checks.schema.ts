import { z } from 'zod';

export const REPLAY_CHECK_NOT_FOUND = 'No such check.';

export const ZReplayCheckIdSchema = z.strictObject({ checkId: z.string().uuid({ error: REPLAY_CHECK_NOT_FOUND }) });

const ZDifferenceSchema = z.object({
  table: z.string(),
  onlyInLiveCount: z.number().int(),
  onlyInReplayCount: z.number().int(),
  /** Up to 20 rows each way, as JSON. */
  onlyInLive: z.array(z.record(z.string(), z.unknown())),
  onlyInReplay: z.array(z.record(z.string(), z.unknown())),
});

export const ZReplayCheckSchema = z.object({
  checkId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  eventsTotal: z.number().int(),
  eventsReplayed: z.number().int(),
  /** Each projection: equal when it has no difference. Null until done. */
  result: z.array(z.object({ projection: z.string(), events: z.number().int(), isEqual: z.boolean(), differences: z.array(ZDifferenceSchema) })).nullable(),
  error: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export const ZReplayCheckListSchema = z.object({ checks: z.array(ZReplayCheckSchema) });
export type TReplayCheck = z.infer<typeof ZReplayCheckSchema>;
