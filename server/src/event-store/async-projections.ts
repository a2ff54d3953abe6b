import type { Logger } from 'pino';
import type { Db } from '#server/db/db';
import type { EventStore } from './event-store.ts';
import { type RunningProcessor, projectionProcessor, runProcessorBatch, startProjectionProcessor } from './processor.ts';
import { defaultOwner } from './relay.ts';
import type { Projection } from './types.ts';

/**
 * Read models no request needs to see at once (docs/decisions/015) are kept by async processors:
 * one per projection, reading the committed events after its checkpoint (rule 5). They run where
 * the relay runs — the embedded server, or the worker with Redis — and replay compares them up to
 * their checkpoint.
 */
export function asyncProjectionProcessorName(projection: Projection): string {
  return `projection:${projection.name}`;
}

interface AsyncProjectionServices {
  db: Db;
  eventStore: EventStore;
  log: Logger;
}

/** Starts a processor for each async projection; stop() lets each finish its batch and release its lease. */
export function startAsyncProjections(services: AsyncProjectionServices, options: { owner?: string; pollMs?: number } = {}): RunningProcessor {
  const running = services.eventStore.asyncProjections.map((projection) =>
    startProjectionProcessor(services.db, services.eventStore, projection, {
      name: asyncProjectionProcessorName(projection),
      owner: options.owner ?? defaultOwner(),
      log: services.log.child({ component: 'projection', projection: projection.name }),
      pollMs: options.pollMs,
    }),
  );
  return {
    async stop() {
      await Promise.all(running.map((processor) => processor.stop()));
    },
  };
}

/**
 * Brings every async projection up to the last committed event (tests and tools). Returns false when
 * events stayed held back behind a transaction open elsewhere for longer than `patienceMs`.
 */
export async function catchUpAsyncProjections(services: Pick<AsyncProjectionServices, 'db' | 'eventStore'>, owner: string, patienceMs = 30_000): Promise<boolean> {
  for (const projection of services.eventStore.asyncProjections) {
    const options = projectionProcessor(services.eventStore, projection, { owner, name: asyncProjectionProcessorName(projection) });
    const deadline = Date.now() + patienceMs;
    for (;;) {
      const result = await runProcessorBatch(services.db, services.eventStore, options);
      if (result.hasMore) continue;
      if (!result.isHeldBack) break;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return true;
}
