import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, recordOnStream, type DecideTools } from '#server/event-store/command-handler';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { DOCUMENT_IMAGE } from '#server/modules/kanyadan/kanyadan.api';
import type { Services } from '#server/services';
import type { ReceivedFormFile } from '#server/uploads/receive-form';
import { reencodeImage } from '#server/uploads/reencode-image';
import type { TDirectGift, TDirectGiftStatus } from './direct-gifts.schema.ts';
import { HELP_REQUEST_NOT_FOUND, decideConfirmGift, decideDisputeGift, decideGiftDispute, decideSubmitGift, evolveGifts, GIFT_NOT_FOUND, GIFT_ONLY_BENEFICIARY, noGifts, type GiftsState, evolveWholeRequest, withFundedClose, type WholeRequest, helpRequestStream } from '../help-request.decider.ts';
import { HELP_GIFT_UTR_STREAM_PREFIX, helpAccessStreamId, helpStreamId, type DirectGiftEvent, type DirectGiftUtrClaimed, type HelpRequestClosed } from '../help.events.ts';
import { getUserNames } from '#server/modules/identity/identity.api';

/** The file store's kind of a direct gift's screenshot, sealed under the request's key. */
export const GIFT_SCREENSHOT_FILE_KIND = 'help-gift-screenshot';

export function giftUtrStreamId(utr: string): string {
  return `${HELP_GIFT_UTR_STREAM_PREFIX}${utr}`;
}

export function giftScreenshotUrl(giftId: string): string {
  return `/api/help/gifts/${giftId}/screenshot`;
}

/**
 * POST /api/help/:requestId/gifts (a signed-in giver): the gift recorded on the request's stream and
 * its UTR claimed on its own, in one transaction, with the screenshot re-encoded (no EXIF, no GPS)
 * and stored sealed under the request's key. Two submissions at once by the same giver: one waits
 * for the other's append, then finds it pending and is refused.
 */
export async function submitGift(
  services: Services,
  input: { requestId: string; amountPaise: number; utr: string; screenshot: ReceivedFormFile },
  meta: RequestMeta,
): Promise<{ giftId: string }> {
  const now = services.now();
  const streamId = helpStreamId(input.requestId);
  const utrStreamId = giftUtrStreamId(input.utr);
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, now);
  // Read once, refused early: nothing is decoded for a request that takes no gifts from this person.
  const { state: before } = await services.db.transaction((tx) => foldStream(services.eventStore, tx, streamId, evolveGifts, noGifts));
  refuseEarly(before, meta, now);
  const image = await reencodeImage(input.screenshot.bytes, DOCUMENT_IMAGE);
  const giftId = crypto.randomUUID();
  const fileId = crypto.randomUUID();
  await handleCommand<GiftsState & { claimedBy: string | null }, DirectGiftEvent | DirectGiftUtrClaimed>(services, {
    async read(tx) {
      const gifts = await foldStream(services.eventStore, tx, streamId, evolveGifts, noGifts);
      const claim = await foldStream<string | null, DirectGiftUtrClaimed>(services.eventStore, tx, utrStreamId, (_, event) => event.data.giftId, null);
      return { state: { ...gifts.state, claimedBy: claim.state }, versions: { ...gifts.versions, ...claim.versions } };
    },
    decide(state) {
      const submitted = decideSubmitGift(
        { requestId: input.requestId, giftId, giverId: meta.actor, amountPaise: input.amountPaise, utr: input.utr, screenshotFileId: fileId, isUtrUsed: state.claimedBy !== null, now },
        state,
      );
      const claimed: DirectGiftUtrClaimed[] = [{ type: 'DirectGiftUtrClaimed', data: { utr: input.utr, requestId: input.requestId, giftId, claimedAt: now.toISOString() } }];
      return [
        { streamId, events: submitted },
        { streamId: utrStreamId, events: submitted.length > 0 ? claimed : [] },
      ];
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.files.put({ fileId, subjectId: streamId, kind: GIFT_SCREENSHOT_FILE_KIND, mediaType: 'image/jpeg', bytes: image.bytes }, tx);
    },
  });
  return { giftId };
}

