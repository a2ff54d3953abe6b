import { handleCommand } from '#server/event-store/command-handler';

import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { decideRecordDonorId, hasDonorIdToRecord, donationStream } from '../donation.decider.ts';
import { donationStreamId, type OtherDonorIdKind } from '../donations.events.ts';
import type { TRecordDonorIdResponse } from './record-donor-id.schema.ts';

/** The blind-index purpose of a recorded donor ID: the kind and the number, as one value. */
export const DONOR_ID_KEY_PURPOSE = 'donation-donor-id';

/** `donations.admin.recordDonorId` (finance): the number sealed under the donation's key, once the decision needs it. */
export async function recordDonorId(
  services: Services,
  input: { reference: string; kind: OtherDonorIdKind; number: string },
  admin: { userId: string },
  meta: RequestMeta,
): Promise<TRecordDonorIdResponse> {
  const now = services.now();
  const streamId = donationStreamId(input.reference);
  const numberKey = services.vault.blindIndex(DONOR_ID_KEY_PURPOSE, `${input.kind}:${input.number}`);
  await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: async (state, { seal }) => {
      // Nothing is sealed for a donation that is not there, was erased, or has this ID already.
      if (!hasDonorIdToRecord({ kind: input.kind, numberKey }, state)) return [];
      return decideRecordDonorId({ ...input, number: await seal(streamId, input.number), numberKey, recordedBy: admin.userId, now }, state);
    },
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), kind: input.kind };
}
