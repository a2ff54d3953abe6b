import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { Sealed } from '#server/event-store/sealing/personal-data';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { DONATION_NOT_FOUND, evolveDonation, noDonation, type DonationState } from '../donation.decider.ts';
import { donationStreamId, type DonorIdentificationRecorded, type OtherDonorIdKind } from '../donations.events.ts';
import type { TRecordDonorIdResponse } from './record-donor-id.schema.ts';

export const DONOR_ERASED = 'This donor’s personal data has been erased; no ID can be recorded for them.';

/** The blind-index purpose of a recorded donor ID: the kind and the number, as one value. */
export const DONOR_ID_KEY_PURPOSE = 'donation-donor-id';

/** Whether an ID can be recorded on the donation at all (checked before anything is sealed). */
function refuseUnrecordable(state: DonationState): void {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  if (state.isErased) throw new AppError('CONFLICT', { userMessage: DONOR_ERASED });
}

function isRecordedAlready(state: DonationState, kind: OtherDonorIdKind, numberKey: string): boolean {
  return state.donorId?.kind === kind && state.donorId.numberKey === numberKey;
}

/**
 * Pure: finance records an ID of the donor for Form 10BD. The same ID again records nothing; a
 * different one replaces it (the latest is the one the statement uses). Not for an erased donor.
 */
export function decideRecordDonorId(
  command: { reference: string; kind: OtherDonorIdKind; number: Sealed; numberKey: string; recordedBy: string; now: Date },
  state: DonationState,
): DonorIdentificationRecorded[] {
  refuseUnrecordable(state);
  if (isRecordedAlready(state, command.kind, command.numberKey)) return [];
  const { reference, kind, number, numberKey, recordedBy } = command;
  return [{ type: 'DonorIdentificationRecorded', data: { reference, kind, number, numberKey, recordedBy, recordedAt: command.now.toISOString() } }];
}

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
    streamId,
    evolve: evolveDonation,
    initialState: noDonation,
    decide: async (state, { seal }) => {
      // Nothing is sealed for a donation that is not there, was erased, or has this ID already.
      refuseUnrecordable(state);
      if (isRecordedAlready(state, input.kind, numberKey)) return [];
      return decideRecordDonorId({ ...input, number: await seal(streamId, input.number), numberKey, recordedBy: admin.userId, now }, state);
    },
    metadata: eventMetadata(meta),
  });
  return { reference: formatReference(input.reference), kind: input.kind };
}
