import type { Recorded } from '#server/event-store/types';
import type { EpinEvent } from './epin.events.ts';

/** One invite code, folded from its own stream (`epin-<code>`). */
export interface EpinState {
  exists: boolean;
  heldBy: string | null;
  usedBy: string | null;
  /** Until when the holder's shared link keeps it (null: never shared, or passed on since). */
  reservedUntil: string | null;
}

export const noEpin: EpinState = { exists: false, heldBy: null, usedBy: null, reservedUntil: null };

export function evolveEpin(state: EpinState, event: Recorded<EpinEvent>): EpinState {
  switch (event.type) {
    case 'EpinGenerated':
      return { exists: true, heldBy: event.data.heldBy, usedBy: null, reservedUntil: null };
    case 'EpinTransferred':
      return { ...state, heldBy: event.data.to, reservedUntil: null };
    case 'EpinReserved':
      return { ...state, reservedUntil: event.data.reservedUntil };
    case 'EpinUsed':
      return { ...state, usedBy: event.data.usedBy };
    case 'EpinsSent':
    case 'EpinsReceived':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}
