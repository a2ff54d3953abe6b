import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, type DecideTools } from '#server/event-store/command-handler';
import { isSealed } from '#server/event-store/sealing/personal-data';
import type { Recorded } from '#server/event-store/types';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { REFERENCE_ALPHABET } from '#server/modules/donations/donation-fields.schema';
import { assertIfscsInList, getPayoutDetails } from '#server/modules/identity/identity.api';
import { checkFiles, DOCUMENT_IMAGE, MAX_DOCUMENT_PAGES } from '#server/modules/kanyadan/kanyadan.api';
import { indiaToday } from '#server/modules/kanyadan/submission/age.schema';
import type { Services } from '#server/services';
import type { ReceivedFormFile } from '#server/uploads/receive-form';
import { reencodeImage } from '#server/uploads/reencode-image';
import { sanitizePdf } from '#server/uploads/sanitize-pdf';
import {
  decideAskForInformation,
  decideCheckIdentity,
  decideClose,
  decideExtend,
  decideGiveInformation,
  decidePostUpdate,
  decidePublish,
  decideReject,
  decideSubmitHelpRequest,
  evolveHelpRequest,
  isHelpRequestEvent,
  noHelpRequest,
  type HelpRequestState,
  type SubmissionState,
} from '../help-request.decider.ts';
import { HELP_SUBMISSION_STREAM_PREFIX, helpStreamId, type HelpBeneficiary, type HelpDocument, type HelpIdKind, type HelpRequested, type HelpRequestEvent, type HelpRequestStatus, type HelpSubmissionKeyUsed } from '../help.events.ts';
import {
  HELP_DOCUMENT_DATE_FUTURE,
  HELP_DOCUMENT_DATE_INVALID,
  HELP_DOCUMENT_DETAILS_WITHOUT_FILE,
  HELP_DOCUMENT_FIELDS,
  HELP_DOCUMENT_KIND_REQUIRED,
  HELP_DOCUMENT_MAX_AGE_MONTHS,
  HELP_DOCUMENT_REQUIRED,
  HELP_DOCUMENT_TOO_OLD,
  HELP_PAYOUT_REQUIRED,
  HELP_REQUEST_ID_LENGTH,
  type THelpDocumentField,
  type THelpRequestFields,
} from '../help.schema.ts';

/** The file store's kind of a help document, stored sealed under the request's key once made safe. */
export const HELP_DOCUMENT_FILE_KIND = 'help-document';
/** Estimates and bills show today's need only while recent; other documents (an FIR, a letter) may be older. */
const DATED_KINDS: ReadonlySet<string> = new Set(['hospital-estimate', 'hospital-bill']);

export function generateHelpRequestId(): string {
  let id = '';
  for (let index = 0; index < HELP_REQUEST_ID_LENGTH; index++) id += REFERENCE_ALPHABET[crypto.randomInt(0, REFERENCE_ALPHABET.length)];
  return id;
}

export function helpSubmissionStreamId(key: string): string {
  return `${HELP_SUBMISSION_STREAM_PREFIX}${key.toLowerCase()}`;
}

/** The day `months` calendar months before a YYYY-MM-DD day (clamped: 31 August less 6 months is 28/29 February). */
function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const total = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(total / 12);
  const targetMonth = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

interface DocumentSlot {
  field: THelpDocumentField;
  kind: HelpDocument['kind'];
  documentDate: string | null;
  file: ReceivedFormFile;
}

/**
 * Pairs each attached file with its kind and date, refusing (with every field's message at once)
 * a file without a kind, details without a file, a date in the future, and an estimate or bill
 * older than 6 months (or without its date). At least one document.
 */