/** The submission's refusals that need no file: the decision taken on a gift that is never recorded. */
function refuseEarly(state: GiftsState, meta: RequestMeta, now: Date): void {
  decideSubmitGift({ requestId: state.request.requestId, giftId: crypto.randomUUID(), giverId: meta.actor, amountPaise: 100, utr: '', screenshotFileId: '', isUtrUsed: false, now }, state);
}

interface GiftRow {
  gift_id: string;
  request_id: string;
  giver_id: string;
  amount_paise: string;
  utr: string;
  status: TDirectGiftStatus;
  submitted_at: Date;
  disputed_at: Date | null;
  decision_reason: string | null;
}

const GIFT_COLUMNS = `g.gift_id, g.request_id, g.giver_id, g.amount_paise, g.utr, g.status, g.submitted_at, g.disputed_at, g.decision_reason`;

/** The givers' names, from identity (the name an account holds; null once erased or for no account). */
async function giverNamesOf(services: Pick<Services, 'db'>, rows: readonly GiftRow[]): Promise<Map<string, string | null>> {
  return getUserNames(services.db, [...new Set(rows.map((row) => row.giver_id))]);
}

function giftOf(row: GiftRow, names: ReadonlyMap<string, string | null>): TDirectGift {
  return {
    giftId: row.gift_id,
    requestId: row.request_id,
    giverId: row.giver_id,
    giverName: names.get(row.giver_id) ?? null,
    amountPaise: Number(row.amount_paise),
    utr: row.utr,
    status: row.status,
    submittedAt: row.submitted_at.toISOString(),
    screenshotUrl: giftScreenshotUrl(row.gift_id),
    decisionReason: row.decision_reason,
  };
}

async function requesterOf(services: Pick<Services, 'db'>, requestId: string): Promise<string> {
  const { rows } = await services.db.query<{ requester_id: string }>(`SELECT requester_id FROM help_requests WHERE id = $1`, [requestId]);
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: HELP_REQUEST_NOT_FOUND });
  return rows[0].requester_id;
}

/** help.gifts.forRequest: the beneficiary's view of every gift to their request, pending ones first. */
export async function listGiftsForRequest(services: Services, id: string, meta: RequestMeta): Promise<{ gifts: TDirectGift[] }> {
  if ((await requesterOf(services, id)) !== meta.actor) throw new AppError('FORBIDDEN', { userMessage: GIFT_ONLY_BENEFICIARY });
  const { rows } = await services.db.query<GiftRow>(
    `SELECT ${GIFT_COLUMNS} FROM help_gifts g
      WHERE g.request_id = $1 ORDER BY (g.status = 'pending') DESC, g.submitted_at DESC, g.gift_id LIMIT 500`,
    [id],
  );
  const names = await giverNamesOf(services, rows);
  return { gifts: rows.map((row) => giftOf(row, names)) };
}

/** help.gifts.given: the signed-in giver's own gifts, newest first. */
export async function listGivenGifts(services: Services, meta: RequestMeta) {
  const { rows } = await services.db.query<GiftRow & { title_en: string | null; title_hi: string | null }>(
    `SELECT ${GIFT_COLUMNS}, r.title_en, r.title_hi FROM help_gifts g JOIN help_requests r ON r.id = g.request_id
      WHERE g.giver_id = $1 ORDER BY g.submitted_at DESC, g.gift_id LIMIT 200`,
    [meta.actor],
  );
  return {
    gifts: rows.map((row) => {
      // The giver is the one asking: their own name is not part of the answer.
      const { giverName: _name, screenshotUrl: _url, ...gift } = giftOf(row, new Map());
      return { ...gift, requestTitle: { en: row.title_en, hi: row.title_hi } };
    }),
  };
}

/** help.admin.gifts.getDisputes: disputed gifts, oldest dispute first. */
export async function listDisputes(services: Services) {
  const { rows } = await services.db.query<GiftRow & { title_en: string | null; title_hi: string | null; requester_id: string }>(
    `SELECT ${GIFT_COLUMNS}, r.title_en, r.title_hi, r.requester_id FROM help_gifts g JOIN help_requests r ON r.id = g.request_id
      WHERE g.status = 'disputed' ORDER BY g.disputed_at, g.gift_id LIMIT 500`,
  );
  const names = await giverNamesOf(services, rows);
  return {
    gifts: rows.map((row) => ({ ...giftOf(row, names), requestTitle: { en: row.title_en, hi: row.title_hi }, requesterId: row.requester_id, disputedAt: row.disputed_at?.toISOString() ?? null })),
  };
}

