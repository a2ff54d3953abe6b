import { AppError } from '#server/errors/app-error';
import { streamType } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { CONTACT_STREAM_PREFIX, type ContactMessageHandled, type ContactMessageReceived, type SiteEvent } from '../site.events.ts';

// A contact message's stream and its one decider (docs/decisions/052): received, then handled once.

export const MESSAGE_NOT_FOUND = 'This message does not exist.';

/** Pure: a message from the form, its personal details sealed under the message's own key. */
export function decideReceiveContactMessage(command: { messageId: string; personal: Sealed; now: Date }): ContactMessageReceived {
  return { type: 'ContactMessageReceived', data: { messageId: command.messageId, personal: command.personal, receivedAt: command.now.toISOString() } };
}

/** A contact message's stream, folded to what handling it needs. */
export interface ContactState {
  exists: boolean;
  isHandled: boolean;
}

export const noContact: ContactState = { exists: false, isHandled: false };

export function evolveContact(state: ContactState, event: Recorded<SiteEvent>): ContactState {
  switch (event.type) {
    case 'ContactMessageReceived':
      return { exists: true, isHandled: false };
    case 'ContactMessageHandled':
      return { ...state, isHandled: true };
    case 'SettingsChanged':
    case 'ContentPageSaved':
    case 'SignatureImageUploaded':
    case 'SigningCertificateUploaded':
    case 'SigningCertificateRemoved':
    case 'ValidityAlertRaised':
      return state;
    default: {
      const _unknown: never = event;
      return state;
    }
  }
}

/** Pure: marking handled once; marking again finds it done and records nothing. */
export function decideMarkHandled(command: { messageId: string; now: Date }, state: ContactState): ContactMessageHandled[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: MESSAGE_NOT_FOUND });
  if (state.isHandled) return [];
  return [{ type: 'ContactMessageHandled', data: { messageId: command.messageId, handledAt: command.now.toISOString() } }];
}

/** The contact message stream (`contact-<messageId>`), configured once for the command handler. */
export const contactStream = streamType<ContactState, SiteEvent>({ prefix: CONTACT_STREAM_PREFIX, evolve: evolveContact, initialState: noContact });
