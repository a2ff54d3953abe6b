import { handleCommand } from '#server/event-store/command-handler';
import type { Queryable } from '#server/db/db';

import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findActiveMember } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { TLanguage } from '#server/shared/language';
import type { TCreateDonationInput, TPaymentDetails } from './create-donation.schema.ts';

import { contactKeysOf, donorKeyOf } from '../donor-keys.ts';
import { donationStreamId, type Cause, type DonorDetails } from '../donations.events.ts';
import { paymentDetailsOf, paymentSettingsOf } from './payment-details.ts';
import { openOrder } from '../online/online-payments.ts';
import { generateReference } from '../reference.ts';
import { type PledgeCommand, type PledgeState, decidePledge, isForeignContribution } from '../donation.decider.ts';

/** The donor's details as sealed, from the validated input. */
export function donorDetailsOf(input: Pick<TCreateDonationInput, 'donorName' | 'email' | 'phone' | 'pan' | 'panName' | 'address'> & { language?: TLanguage }): DonorDetails {
  const pan = input.pan ?? null;
  // The schema refuses a PAN name without a PAN; a name as on no PAN is never kept.
  return {
    name: input.donorName,
    email: input.email ?? null,
    phone: input.phone ?? null,
    pan,
    panName: pan ? (input.panName ?? null) : null,
    address: input.address ?? null,
    ...(input.language ? { language: input.language } : {}),
  };
}

/** The pledge command's fields that come from the input and the blind-index key. */
export function pledgeFieldsOf(
  services: Pick<Services, 'vault'>,
  input: Pick<TCreateDonationInput, 'amountPaise' | 'cause' | 'showName' | 'referralId' | 'citizenship' | 'country'>,
  donor: DonorDetails,
): Omit<PledgeCommand, 'reference' | 'donor' | 'memberId' | 'channel' | 'now' | 'helpRequestId'> {
  const blindIndex = (purpose: string, value: string) => services.vault.blindIndex(purpose, value);
  return {
    amountPaise: input.amountPaise,
    cause: input.cause,
    donorKey: donorKeyOf(blindIndex, donor),
    contactKeys: contactKeysOf(blindIndex, donor),
    hasPan: donor.pan !== null,
    showName: input.showName,
    referralId: input.referralId || null,
    ...(input.citizenship ? { citizenship: input.citizenship } : {}),
    country: input.country ?? null,
  };
}

/**
 * `donations.create` / POST /api/donations: records a pledge under a new reference and answers how
 * to pay it. A signed-in person's gift counts as their verified giving once verified. Twenty
 * pledges an hour per address.
 */
export async function createDonation(services: Services, input: TCreateDonationInput, viewer: { userId: string } | null, meta: RequestMeta): Promise<TPaymentDetails> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('donation-pledge', meta.ip), services.limits.donationPledgePerIp, now);
  const donor = donorDetailsOf(input);
  const fields = pledgeFieldsOf(services, input, donor);
  const { state } = await handleCommand(services, {
    async read(tx) {
      // A new reference on every attempt: one that exists already makes the no_stream append conflict.
      const reference = generateReference();
      const { settings } = await getSettings(tx);
      // A gift through a member's fundraiser goes to an approved, open one (issue 33), for its cause,
      // or for its help request (which must still take gifts: the gift is earmarked to it as any other).
      const fundraiser = input.fundraiserId ? await findFundraiserTarget(services, tx, input.fundraiserId, now) : null;
      const helpRequestId = fundraiser ? fundraiser.helpRequestId : input.helpRequestId;
      // A gift for a help request goes to a published, open one, and counts under the request's cause.
      const help = helpRequestId ? await findGiftTarget(services, tx, helpRequestId, now) : null;
      const state: PledgeState & { reference: string; help: { id: string; cause: Cause } | null; fundraiser: { id: string; cause: Cause } | null } = {
        reference,
        help,
        fundraiser,
        exists: false,
        referrer: fields.referralId ? await findActiveMember(tx, fields.referralId) : undefined,
        payment: paymentSettingsOf(settings),
      };
      return { state, versions: { [donationStreamId(reference)]: null } };
    },
    decide: async (state, { seal }) => {
      const streamId = donationStreamId(state.reference);
      const command: PledgeCommand = {
        ...fields,
        ...(state.fundraiser ? { cause: state.fundraiser.cause } : {}),
        ...(state.help ? { cause: state.help.cause } : {}),
        helpRequestId: state.help?.id ?? null,
        fundraiserId: state.fundraiser?.id ?? null,
        message: state.fundraiser && input.message ? await seal(streamId, input.message) : null,
        reference: state.reference,
        donor: await seal(streamId, donor),
        memberId: viewer?.userId ?? null,
        channel: 'online',
        now,
      };
      return [{ streamId, events: decidePledge(command, state) }];
    },
    metadata: eventMetadata(meta),
  });
  const isForeign = isForeignContribution(fields);
  const details = paymentDetailsOf(state.payment, state.reference, input.amountPaise, isForeign);
  const order = await openOrder(services, { reference: state.reference, amountPaise: input.amountPaise, cause: state.help?.cause ?? state.fundraiser?.cause ?? fields.cause, isForeignContribution: isForeign }, meta);
  return order ? { ...details, razorpay: order } : details;
}

/** The record a gift is given for (a help request), asked of the module that keeps it (services.ts GiftTarget). */
async function findGiftTarget(services: Services, db: Queryable, id: string, now: Date): Promise<{ id: string; cause: Cause }> {
  const target = services.modules.find((module) => module.giftTarget)?.giftTarget;
  if (!target) throw new Error('No module takes gifts for a record: the help module is not loaded.');
  return target.findOpen(db, id, now);
}

/** A member's fundraiser a gift is given through, asked of the module that keeps it (services.ts FundraiserTarget). */
async function findFundraiserTarget(services: Services, db: Queryable, id: string, now: Date): Promise<{ id: string; cause: Cause; helpRequestId: string | null }> {
  const target = services.modules.find((module) => module.fundraiserTarget)?.fundraiserTarget;
  if (!target) throw new Error('No module takes gifts through a fundraiser: the fundraisers module is not loaded.');
  return target.findOpen(db, id, now);
}
