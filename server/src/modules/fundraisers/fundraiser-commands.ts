import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStreamOf, handleCommand, type CommandServices } from '#server/event-store/command-handler';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findHelpRequestOpenForGifts } from '#server/modules/help/help.api';
import type { Services } from '#server/services';
import { indiaToday } from '#server/shared/india';
import { REFERENCE_ALPHABET } from '#server/shared/references';
import type { ReceivedFormFile } from '#server/uploads/receive-form';
import { reencodeImage } from '#server/uploads/reencode-image';
import {
  decideApproveFundraiser,
  decideCloseFundraiser,
  decideHideMessage,
  decideRejectFundraiser,
  decideStartFundraiser,
  fundraiserStream,
  refuseStartInput,
  type FundraiserState,
} from './fundraiser.decider.ts';
import { fundraiserStreamId, type FundraiserEvent, type FundraiserTarget, type FundraiserText } from './fundraisers.events.ts';
import { FUNDRAISER_PHOTO_REQUIRED, type TStartFundraiserFields, type TStartFundraiserResponse } from './fundraisers.schema.ts';

export const FUNDRAISER_PHOTO_FILE_KIND = 'fundraiser-photo';
/** The photo as the page shows it: at most 1600 px on its longer side, a fresh JPEG without metadata. */
const FUNDRAISER_PHOTO = { maxSide: 1600, format: 'jpeg', quality: 80, kernel: 'linear', mozjpeg: false, optimiseCoding: false } as const;

/**
 * A fundraiser's ID: F and 9 characters. From the member and their form's Idempotency-Key when one
 * is sent, so the same submission sent again (a double tap, a retry, ten at once) names the same
 * fundraiser and records it once; random otherwise.
 */
export function fundraiserIdOf(organiserId: string, submissionKey: string | null): string {
  const bytes = submissionKey ? crypto.createHash('sha256').update(`fundraiser:${organiserId}:${submissionKey}`).digest() : crypto.randomBytes(9);
  let id = 'F';
  for (let index = 0; index < 9; index += 1) id += REFERENCE_ALPHABET[bytes[index]! % REFERENCE_ALPHABET.length];
  return id;
}

/** What the fundraiser raises for, checked now: a help request must be published and still take gifts. */
async function targetOf(services: Pick<Services, 'db'>, fields: Pick<TStartFundraiserFields, 'cause' | 'helpRequestId'>, now: Date): Promise<FundraiserTarget> {
  if (fields.helpRequestId) {
    const request = await findHelpRequestOpenForGifts(services.db, fields.helpRequestId, now);
    return { kind: 'help-request', helpRequestId: request.id, cause: request.cause };
  }
  return { kind: 'cause', cause: fields.cause! };
}

/**
 * POST /api/fundraisers: a signed-in member starts a fundraiser, to be approved by `verification`
 * before it is public. Refused before the photo is decoded: a goal of ₹0, an end date not after
 * today or beyond 90 days, an unknown or closed help request; then a file that is not an image is
 * refused by the re-encoding. The photo is stored in the transaction that records the start, so a
 * refusal leaves neither an event nor a file.
 */
export async function startFundraiser(
  services: Services,
  input: { fields: TStartFundraiserFields; photo: ReceivedFormFile | undefined; submissionKey: string | null },
  meta: RequestMeta,
): Promise<TStartFundraiserResponse> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, now);
  const { fields } = input;
  refuseStartInput({ goalPaise: fields.goalPaise, endsOn: fields.endsOn, now });
  const target = await targetOf(services, fields, now);
  if (!input.photo) throw new AppError('BAD_REQUEST', { userMessage: FUNDRAISER_PHOTO_REQUIRED, fieldErrors: { photo: [FUNDRAISER_PHOTO_REQUIRED] } });
  const photo = await reencodeImage(input.photo.bytes, FUNDRAISER_PHOTO);
  const fundraiserId = fundraiserIdOf(meta.actor, input.submissionKey);
  const streamId = fundraiserStreamId(fundraiserId);
  const photoFileId = crypto.randomUUID();
  const text: FundraiserText = { titleEn: fields.titleEn, titleHi: fields.titleHi, storyEn: fields.storyEn, storyHi: fields.storyHi };
  const { state, events } = await handleCommand(services, {
    stream: fundraiserStream,
    id: fundraiserId,
    decide: async (current, { seal }) =>
      decideStartFundraiser({ fundraiserId, organiserId: meta.actor, target, text: await seal(streamId, text), goalPaise: fields.goalPaise, endsOn: fields.endsOn, photoFileId, now }, current),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.files.put({ fileId: photoFileId, subjectId: streamId, kind: FUNDRAISER_PHOTO_FILE_KIND, mediaType: photo.mediaType, bytes: photo.bytes }, tx);
    },
  });
  return { id: fundraiserId, status: events.length > 0 ? 'pending' : (state.status ?? 'pending') };
}

