import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand, type DecideTools } from '#server/event-store/command-handler';
import type { Queryable } from '#server/db/db';
import type { Recorded } from '#server/event-store/types';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { assertIfscsInList } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { ReceivedFormFile } from '#server/uploads/receive-form';
import { ageInYears, indiaToday } from './submission/age.schema.ts';
import {
  decideApproveBenefit,
  decideErase,
  decideReject,
  decideRequestBenefit,
  decideSubmitFeeProof,
  decideVerify,
  evolveApplication,
  noApplication,
  type ApplicationState,
  decideRecordPayment,
  kanyadanUtrStreamId,
  kanyadanApplicationStream,
} from './application.decider.ts';
import { DOCUMENT_REQUIRED, type BenefitProofField, type KanyadanStatus, type RejectionReason } from './submission/kanyadan-fields.schema.ts';
import { documentsOpenedBy, findByNumberAndPhone, getApplicationStatus } from './application-reads.ts';
import type { TApplicationStatus, TBenefitRequestFields } from './kanyadan-routes.schema.ts';
import { kanyadanStreamId, type BenefitDetails, type KanyadanApplicationEvent, type KanyadanBenefitDisbursed, type KanyadanFeePaid, type KanyadanUtrClaimed } from './kanyadan.events.ts';
import { checkFiles, uploadKindOf } from './submission/submit-application.ts';
import { forgetAddressesOfStream } from '#server/event-store/queries';

/** One decision on one application's stream; the answer is its status after it. */
async function decideOn(
  services: Services,
  regNo: string,
  decide: (state: ApplicationState, tools: DecideTools) => KanyadanApplicationEvent[] | Promise<KanyadanApplicationEvent[]>,
  meta: RequestMeta,
): Promise<{ regNo: string; status: KanyadanStatus }> {
  const { state, events } = await handleCommand(services, {
    stream: kanyadanApplicationStream,
    id: regNo,
    decide,
    metadata: eventMetadata(meta),
  });
  const after = events.reduce((current, event) => evolveApplication(current, event as Recorded<KanyadanApplicationEvent>), state);
  return { regNo, status: after.status ?? 'submitted' };
}

/** `kanyadan.admin.verify` (verification): only by a verifier who has opened every document (the access log says which). */
export async function verifyApplication(services: Services, input: { regNo: string }, meta: RequestMeta) {
  const openedByVerifier = await documentsOpenedBy(services, input.regNo, meta.actor);
  return decideOn(services, input.regNo, (state) => decideVerify({ regNo: input.regNo, now: services.now(), openedByVerifier }, state), meta);
}

/** `kanyadan.admin.reject` (verification): the family is told the reason in both languages (notify job). */
export function rejectApplication(services: Services, input: { regNo: string; reason: RejectionReason; note: string | null }, meta: RequestMeta) {
  const streamId = kanyadanStreamId(input.regNo);
  return decideOn(
    services,
    input.regNo,
    async (state, { seal }) => decideReject({ ...input, note: input.note === null ? null : await seal(streamId, input.note), now: services.now() }, state),
    meta,
  );
}

/** `kanyadan.admin.approveBenefit` (finance): within the range in settings. */
export async function approveBenefit(services: Services, input: { regNo: string; amountPaise: number }, meta: RequestMeta) {
  const { settings } = await getSettings(services.db);
  const range = { minPaise: settings.kanyadanBenefitMinPaise, maxPaise: settings.kanyadanBenefitMaxPaise };
  return decideOn(services, input.regNo, (state) => decideApproveBenefit({ ...input, range, now: services.now() }, state), meta);
}

/** A payment with its UTR: the application's event and the UTR's claim, in one append; a UTR claimed before is refused. */
async function recordPayment(
  services: Services,
  input: { regNo: string; utr: string; paidOn: string },
  purpose: 'fee' | 'benefit',
  meta: RequestMeta,
): Promise<{ regNo: string; status: KanyadanStatus }> {
  const streamId = kanyadanStreamId(input.regNo);
  const utrStreamId = kanyadanUtrStreamId(input.utr);
  const now = services.now();
  const { state, events } = await handleCommand<{ application: ApplicationState; claimedBy: string | null }, KanyadanFeePaid | KanyadanBenefitDisbursed | KanyadanUtrClaimed>(services, {
    async read(tx) {
      const application = await foldStream(services.eventStore, tx, streamId, evolveApplication, noApplication);
      const claim = await foldStream<string | null, KanyadanUtrClaimed>(services.eventStore, tx, utrStreamId, (_, event) => event.data.regNo, null);
      return { state: { application: application.state, claimedBy: claim.state }, versions: { ...application.versions, ...claim.versions } };
    },
    decide: (state) => decideRecordPayment({ ...input, purpose, now }, state),
    metadata: eventMetadata(meta),
  });
  const after = events
    .filter((event) => event.streamId === streamId)
    .reduce((current, event) => evolveApplication(current, event as Recorded<KanyadanApplicationEvent>), state.application);
  return { regNo: input.regNo, status: after.status ?? 'submitted' };
}

/**
 * `kanyadan.submitFeeProof`, POST /api/kanyadan/applications/:regNo/fee-proof: the family gives the
 * bank's UTR of the fee they paid, found by number and phone under the look-up's limits; finance
 * then records the payment once the money is seen (recordFee).
 */
