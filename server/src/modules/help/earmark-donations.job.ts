import { z } from 'zod';
import { foldStream, foldStreamOf, handleCommand, type CommandServices } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import { donationStreamId, type DonationCancelled, type DonationVerified } from '#server/modules/donations/donations.api';
import { defineJob } from '#server/queue/job';
import { decideApplyDonation, helpRequestStream, type WholeRequest } from './help-request.decider.ts';
import { helpStreamId, type HelpLedgerEvent, type HelpRequestClosed } from './help.events.ts';
import { HELP_REQUEST_ID_PATTERN } from './help.schema.ts';
import { streamVersion } from '#server/event-store/queries';

/**
 * Earmarks a verified donation to its request, or takes a cancelled one back, deciding on the
 * request's stream with the donation's stream read in the same attempt (see the job below).
 */
export async function applyDonationToRequest(
  services: CommandServices & { now(): Date },
  input: { requestId: string; reference: string; amountPaise: number; isCancellation: boolean },
  metadata: EventMetadata,
): Promise<void> {
  const { requestId, reference } = input;
  const streamId = helpStreamId(requestId);
  await handleCommand<{ held: WholeRequest; isCancelled: boolean }, HelpLedgerEvent | HelpRequestClosed>(services, {
    async read(tx) {
      const held = await foldStreamOf(services.eventStore, tx, helpRequestStream, requestId);
      // Shared-locked: a cancellation appended meanwhile waits for this decision to commit, so its
      // job (relayed after its commit) finds the earmark to take back instead of racing past it.
      await streamVersion(tx, donationStreamId(reference), { forShare: true });
      const donation = await foldStream(services.eventStore, tx, donationStreamId(reference), (isCancelled: boolean, recorded) => isCancelled || recorded.type === 'DonationCancelled', false);
      return { state: { held: held.state, isCancelled: donation.state }, versions: { ...held.versions, ...donation.versions } };
    },
    decide: (state) => [{ streamId, events: decideApplyDonation({ ...input, now: services.now() }, state) }],
    metadata,
  });
}

/**
 * A verified donation given for a help request is earmarked to it — money the foundation holds for
 * the request, which its beneficiary may withdraw — and a cancellation takes it back. Decided on the
 * request's stream by the ledger (the same reference twice records nothing), with the donation's
 * own stream read in the same attempt: a verification's job that runs after its cancellation's (jobs
 * may run out of order) sees the cancellation and earmarks nothing, and one that races it retries.
 */
export const earmarkDonationsJob = defineJob<DonationVerified | DonationCancelled, { reference: string; amountPaise: number; helpRequestId?: string }>({
  name: 'earmark-help-donations',
  on: ['DonationVerified', 'DonationCancelled'],
  payload: z.object({ reference: z.string(), amountPaise: z.number().int(), helpRequestId: z.string().regex(HELP_REQUEST_ID_PATTERN).optional() }),
  async run({ event, payload }, context) {
    if (!payload.helpRequestId) return;
    await applyDonationToRequest(
      context,
      { requestId: payload.helpRequestId, reference: payload.reference, amountPaise: payload.amountPaise, isCancellation: event.type === 'DonationCancelled' },
      { actor: 'system', correlationId: event.metadata.correlationId, causationId: event.eventId, ip: null },
    );
  },
});
