import { describe, expect, it } from 'vitest';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { deciderSpec, fold, recorded } from '#server/testing/deciders/decider-spec';
import { decideMarkHandled, decideReceiveContactMessage, evolveContact, MESSAGE_NOT_FOUND, noContact } from './contact.decider.ts';
import type { SiteEvent } from '../site.events.ts';

const messageId = '0195a1b2-0000-7000-8000-0000000000d1';
const at = '2026-03-15T09:00:00.000Z';
const now = new Date('2026-03-15T11:30:00.000Z');
const personal: Sealed = { $sealed: 1, subject: `contact-${messageId}`, iv: 'iv', tag: 'tag', ct: 'ct' };

const received: SiteEvent = { type: 'ContactMessageReceived', data: { messageId, personal, receivedAt: at } };
const handled: SiteEvent = { type: 'ContactMessageHandled', data: { messageId, handledAt: at } };

describe('decideReceiveContactMessage', () => {
  it('records the message with its sealed details and when it came', () => {
    expect(decideReceiveContactMessage({ messageId, personal, now })).toEqual({
      type: 'ContactMessageReceived',
      data: { messageId, personal, receivedAt: now.toISOString() },
    });
  });
});

describe('evolveContact', () => {
  const contact = { evolve: evolveContact, initialState: noContact };

  it('starts with no message', () => {
    expect(noContact).toEqual({ exists: false, isHandled: false });
  });

  it('has an open message once received, and a handled one once handled', () => {
    expect(fold(contact, [received])).toEqual({ exists: true, isHandled: false });
    expect(fold(contact, [received, handled])).toEqual({ exists: true, isHandled: true });
    expect(fold(contact, [received, handled, handled])).toEqual({ exists: true, isHandled: true });
  });

  it('ignores the site’s other events', () => {
    const other: SiteEvent = { type: 'SettingsChanged', data: { changes: { phone: '' }, changedAt: at } };
    expect(evolveContact({ exists: true, isHandled: false }, recorded(other, 2))).toEqual({ exists: true, isHandled: false });
  });
});

describe('decideMarkHandled', () => {
  const given = deciderSpec({ decide: decideMarkHandled, evolve: evolveContact, initialState: noContact });

  it('marks an open message handled', () => {
    given([received])
      .when({ messageId, now })
      .then([{ type: 'ContactMessageHandled', data: { messageId, handledAt: now.toISOString() } }]);
  });

  it('records nothing when the message is already handled (a second click, a retried request)', () => {
    given([received, handled]).when({ messageId, now }).thenNothing();
  });

  it('refuses a message that does not exist', () => {
    given([]).when({ messageId, now }).thenRefuses('NOT_FOUND', MESSAGE_NOT_FOUND);
  });
});

describe('decideReceiveContactMessage, given/when/then', () => {
  // A message opens its own new stream: there is nothing before it to fold.
  const given = deciderSpec({ decide: (command: { messageId: string; personal: Sealed; now: Date }) => [decideReceiveContactMessage(command)], evolve: evolveContact, initialState: noContact });

  it('given a new stream, when the form is sent, then the message is recorded with its sealed details', () => {
    given([]).when({ messageId, personal, now }).then([{ type: 'ContactMessageReceived', data: { messageId, personal, receivedAt: now.toISOString() } }]);
  });
});
