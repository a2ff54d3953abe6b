import { handleCommand } from '#server/event-store/command-handler';

import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { decideEraseDonation, donationStream } from './donation.decider.ts';
import { donationStreamId } from './donations.events.ts';

/**
 * Erases a donor's personal data from one donation (rule 9; as identity's erasePerson, decision 021):
 * in one transaction PersonalDataErased is appended (the donations read model scrubs the donor),
 * the donation's data key is destroyed (the sealed details in its events and its files — the
 * screenshot, the receipts — are unreadable for ever) and its files are removed. `reason` must hold
 * no personal data (identity's ZErasureReasonSchema checks that).
 */
export async function eraseDonation(
  services: Services,
  command: { reference: string; reason: string },
  meta: RequestMeta,
): Promise<{ reference: string; isErasedNow: boolean }> {
  const subjectId = donationStreamId(command.reference);
  const now = services.now();
  const { events } = await handleCommand(services, {
    stream: donationStream,
    id: command.reference,
    decide: (state) => decideEraseDonation({ ...command, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.vault.destroyKey(tx, subjectId);
      await services.files.removeAllOf(subjectId, tx);
    },
  });
  return { reference: command.reference, isErasedNow: events.length > 0 };
}