export function documentSlotsOf(fields: THelpRequestFields, files: Partial<Record<THelpDocumentField, ReceivedFormFile>>, now: Date): DocumentSlot[] {
  const today = indiaToday(now);
  const oldest = monthsBefore(today, HELP_DOCUMENT_MAX_AGE_MONTHS);
  const fieldErrors: Record<string, string[]> = {};
  const slots: DocumentSlot[] = [];
  HELP_DOCUMENT_FIELDS.forEach((field, index) => {
    const kind = fields[`document${(index + 1) as 1 | 2 | 3 | 4}Kind`];
    const date = fields[`document${(index + 1) as 1 | 2 | 3 | 4}Date`] || null;
    const file = files[field];
    if (!file) {
      if (kind || date) fieldErrors[field] = [HELP_DOCUMENT_DETAILS_WITHOUT_FILE];
      return;
    }
    if (!kind) {
      fieldErrors[`${field}Kind`] = [HELP_DOCUMENT_KIND_REQUIRED];
      return;
    }
    if (date && date > today) {
      fieldErrors[`${field}Date`] = [HELP_DOCUMENT_DATE_FUTURE];
      return;
    }
    if (DATED_KINDS.has(kind)) {
      if (!date) {
        fieldErrors[`${field}Date`] = [HELP_DOCUMENT_DATE_INVALID];
        return;
      }
      if (date < oldest) {
        fieldErrors[`${field}Date`] = [HELP_DOCUMENT_TOO_OLD];
        return;
      }
    }
    slots.push({ field, kind, documentDate: date, file });
  });
  if (slots.length === 0 && Object.keys(fieldErrors).length === 0) fieldErrors.document1 = [HELP_DOCUMENT_REQUIRED];
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new AppError('BAD_REQUEST', { userMessage: first, fieldErrors });
  return slots;
}

/** The beneficiary with the payout the form gave, or the requester's profile's when the form gave none. */
async function beneficiaryOf(services: Pick<Services, 'db'>, fields: THelpRequestFields, requesterId: string): Promise<HelpBeneficiary> {
  const given = { upiId: fields.upiId, bankName: fields.bankName, accountHolder: fields.accountHolder, accountNumber: fields.accountNumber, ifsc: fields.ifsc };
  const isGiven = Object.values(given).some((value) => value !== null);
  const payout = isGiven ? given : await getPayoutDetails(services.db, requesterId);
  const hasBank = payout.accountHolder !== null && payout.accountNumber !== null && payout.ifsc !== null;
  if (payout.upiId === null && !hasBank) throw new AppError('BAD_REQUEST', { userMessage: HELP_PAYOUT_REQUIRED, fieldErrors: { upiId: [HELP_PAYOUT_REQUIRED] } });
  return { name: fields.beneficiaryName, relation: fields.relation, payout };
}

/** One document made safe as the Kanyadan documents are: an image re-encoded without metadata, a PDF rewritten without active content. */
async function makeSafe(services: Pick<Services, 'log'>, file: ReceivedFormFile): Promise<{ bytes: Buffer; mediaType: HelpDocument['mediaType']; pages: number }> {
  if (file.mediaType === 'application/pdf') {
    const pdf = await sanitizePdf(file.bytes, { log: services.log, maxPages: MAX_DOCUMENT_PAGES, isChecked: true });
    return { bytes: pdf.bytes, mediaType: 'application/pdf', pages: pdf.pageCount };
  }
  const image = await reencodeImage(file.bytes, DOCUMENT_IMAGE);
  return { bytes: image.bytes, mediaType: 'image/jpeg', pages: 1 };
}

/** The request an earlier submission with this Idempotency-Key made, if any. */
export async function findEarlierHelpSubmission(
  services: Pick<Services, 'db' | 'eventStore'>,
  submissionKey: string,
  requesterId: string,
): Promise<{ id: string; status: HelpRequestStatus } | null> {
  const events = await services.eventStore.readStream(helpSubmissionStreamId(submissionKey));
  const used = events.find((event) => event.type === 'HelpSubmissionKeyUsed') as Recorded<HelpSubmissionKeyUsed> | undefined;
  if (!used) return null;
  const { rows } = await services.db.query<{ status: HelpRequestStatus; requester_id: string }>(`SELECT status, requester_id FROM help_requests WHERE id = $1`, [used.data.requestId]);
  // Another member's key answers nothing about their request.
  if (rows[0] && rows[0].requester_id !== requesterId) throw new AppError('CONFLICT', { userMessage: SUBMISSION_KEY_TAKEN });
  return { id: used.data.requestId, status: rows[0]?.status ?? 'submitted' };
}

export const SUBMISSION_KEY_TAKEN = 'This Idempotency-Key was used for another request. Send a new one.';

