import type { TDirectGiftStatus } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import type { MessageKey } from '#web/i18n/i18n.tsx';

/** A direct gift's status as the beneficiary reads it on their request's page. */
export const RECEIVED_GIFT_STATUS_LABELS: Record<TDirectGiftStatus, MessageKey> = {
  pending: 'myHelp.gifts.received.pending',
  confirmed: 'myHelp.gifts.received.confirmed',
  disputed: 'myHelp.gifts.received.disputed',
  received: 'myHelp.gifts.received.received',
  'not-received': 'myHelp.gifts.received.not-received',
};

/** The same status as the giver reads it in their list of gifts. */
export const GIVEN_GIFT_STATUS_LABELS: Record<TDirectGiftStatus, MessageKey> = {
  pending: 'myHelp.gifts.given.pending',
  confirmed: 'myHelp.gifts.given.confirmed',
  disputed: 'myHelp.gifts.given.disputed',
  received: 'myHelp.gifts.given.received',
  'not-received': 'myHelp.gifts.given.not-received',
};

/** Counted as received (confirmed by the beneficiary or found so by staff): green; found not received: red; the rest grey. */
export const GIFT_STATUS_TONES: Partial<Record<TDirectGiftStatus, string>> = { confirmed: 'badge-unused', received: 'badge-unused', 'not-received': 'badge-suspended' };
