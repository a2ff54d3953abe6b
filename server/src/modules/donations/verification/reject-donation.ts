import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { DONATION_NOT_FOUND, evolveDonation, noDonation, type DonationState } from '../donation.decider.ts';
import { donationStreamId, type DonationRejected } from '../donations.events.ts';
import type { TRejectDonationResponse } from './reject-donation.schema.ts';

export const REJECT_VERIFIED = 'A verified donation cannot be rejected. Cancel it instead, with the reason.';
export const REJECT_CANCELLED = 'This donation was cancelled already.';

/**
 * Pure: finance rejects a donation it cannot match to money received (with a reason the donor
 * sees). A pledge may be rejected before proof arrives too (a test or a duplicate). Rejecting again
 * finds it done; a verified donation is cancelled instead, never rejected.
 */
export function decideReject(command: { reference: string; reason: string; now: Date }, state: DonationState): DonationRejected[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.status === 'rejected') return [];
  if (state.status === 'verified') throw new AppError('CONFLICT', { userMessage: REJECT_VERIFIED });
  if (state.status === 'cancelled') throw new AppError('CONFLICT', { userMessage: REJECT_CANCELLED });
  return [{ type: 'DonationRejected', data: { reference: command.reference, reason: command.reason, rejectedAt: command.now.toISOString() } }];
}

/** `donations.admin.reject` / POST /api/admin/donations/:reference/reject (finance). */
export async function rejectDonation(services: Services, input: { reference: string; reason: string }, meta: RequestMeta): Promise<TRejectDonationResponse> {
  const now = services.now();
  await handleCommand(services, {
    streamId: donationStreamId(input.reference),
    evolve: evolveDonation,
    initialState: noDonation,
    decide: (state) => decideReject({ ...input, now }, state),
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), status: 'rejected' };
}