async function requestOfGift(services: Pick<Services, 'db'>, giftId: string): Promise<{ requestId: string; fileId: string; giverId: string }> {
  const { rows } = await services.db.query<{ request_id: string; screenshot_file_id: string; giver_id: string }>(
    `SELECT request_id, screenshot_file_id, giver_id FROM help_gifts WHERE gift_id = $1`,
    [giftId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: GIFT_NOT_FOUND });
  return { requestId: rows[0].request_id, fileId: rows[0].screenshot_file_id, giverId: rows[0].giver_id };
}

async function decideOnGift(
  services: Services,
  giftId: string,
  meta: RequestMeta,
  decide: (state: GiftsState, requestId: string, tools: DecideTools) => DirectGiftEvent[] | Promise<DirectGiftEvent[]>,
): Promise<{ giftId: string; status: TDirectGiftStatus }> {
  const { requestId } = await requestOfGift(services, giftId);
  const { state, events } = await handleCommand<WholeRequest, DirectGiftEvent | HelpRequestClosed>(services, {
    stream: helpRequestStream,
    id: requestId,
    // A gift that arrives may be the one that funds the request: it then closes in the same append.
    decide: async (whole, tools) => withFundedClose(whole, await decide(whole.gifts, requestId, tools), services.now()),
    metadata: eventMetadata(meta),
  });
  const after = events.reduce(evolveWholeRequest, state);
  return { giftId, status: after.gifts.gifts[giftId]?.status ?? 'pending' };
}

export function confirmGift(services: Services, input: { giftId: string }, meta: RequestMeta) {
  return decideOnGift(services, input.giftId, meta, (state, requestId) => decideConfirmGift({ requestId, giftId: input.giftId, actor: meta.actor, now: services.now() }, state));
}

export function disputeGift(services: Services, input: { giftId: string }, meta: RequestMeta) {
  return decideOnGift(services, input.giftId, meta, (state, requestId) => decideDisputeGift({ requestId, giftId: input.giftId, actor: meta.actor, now: services.now() }, state));
}

/** help.admin.gifts.decide: the reason is sealed under the request's key (it may name the beneficiary; issue 29); the giver reads it from the read model. */
export function settleGiftDispute(services: Services, input: { giftId: string; decision: 'received' | 'not-received'; reason: string }, meta: RequestMeta) {
  return decideOnGift(services, input.giftId, meta, async (state, requestId, { seal }) => {
    const events = decideGiftDispute({ requestId, giftId: input.giftId, decision: input.decision, reason: input.reason, decidedBy: meta.actor, now: services.now() }, state);
    return Promise.all(events.map(async (event) => ({ ...event, data: { ...event.data, reason: await seal(helpStreamId(requestId), input.reason) } })));
  });
}

/**
 * GET /api/help/gifts/:giftId/screenshot: for the beneficiary (the request's requester), its giver,
 * and verification staff, whose every view is recorded.
 */
export async function viewGiftScreenshot(services: Services, giftId: string, viewer: { isStaff: boolean }, meta: RequestMeta): Promise<Buffer> {
  const { requestId, fileId, giverId } = await requestOfGift(services, giftId);
  const isParty = meta.actor === giverId || meta.actor === (await requesterOf(services, requestId));
  if (!isParty && !viewer.isStaff) throw new AppError('FORBIDDEN', { userMessage: GIFT_ONLY_BENEFICIARY });
  const stored = await services.files.get(fileId, { subjectId: helpStreamId(requestId), kind: GIFT_SCREENSHOT_FILE_KIND });
  if (!stored) throw new AppError('NOT_FOUND', { userMessage: GIFT_NOT_FOUND });
  if (!isParty) {
    await recordOnStream(
      services,
      helpAccessStreamId(requestId),
      [{ type: 'HelpGiftScreenshotViewed', data: { requestId, giftId, viewerId: meta.actor, viewedAt: services.now().toISOString() } }],
      eventMetadata(meta),
    );
  }
  return stored.bytes;
}