/**
 * POST /api/help (a signed-in member): a new help request under a fresh 8-character number, with
 * its documents checked, made safe at once (a help request is rare; the requester waits a second
 * for it rather than a job — docs/decisions/031) and stored sealed under the request's key in the
 * same transaction. An Idempotency-Key makes a retry after a lost answer return the same request.
 */
export async function requestHelp(
  services: Services,
  input: { fields: THelpRequestFields; files: Partial<Record<THelpDocumentField, ReceivedFormFile>>; submissionKey: string | null },
  meta: RequestMeta,
): Promise<{ id: string; status: HelpRequestStatus }> {
  const now = services.now();
  const requesterId = meta.actor;
  const { fields, submissionKey } = input;
  assertIfscsInList({ ifsc: fields.ifsc });
  const slots = documentSlotsOf(fields, input.files, now);
  const beneficiary = await beneficiaryOf(services, fields, requesterId);
  await checkFiles(services, Object.fromEntries(slots.map((slot) => [slot.field, slot.file])));
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('upload', meta.ip), services.limits.uploadPerIp, services.now());
  const documents: { fileId: string; bytes: Buffer; document: HelpDocument }[] = [];
  for (const slot of slots) {
    const safe = await makeSafe(services, slot.file);
    const fileId = crypto.randomUUID();
    documents.push({ fileId, bytes: safe.bytes, document: { uploadId: fileId, kind: slot.kind, mediaType: safe.mediaType, bytes: safe.bytes.length, pages: safe.pages, documentDate: slot.documentDate } });
  }
  const keyStreamId = submissionKey ? helpSubmissionStreamId(submissionKey) : null;
  const { state, events } = await handleCommand<SubmissionState, HelpRequested | HelpSubmissionKeyUsed>(services, {
    async read(tx) {
      let requestId = generateHelpRequestId();
      let read = await foldStream<HelpRequestState, HelpRequestEvent>(services.eventStore, tx, helpStreamId(requestId), evolveHelpRequest, noHelpRequest);
      // 31⁸ numbers: a collision is all but impossible, and a fresh number settles it.
      while (read.state.exists) {
        requestId = generateHelpRequestId();
        read = await foldStream<HelpRequestState, HelpRequestEvent>(services.eventStore, tx, helpStreamId(requestId), evolveHelpRequest, noHelpRequest);
      }
      const versions: Record<string, number | null> = { ...read.versions };
      let earlierId: string | null = null;
      if (keyStreamId) {
        const claim = await foldStream<string | null, HelpSubmissionKeyUsed>(services.eventStore, tx, keyStreamId, (_, event) => event.data.requestId, null);
        earlierId = claim.state;
        versions[keyStreamId] = claim.versions[keyStreamId] ?? null;
      }
      return { state: { requestId, request: read.state, earlierId }, versions };
    },
    decide: (state, { seal }) =>
      decideSubmitHelpRequest(
        {
          requesterId,
          category: fields.category,
          text: { title: { en: fields.titleEn, hi: fields.titleHi }, story: { en: fields.storyEn, hi: fields.storyHi } },
          amountNeededPaise: fields.amountNeeded,
          beneficiary,
          documents: documents.map((entry) => entry.document),
          submissionKey: submissionKey && keyStreamId ? { key: submissionKey, streamId: keyStreamId } : null,
          now,
        },
        state,
        (value) => seal(helpStreamId(state.requestId), value),
      ),
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, read) {
      const subjectId = helpStreamId(read.requestId);
      for (const entry of documents) {
        await services.files.put({ fileId: entry.fileId, subjectId, kind: HELP_DOCUMENT_FILE_KIND, mediaType: entry.document.mediaType, bytes: entry.bytes }, tx);
      }
    },
  });
  if (events.length === 0 && state.earlierId) {
    const { rows } = await services.db.query<{ status: HelpRequestStatus }>(`SELECT status FROM help_requests WHERE id = $1`, [state.earlierId]);
    return { id: state.earlierId, status: rows[0]?.status ?? 'submitted' };
  }
  return { id: state.requestId, status: 'submitted' };
}

