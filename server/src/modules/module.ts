import type { Router } from 'express';
import type { ReindexContext } from '#server/event-store/key-migration';
import type { Projection } from '#server/event-store/types';
import type { EventSchema } from '#server/event-store/upcasters';
import type { JobHandler, ScheduledJob } from '#server/queue/queue';
import type { Services } from '#server/services';

/**
 * A feature slice's only public face (ARCHITECTURE.md, Folders). The tRPC routers are composed
 * statically in trpc/router.ts so their types flow to the client; everything else is listed here.
 */
export interface SahayModule {
  name: string;
  /** Read models updated in the append's transaction: what a request must see at once (docs/decisions/015). */
  inlineProjections?: readonly Projection[];
  /** Read models an async processor keeps up to date shortly after the commit: what no request needs at once. */
  asyncProjections?: readonly Projection[];
  /** Event schemas with their upcasters. */
  eventSchemas?: readonly EventSchema[];
  /** Handlers the relay turns events into jobs for. */
  jobs?: readonly JobHandler[];
  /** Jobs run on a timer through the same queue (docs/decisions/020). */
  schedules?: readonly ScheduledJob[];
  /** Records what a fresh database needs (seed content). Idempotent; runs when a process starts. */
  seed?: (services: Services) => Promise<void>;
  /** REST adapters under /api. */
  rest?: (services: Services) => Router;
  /**
   * Recomputes the blind indexes (context.blindIndex) the module's read models hold, after the
   * blind-index key changed (docs/decisions/019). The key migration calls it once per key, in one
   * transaction (context.tx) that also records the key, before the process serves anything.
   */
  reindex?: (context: ReindexContext) => Promise<void>;
}