type Status = TStartFundraiserResponse;

function statusOf(id: string, state: FundraiserState, recorded: readonly { type: string }[]): Status {
  const last = recorded.at(-1)?.type;
  const status = last === 'FundraiserApproved' ? 'approved' : last === 'FundraiserRejected' ? 'rejected' : last === 'FundraiserClosed' ? 'closed' : (state.status ?? 'pending');
  return { id, status };
}

/** `verification` makes a pending fundraiser public. */
export async function approveFundraiser(services: CommandServices & Pick<Services, 'now'>, id: string, meta: RequestMeta): Promise<Status> {
  const now = services.now();
  const { state, events } = await handleCommand(services, { stream: fundraiserStream, id, decide: (current) => decideApproveFundraiser({ fundraiserId: id, now }, current), metadata: eventMetadata(meta) });
  return statusOf(id, state, events);
}

/** `verification` refuses a pending fundraiser; the reason (sealed) is shown to its organiser. */
export async function rejectFundraiser(services: CommandServices & Pick<Services, 'now'>, input: { id: string; reason: string }, meta: RequestMeta): Promise<Status> {
  const now = services.now();
  const { state, events } = await handleCommand(services, {
    stream: fundraiserStream,
    id: input.id,
    // Sealed under the fundraiser's key (the reason may name the organiser); a refusal rolls the attempt back, key and all.
    decide: async (current, { seal }) => decideRejectFundraiser({ fundraiserId: input.id, reason: await seal(fundraiserStreamId(input.id), input.reason), now }, current),
    metadata: eventMetadata(meta),
  });
  return statusOf(input.id, state, events);
}

/** Its organiser closes it (nobody else: the decision checks the actor against the organiser). */
export async function closeFundraiser(services: CommandServices & Pick<Services, 'now'>, id: string, meta: RequestMeta): Promise<Status> {
  const now = services.now();
  const { state, events } = await handleCommand(services, {
    stream: fundraiserStream,
    id,
    decide: (current) => decideCloseFundraiser({ fundraiserId: id, closedBy: 'organiser', actor: meta.actor, now }, current),
    metadata: eventMetadata(meta),
  });
  return statusOf(id, state, events);
}

/** Staff hide a supporter's message from the page; the gift must be one given through this fundraiser. */
export async function hideFundraiserMessage(services: CommandServices & Pick<Services, 'now'>, input: { id: string; reference: string }, meta: RequestMeta): Promise<{ id: string; reference: string; isHidden: true }> {
  const now = services.now();
  await handleCommand<FundraiserState & { isGiftOfFundraiser: boolean }, FundraiserEvent>(services, {
    async read(tx) {
      const folded = await foldStreamOf(services.eventStore, tx, fundraiserStream, input.id);
      const { rows } = await tx.query(`SELECT 1 FROM fundraiser_gifts WHERE reference = $1 AND fundraiser_id = $2`, [input.reference, input.id]);
      return { state: { ...folded.state, isGiftOfFundraiser: rows.length > 0 }, versions: folded.versions };
    },
    decide: (state) => [
      { streamId: fundraiserStreamId(input.id), events: decideHideMessage({ fundraiserId: input.id, reference: input.reference, isGiftOfFundraiser: state.isGiftOfFundraiser, now }, state) },
    ],
    metadata: eventMetadata(meta),
  });
  return { id: input.id, reference: input.reference, isHidden: true };
}

const BATCH = 200;

/**
 * Closes every approved fundraiser whose end date has passed in India as of `asOf` (the schedule's
 * slot, so a retried slot decides the same). The read model only lists candidates; each is decided
 * on its own stream. Returns how many were closed. The public page already shows one past its end
 * date as closed before this runs, and a gift is refused through it.
 */
export async function closeEndedFundraisers(services: CommandServices, asOf: Date): Promise<number> {
  const today = indiaToday(asOf);
  let closed = 0;
  let after = '';
  for (;;) {
    const { rows } = await services.db.query<{ id: string }>(`SELECT id FROM fundraisers WHERE status = 'approved' AND ends_on < $1::date AND id > $2 ORDER BY id LIMIT $3`, [today, after, BATCH]);
    for (const { id } of rows) {
      const { events } = await handleCommand(services, {
        stream: fundraiserStream,
        id,
        decide: (state) => decideCloseFundraiser({ fundraiserId: id, closedBy: 'end-date', actor: 'system', now: asOf }, state),
        metadata: { actor: 'system', correlationId: `close-ended-fundraisers:${asOf.toISOString()}` },
      });
      closed += events.length;
    }
    if (rows.length < BATCH) return closed;
    after = rows.at(-1)!.id;
  }
}
