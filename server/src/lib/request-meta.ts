import type { EventMetadata } from '#server/event-store/types';

/** Who asks, from where, under which request ID: becomes the metadata of the events a command records. */
export interface RequestMeta {
  actor: string;
  correlationId: string;
  ip?: string | null;
}

export function eventMetadata(meta: RequestMeta, causationId?: string): EventMetadata {
  return { actor: meta.actor, correlationId: meta.correlationId, causationId: causationId ?? meta.correlationId, ip: meta.ip ?? null };
}
