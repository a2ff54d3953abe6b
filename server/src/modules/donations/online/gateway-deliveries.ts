import type { Queryable } from '#server/db/db';
import type { EventStore } from '#server/event-store/event-store';
import { gatewayEventStreamId } from '../donations.events.ts';

/**
 * A webhook delivery's stream as the command handling it reads it (decision 083): its version, to
 * append GatewayEventHandled at, and whether one is there already. The stream opens with the
 * delivery's GatewayEventReceived; one recorded before the inbox (decision 066) holds only its
 * GatewayEventHandled.
 */
export async function deliveryStateOf(eventStore: EventStore, tx: Queryable, eventId: string): Promise<{ streamId: string; version: number | null; isHandled: boolean }> {
  const streamId = gatewayEventStreamId(eventId);
  const events = await eventStore.readStream(streamId, { db: tx });
  return { streamId, version: events.at(-1)?.streamVersion ?? null, isHandled: events.some((event) => event.type === 'GatewayEventHandled') };
}