export async function submitFeeProof(services: Services, input: { regNo: string; phone: string; utr: string }, meta: RequestMeta): Promise<TApplicationStatus> {
  await findByNumberAndPhone(services, input, meta);
  await decideOn(services, input.regNo, (state) => decideSubmitFeeProof({ regNo: input.regNo, utr: input.utr, now: services.now() }, state), meta);
  // Read back without counting a second look-up against the address.
  return getApplicationStatus(services, input, { ...meta, ip: null });
}

/** `kanyadan.admin.recordFee` (finance). */
export function recordFee(services: Services, input: { regNo: string; utr: string; paidOn: string }, meta: RequestMeta) {
  return recordPayment(services, input, 'fee', meta);
}

/** `kanyadan.admin.disburse` (finance): the approved amount, paid to the account in the benefit request. */
export function disburseBenefit(services: Services, input: { regNo: string; utr: string; paidOn: string }, meta: RequestMeta) {
  return recordPayment(services, input, 'benefit', meta);
}

/**
 * POST /api/admin/kanyadan/applications/:regNo/benefit-request (verification): the marriage is
 * fixed, with proof (an invitation card, a letter), and the account the benefit goes to. The girl
 * must be 18 or older on the day, from the date of birth the application holds.
 */
export async function requestBenefit(
  services: Services,
  input: { regNo: string; fields: TBenefitRequestFields; proofs: Partial<Record<BenefitProofField, ReceivedFormFile>> },
  meta: RequestMeta,
): Promise<{ regNo: string; status: KanyadanStatus }> {
  const now = services.now();
  assertIfscsInList({ ifsc: input.fields.ifsc });
  if (!input.proofs.marriageProof) throw new AppError('BAD_REQUEST', { userMessage: DOCUMENT_REQUIRED, fieldErrors: { marriageProof: [DOCUMENT_REQUIRED] } });
  await checkFiles(services, input.proofs);
  const streamId = kanyadanStreamId(input.regNo);
  const { rows } = await services.db.query<{ dob: string | null }>(`SELECT to_char(dob, 'YYYY-MM-DD') AS dob FROM kanyadan_applications WHERE reg_no = $1`, [input.regNo]);
  const dob = rows[0]?.dob ?? null;
  const ageOnRequest = dob ? ageInYears(dob, indiaToday(now)) : null;
  const details: BenefitDetails = { accountHolder: input.fields.accountHolder, accountNumber: input.fields.accountNumber, ifsc: input.fields.ifsc, marriageDate: input.fields.marriageDate };
  const proofs = (Object.entries(input.proofs) as [BenefitProofField, ReceivedFormFile][]).map(([kind, file]) => ({ kind, uploadId: crypto.randomUUID(), file }));
  const result = await handleCommand(services, {
    streamId,
    evolve: evolveApplication,
    initialState: noApplication,
    decide: async (state, { seal }) =>
      decideRequestBenefit(
        {
          regNo: input.regNo,
          marriageDate: input.fields.marriageDate,
          details: await seal(streamId, details),
          proofs: proofs.map(({ kind, uploadId, file }) => ({ kind, uploadId, mediaType: file.mediaType, bytes: file.bytes.length })),
          ageOnRequest,
          now,
        },
        state,
      ),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      for (const { kind, uploadId, file } of proofs) {
        await services.files.put({ fileId: uploadId, subjectId: streamId, kind: uploadKindOf(kind), mediaType: file.mediaType, bytes: file.bytes }, tx);
      }
    },
  });
  const after = result.events.reduce((current, event) => evolveApplication(current, event as Recorded<KanyadanApplicationEvent>), result.state);
  return { regNo: input.regNo, status: after.status ?? 'verified' };
}

/**
 * Erases an application's personal data (rule 9; as identity's erasePerson, decision 021): in one
 * transaction PersonalDataErased is appended (the read model scrubs the person), the application's
 * data key is destroyed (every sealed field of its events and every document are unreadable for
 * ever) and its files are removed. The number, the states, the amounts and the actors stay.
 */
export async function eraseApplication(services: Services, input: { regNo: string; reason: string }, meta: RequestMeta): Promise<{ regNo: string; isErasedNow: boolean }> {
  const subjectId = kanyadanStreamId(input.regNo);
  const { events } = await handleCommand(services, {
    streamId: subjectId,
    evolve: evolveApplication,
    initialState: noApplication,
    decide: (state) => decideErase({ regNo: input.regNo, subjectId, reason: input.reason, now: services.now() }, state),
    metadata: eventMetadata(meta),
    onRecorded: (tx) => shredApplication(services, tx, subjectId),
  });
  return { regNo: input.regNo, isErasedNow: events.length > 0 };
}

/**
 * What erasing an application destroys once its erasure is recorded, in that transaction: its data
 * key, its files, and the addresses the family's own requests came from (the submission;
 * docs/decisions/022; staff's stay with staff). Used by kanyadan:erase and by a person's erasure.
 */
export async function shredApplication(services: Pick<Services, 'vault' | 'files'>, tx: Queryable, subjectId: string): Promise<void> {
  await services.vault.destroyKey(tx, subjectId);
  await services.files.removeAllOf(subjectId, tx);
  await forgetAddressesOfStream(tx, subjectId, 'anonymous');
}
