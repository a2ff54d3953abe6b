import { handleCommand } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { decideRecordPanName, donationStream, hasPanNameToRecord } from '../donation.decider.ts';
import { donationStreamId } from '../donations.events.ts';
import type { TRecordPanNameResponse } from './record-pan-name.schema.ts';

/** The blind-index purpose of a recorded name as on a PAN (as written: a change of case is a correction too). */
export const PAN_NAME_KEY_PURPOSE = 'donation-pan-name';

/** `donations.admin.recordPanName` (finance): the name sealed under the donation's key, once the decision needs it. */
export async function recordPanName(
  services: Services,
  input: { reference: string; panName: string },
  admin: { userId: string },
  meta: RequestMeta,
): Promise<TRecordPanNameResponse> {
  const now = services.now();
  const streamId = donationStreamId(input.reference);
  const panNameKey = services.vault.blindIndex(PAN_NAME_KEY_PURPOSE, input.panName);
  await handleCommand(services, {
    stream: donationStream,
    id: input.reference,
    decide: async (state, { seal }) => {
      // Nothing is sealed for a donation that is not there, was erased, has no ID, or has this name already.
      if (!hasPanNameToRecord({ panNameKey }, state)) return [];
      return decideRecordPanName({ reference: input.reference, panName: await seal(streamId, input.panName), panNameKey, recordedBy: admin.userId, now }, state);
    },
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), panName: input.panName };
}
