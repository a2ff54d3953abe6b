import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { TCancelDonationResponse } from './cancel-donation.schema.ts';
import { formatReference } from '../donation-fields.schema.ts';
import { DONATION_NOT_FOUND, evolveDonation, noDonation, type DonationState } from '../donation.decider.ts';
import { donationStreamId, type DonationCancelled } from '../donations.events.ts';

export const CANCEL_NOT_VERIFIED = 'Only a verified donation can be cancelled.';

/**
 * Pure: a verified donation withdrawn (a bounced cheque, a chargeback, a duplicate). Nothing is
 * deleted: its receipt keeps its serial (the number is never issued again) and is re-issued marked
 * CANCELLED; the amounts it added elsewhere are taken back, which is why they are copied here.
 */
export function decideCancel(command: { reference: string; reason: string; now: Date }, state: DonationState): DonationCancelled[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.status === 'cancelled') return [];
  if (state.status !== 'verified') throw new AppError('CONFLICT', { userMessage: CANCEL_NOT_VERIFIED });
  return [
    {
      type: 'DonationCancelled',
      data: {
        reference: command.reference,
        amountPaise: state.amountPaise,
        donorKey: state.donorKey,
        referrerId: state.referrerId,
        memberId: state.memberId,
        reason: command.reason,
        cancelledAt: command.now.toISOString(),
        ...(state.helpRequestId ? { helpRequestId: state.helpRequestId } : {}),
      },
    },
  ];
}

/** `donations.admin.cancel` / POST /api/admin/donations/:reference/cancel (finance). */
export async function cancelDonation(services: Services, input: { reference: string; reason: string }, meta: RequestMeta): Promise<TCancelDonationResponse> {
  const now = services.now();
  const { state } = await handleCommand(services, {
    streamId: donationStreamId(input.reference),
    evolve: evolveDonation,
    initialState: noDonation,
    decide: (current) => decideCancel({ ...input, now }, current),
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), status: 'cancelled', receiptSerial: state.verification!.receipt.serial };
}