/** Runs a decision on one request's stream and answers with its status after it. */
async function decideOn(
  services: Services,
  requestId: string,
  meta: RequestMeta,
  decide: (state: HelpRequestState, tools: DecideTools) => readonly HelpRequestEvent[] | Promise<readonly HelpRequestEvent[]>,
): Promise<{ id: string; status: HelpRequestStatus }> {
  const { state, events } = await handleCommand<HelpRequestState, HelpRequestEvent>(services, {
    streamId: helpStreamId(requestId),
    evolve: evolveHelpRequest,
    initialState: noHelpRequest,
    decide,
    metadata: eventMetadata(meta),
  });
  const after = events.reduce((current, event) => (isHelpRequestEvent(event) ? evolveHelpRequest(current, event) : current), state);
  return { id: requestId, status: after.status ?? 'submitted' };
}

/** help.answer: the requester answers staff's question; the answer is sealed (it may name or locate the beneficiary). */
export function answerQuestion(services: Services, input: { id: string; answer: string }, meta: RequestMeta) {
  // Sealed inside the attempt's transaction: a refused answer (not the requester, no question) rolls its sealing back.
  return decideOn(services, input.id, meta, async (state, { seal }) =>
    decideGiveInformation({ requestId: input.id, answer: await seal(helpStreamId(input.id), input.answer), answeredBy: meta.actor, now: services.now() }, state),
  );
}

/** help.close (the requester) and help.admin.close (staff): a published request takes no new gifts. */
export function closeRequest(services: Services, input: { id: string; as: 'requester' | 'staff' }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, (state) => decideClose({ requestId: input.id, reason: input.as, closedBy: meta.actor, now: services.now() }, state));
}

export function checkIdentity(services: Services, input: { id: string; idKind: HelpIdKind; isMatched: boolean }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, (state) => decideCheckIdentity({ requestId: input.id, checkedBy: meta.actor, idKind: input.idKind, isMatched: input.isMatched, now: services.now() }, state));
}

/**
 * help.admin.askForInformation: the question is sealed under the request's key (it may name the
 * requester or the beneficiary; issue 29 review); the open one is revealed to compare, so the same
 * question sent twice still records nothing.
 */
export function askQuestion(services: Services, input: { id: string; question: string }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, async (state, { seal, reveal }) => {
    const open = state.openQuestion;
    const openText = open && isSealed(open.question) ? await reveal<string>(open.question) : (open?.question ?? null);
    const events = decideAskForInformation(
      { requestId: input.id, question: input.question, askedBy: meta.actor, now: services.now() },
      { ...state, openQuestion: open && { ...open, question: openText } },
    );
    return Promise.all(events.map(async (event) => ({ ...event, data: { ...event.data, question: await seal(helpStreamId(input.id), input.question) } })));
  });
}

export function publishRequest(services: Services, input: { id: string }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, (state) => decidePublish({ requestId: input.id, publishedBy: meta.actor, now: services.now() }, state));
}

/** help.admin.reject: the reason is sealed under the request's key (it may name the requester or the beneficiary; issue 29). */
export function rejectRequest(services: Services, input: { id: string; reason: string }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, async (state, { seal }) => {
    const events = decideReject({ requestId: input.id, reason: input.reason, rejectedBy: meta.actor, now: services.now() }, state);
    return Promise.all(events.map(async (event) => ({ ...event, data: { ...event.data, reason: await seal(helpStreamId(input.id), input.reason) } })));
  });
}

export function extendRequest(services: Services, input: { id: string; closesOn: string }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, (state) => decideExtend({ requestId: input.id, closesOn: input.closesOn, extendedBy: meta.actor, now: services.now() }, state));
}

/** help.postUpdate (the requester) and help.admin.postUpdate (staff). */
export function postUpdate(services: Services, input: { id: string; textEn: string | null; textHi: string | null; by: 'requester' | 'staff' }, meta: RequestMeta) {
  return decideOn(services, input.id, meta, async (state, { seal }) =>
    decidePostUpdate(
      { requestId: input.id, text: await seal(helpStreamId(input.id), { en: input.textEn, hi: input.textHi }), by: input.by, postedBy: meta.actor, now: services.now() },
      state,
    ),
  );
}
