import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { decideReject, donationStream } from '../donation.decider.ts';

import type { TRejectDonationResponse } from './reject-donation.schema.ts';

/** `donations.admin.reject` / POST /api/admin/donations/:reference/reject (finance). */
export async function rejectDonation(services: Services, input: { reference: string; reason: string }, meta: RequestMeta): Promise<TRejectDonationResponse> {
  const now = services.now();
  await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: (state) => decideReject({ ...input, now }, state),
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), status: 'rejected' };
}
