import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { TCancelDonationResponse } from './cancel-donation.schema.ts';
import { formatReference } from '../donation-fields.schema.ts';
import { decideCancel, donationStream } from '../donation.decider.ts';

/** `donations.admin.cancel` / POST /api/admin/donations/:reference/cancel (finance). */
export async function cancelDonation(services: Services, input: { reference: string; reason: string }, meta: RequestMeta): Promise<TCancelDonationResponse> {
  const now = services.now();
  const { state } = await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: (current) => decideCancel({ ...input, now }, current),
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), status: 'cancelled', receiptSerial: state.verification!.receipt.serial };
}
