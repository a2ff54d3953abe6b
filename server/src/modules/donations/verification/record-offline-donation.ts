import { AppError } from '#server/errors/app-error';
import { handleCommand, type StreamEvents } from '#server/event-store/command-handler';
import { isEventOf } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findActiveMember } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { decidePledge, donorDetailsOf, pledgeFieldsOf, type PledgeCommand, type PledgeState } from '../giving/create-donation.ts';
import { formatReference } from '../donation-fields.schema.ts';
import { donationStreamId, type DonationEvent, type DonationMode, type ReceiptSerialAllocated } from '../donations.events.ts';
import { paymentSettingsOf } from '../giving/payment-details.ts';
import type { TRecordOfflineDonationInput, TRecordOfflineDonationResponse } from './record-offline-donation.schema.ts';
import { generateReference } from '../reference.ts';
import {
  instrumentAlreadyUsed,
  instrumentClaimStreamOf,
  isClaimedByAnother,
  lockSerialSlot,
  readClaim,
  receiptIssuerOf,
  verificationEvents,
  type ClaimRead,
  type SerialSlot,
  type VerificationCommand,
} from './verify-donation.ts';

/**
 * Pure: a gift received at the office (cash, cheque, DD) is pledged and verified in one decision:
 * DonationPledged (channel offline) and DonationVerified on its new stream, and the year's next
 * serial. A cash gift above ₹2,000 is recorded, and its receipt says it cannot be claimed.
 */
export function decideRecordOffline(
  command: { pledge: PledgeCommand; verification: VerificationCommand },
  state: PledgeState & { serial: SerialSlot; instrument?: ClaimRead | null },
): StreamEvents<DonationEvent>[] {
  const pledged = decidePledge(command.pledge, state);
  // The same cheque or DD entered twice (a retried request, two admins at the counter) is one gift.
  const holder = isClaimedByAnother(state.instrument ?? null, command.pledge.reference);
  if (holder) throw new AppError('CONFLICT', { userMessage: instrumentAlreadyUsed(holder), fieldErrors: { instrumentNumber: [instrumentAlreadyUsed(holder)] } });
  const { pledge } = command;
  const donation = { amountPaise: pledge.amountPaise, cause: pledge.cause, donorKey: pledge.donorKey, referrerId: state.referrer?.userId ?? null, memberId: pledge.memberId, channel: 'offline' as const, pledgedAt: null };
  const streamId = donationStreamId(pledge.reference);
  // The pledge comes first on the donation's new stream, then its verification.
  const instrument = state.instrument ? { streamId: state.instrument.streamId } : null;
  return verificationEvents(command.verification, donation, state.serial, null, instrument).map((batch) =>
    batch.streamId === streamId ? { streamId, events: [...pledged, ...batch.events] } : batch,
  );
}

/**
 * `donations.admin.recordOffline` / POST /api/admin/donations/offline (finance). The donor need
 * not be a member; a referral ID credits that member's funds raised as for any gift.
 */
export async function recordOfflineDonation(services: Services, input: TRecordOfflineDonationInput, meta: RequestMeta): Promise<TRecordOfflineDonationResponse> {
  const now = services.now();
  const donor = donorDetailsOf(input);
  const fields = pledgeFieldsOf(services, input, donor);
  const { state, events } = await handleCommand(services, {
    async read(tx) {
      const { settings } = await getSettings(tx);
      // A new reference on every attempt: one that exists already makes the no_stream append conflict.
      const reference = generateReference();
      const versions: Record<string, number | null> = { [donationStreamId(reference)]: null };
      const instrumentStream = instrumentClaimStreamOf(input.mode, input.instrumentNumber ?? null, input.amountPaise);
      const instrument = instrumentStream ? await readClaim(services, tx, instrumentStream, reference, versions) : null;
      const serial = await lockSerialSlot(tx, settings, input.receivedOn);
      versions[serial.streamId] = serial.version;
      const state = {
        instrument,
        reference,
        exists: false,
        referrer: fields.referralId ? await findActiveMember(tx, fields.referralId) : undefined,
        payment: paymentSettingsOf(settings),
        serial,
        issuer: receiptIssuerOf(settings),
      };
      return { state, versions };
    },
    decide: async (state, { seal }) => {
      const streamId = donationStreamId(state.reference);
      const mode: DonationMode = input.mode;
      return decideRecordOffline(
        {
          pledge: { ...fields, helpRequestId: null, reference: state.reference, donor: await seal(streamId, donor), memberId: null, channel: 'offline', now },
          verification: { reference: state.reference, receivedOn: input.receivedOn, mode, instrumentNumber: input.instrumentNumber ?? null, issuer: state.issuer, now },
        },
        state,
      );
    },
    metadata: eventMetadata(meta),
  });
  const allocated = events.find((event) => isEventOf<ReceiptSerialAllocated>(event, ['ReceiptSerialAllocated']));
  if (!allocated) throw new Error('recordOfflineDonation: no serial was allocated');
  return { reference: formatReference(state.reference), receiptSerial: allocated.data.serial };
}
