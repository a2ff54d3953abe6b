import type { Router } from 'express';
import type { Projection } from '#server/event-store/types';
import type { EventSchema } from '#server/event-store/upcasters';
import type { JobHandler } from '#server/queue/queue';
import type { Services } from '#server/services';

/**
 * A feature slice's only public face (ARCHITECTURE.md, Folders). The tRPC routers are composed
 * statically in trpc/router.ts so their types flow to the client; everything else is listed here.
 */
export interface SahayModule {
  name: string;
  /** Read models updated in the append's transaction. */
  inlineProjections?: readonly Projection[];
  /** Event schemas with their upcasters. */
  eventSchemas?: readonly EventSchema[];
  /** Handlers the relay turns events into jobs for. */
  jobs?: readonly JobHandler[];
  /** Records what a fresh database needs (seed content). Idempotent; runs when a process starts. */
  seed?: (services: Services) => Promise<void>;
  /** REST adapters under /api. */
  rest?: (services: Services) => Router;
}
