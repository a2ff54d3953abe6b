import { handleCommand } from '#server/event-store/command-handler';
import { isEventOf } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findActiveMember } from '#server/modules/identity/identity.api';
import { currentSignatureFileId, getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { donorDetailsOf, pledgeFieldsOf } from '../giving/create-donation.ts';
import { formatReference } from '../donation-fields.schema.ts';
import { donationStreamId, type DonationMode, type ReceiptSerialAllocated } from '../donations.events.ts';
import { paymentSettingsOf } from '../giving/payment-details.ts';
import type { TRecordOfflineDonationInput, TRecordOfflineDonationResponse } from './record-offline-donation.schema.ts';
import { generateReference } from '../reference.ts';
import { instrumentClaimStreamOf, lockSerialSlot, readClaim } from './verify-donation.ts';
import { isForeignContribution, receiptIssuerOf, decideRecordOffline } from '../donation.decider.ts';

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
      const serial = await lockSerialSlot(tx, settings, input.receivedOn, isForeignContribution(fields));
      versions[serial.streamId] = serial.version;
      const state = {
        instrument,
        reference,
        exists: false,
        referrer: fields.referralId ? await findActiveMember(tx, fields.referralId) : undefined,
        payment: paymentSettingsOf(settings),
        serial,
        issuer: receiptIssuerOf(settings, await currentSignatureFileId(services.eventStore, tx)),
      };
      return { state, versions };
    },
    decide: async (state, { seal }) => {
      const streamId = donationStreamId(state.reference);
      const mode: DonationMode = input.mode;
      return decideRecordOffline(
        {
          pledge: { ...fields, helpRequestId: null, reference: state.reference, donor: await seal(streamId, donor), memberId: null, channel: 'offline', now },
          verification: {
            reference: state.reference,
            receivedOn: input.receivedOn,
            mode,
            instrumentNumber: input.instrumentNumber ?? null,
            ...instrumentOf(input),
            issuer: state.issuer,
            ...(input.donationType ? { donationType: input.donationType } : {}),
            now,
          },
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

/** The cheque's or DD's bank and date, when given (the schema lets them through only together). */
function instrumentOf(input: TRecordOfflineDonationInput): { instrument?: { bank: string; date: string } } {
  return input.instrumentBank && input.instrumentDate ? { instrument: { bank: input.instrumentBank, date: input.instrumentDate } } : {};
}
