import crypto from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '#server/errors/app-error';
import { foldStream, handleCommand } from '#server/event-store/command-handler';

import type { Recorded } from '#server/event-store/types';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { findActiveMember } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { ReceivedFormFile } from '#server/uploads/receive-form';
import { DEFAULT_MAX_INPUT_PIXELS } from '#server/uploads/reencode-image';
import { checkPdf } from '#server/uploads/sanitize-pdf';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from '#server/uploads/upload-messages';
import { ageInYears, indiaToday } from './age.schema.ts';
import { aadhaarKeyOf, identityKeyOf, phoneKeyOf } from '../applicant-keys.ts';
import {
  AGE_OUT_OF_RANGE,
  DOB_IN_FUTURE,
  DOCUMENT_KINDS,
  DOCUMENT_REQUIRED,
  MAX_AGE,
  MIN_AGE,
  REQUIRED_DOCUMENTS,
  SCHOOL_FROM_AGE,
  type DocumentKind,
  type KanyadanStatus,
  type TApplicationFields,
} from './kanyadan-fields.schema.ts';
import { kanyadanStreamId, type ApplicantDetails, type KanyadanSubmissionKeyUsed } from '../kanyadan.events.ts';
import { type SubmitCommand, decideSubmit } from '../application.decider.ts';

export const SUBMISSION_KEY_INVALID = 'The Idempotency-Key header must be a UUID.';
/** The file store's kind of a document as the family sent it, until the document job has made it safe. */
export function uploadKindOf(kind: string): string {
  return `kanyadan-upload-${fileKindOf(kind)}`;
}
export function documentKindOf(kind: string): string {
  return `kanyadan-document-${fileKindOf(kind)}`;
}
/** The file store's kinds are lower case with hyphens: girlAadhaar → girl-aadhaar. */
function fileKindOf(kind: string): string {
  return kind.replace(/[A-Z0-9]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Whether the date of birth admits the girl: a real past date, and 0 to 14 whole years today. */
export function checkDateOfBirth(dob: string, now: Date): void {
  const today = indiaToday(now);
  if (dob > today) throw new AppError('BAD_REQUEST', { userMessage: DOB_IN_FUTURE, fieldErrors: { dob: [DOB_IN_FUTURE] } });
  const age = ageInYears(dob, today);
  if (age < MIN_AGE || age > MAX_AGE) throw new AppError('BAD_REQUEST', { userMessage: AGE_OUT_OF_RANGE, fieldErrors: { dob: [AGE_OUT_OF_RANGE] } });
}

/**
 * The cheap checks of each document, at once, so a bad file is refused before anything is written
 * and the family can replace just that one: an image's header must be readable and within the
 * pixel limit (a "decompression bomb" is refused without decoding it), a PDF must pass qpdf. The
 * document job re-encodes afterwards.
 */
export async function checkDocuments(services: Pick<Services, 'log'>, documents: Partial<Record<DocumentKind, ReceivedFormFile>>): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  for (const kind of REQUIRED_DOCUMENTS) if (!documents[kind]) fieldErrors[kind] = [DOCUMENT_REQUIRED];
  await checkFiles(services, documents, fieldErrors);
}

/** The header and qpdf checks of any set of received files, by field; throws naming every field refused. */
export async function checkFiles(services: Pick<Services, 'log'>, files: Partial<Record<string, ReceivedFormFile>>, fieldErrors: Record<string, string[]> = {}): Promise<void> {
  for (const [field, file] of Object.entries(files)) {
    if (!file) continue;
    const problem = await problemOf(services, file);
    if (problem) fieldErrors[field] = [problem];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new AppError('BAD_REQUEST', { userMessage: first, fieldErrors });
}

async function problemOf(services: Pick<Services, 'log'>, file: ReceivedFormFile): Promise<string | null> {
  try {
    if (file.mediaType === 'application/pdf') {
      await checkPdf(file.bytes, { log: services.log });
      return null;
    }
    // sharp's own pixel limit would throw first, as an unreadable image: ours is checked on the header's figures.
    const metadata = await sharp(file.bytes, { failOn: 'error', limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height) return IMAGE_UNREADABLE;
    if (metadata.width * metadata.height > DEFAULT_MAX_INPUT_PIXELS) return IMAGE_TOO_MANY_PIXELS;
    return null;
  } catch (error) {
    if (error instanceof AppError && error.userMessage) return error.userMessage;
    services.log.info({ err: error }, 'Kanyadan document refused: header unreadable');
    return IMAGE_UNREADABLE;
  }
}

/** PREFIX + 7 random digits. Uniqueness is the append's: a number in use makes the no_stream append conflict. */
export function generateRegNo(prefix: string): string {
  return `${prefix}${crypto.randomInt(0, 10_000_000).toString().padStart(7, '0')}`;
}

/** The details sealed with the application, from the validated fields. */
export function applicantDetailsOf(services: { vault: Pick<Services['vault'], 'blindIndex'> }, fields: TApplicationFields, ageYears: number): ApplicantDetails {
  const blindIndex = (purpose: string, value: string) => services.vault.blindIndex(purpose, value);
  const isSchoolAge = ageYears >= SCHOOL_FROM_AGE;
  return {
    girlName: fields.girlName,
    fatherName: fields.fatherName,
    motherName: fields.motherName,
    dob: fields.dob,
    phone: fields.phone,
    email: fields.email ?? null,
    gender: fields.gender,
    // Under 4 the form disables the school fields; whatever arrives anyway is not kept.
    schoolName: isSchoolAge ? fields.schoolName : null,
    schoolAddress: isSchoolAge ? fields.schoolAddress : null,
    className: isSchoolAge ? fields.className : null,
    fatherRegNo: fields.fatherRegNo ?? null,
    caste: fields.caste,
    guardianName: fields.guardianName,
    guardianRelation: fields.guardianRelation,
    aadhaarLast4: fields.aadhaar ? fields.aadhaar.slice(-4) : null,
    aadhaarKey: fields.aadhaar ? aadhaarKeyOf(blindIndex, fields.aadhaar) : null,
    identityKey: identityKeyOf(blindIndex, fields),
    phoneKey: phoneKeyOf(blindIndex, fields.phone),
  };
}

/**
 * POST /api/kanyadan/applications: records a new application under a fresh registration number,
 * with its documents stored sealed under the application's own key in the same transaction (the
 * document job re-encodes them). An Idempotency-Key (a UUID the form keeps with its draft) makes a
 * retry after a lost answer return the same number instead of a second application.
 */
export async function submitApplication(
  services: Services,
  input: { fields: TApplicationFields; documents: Partial<Record<DocumentKind, ReceivedFormFile>>; submissionKey: string | null },
  meta: RequestMeta,
): Promise<{ regNo: string; status: KanyadanStatus }> {
  const now = services.now();
  const { fields, submissionKey } = input;
  checkDateOfBirth(fields.dob, now);
  await checkDocuments(services, input.documents);
  const ageYears = ageInYears(fields.dob, indiaToday(now));
  const details = applicantDetailsOf(services, fields, ageYears);
  const uploads = DOCUMENT_KINDS.flatMap((kind) => {
    const file = input.documents[kind];
    return file ? [{ kind, uploadId: crypto.randomUUID(), mediaType: file.mediaType, bytes: file.bytes }] : [];
  });
  const keyStreamId = submissionKey ? submissionKeyStreamId(submissionKey) : null;
  const { state, events } = await handleCommand(services, {
    async read(tx) {
      const { settings } = await getSettings(tx);
      const regNo = generateRegNo(settings.kanyadanPrefix);
      const versions: Record<string, number | null> = { [kanyadanStreamId(regNo)]: null };
      let earlierRegNo: string | null = null;
      if (keyStreamId) {
        const claim = await foldStream<string | null, KanyadanSubmissionKeyUsed>(services.eventStore, tx, keyStreamId, (_, event) => event.data.regNo, null);
        earlierRegNo = claim.state;
        versions[keyStreamId] = claim.versions[keyStreamId] ?? null;
      }
      const father = fields.fatherRegNo ? await findActiveMember(tx, fields.fatherRegNo) : undefined;
      return { state: { regNo, feePaise: settings.kanyadanFeePaise, earlierRegNo, father }, versions };
    },
    decide: async (state, { seal }) => {
      if (state.earlierRegNo) return [];
      const streamId = kanyadanStreamId(state.regNo);
      const command: SubmitCommand = {
        regNo: state.regNo,
        applicant: await seal(streamId, details),
        fields,
        ageYears,
        documents: uploads.map(({ kind, uploadId, mediaType, bytes }) => ({ kind, uploadId, mediaType, bytes: bytes.length })),
        feePaise: state.feePaise,
        now,
      };
      const [submitted, keyUsed] = decideSubmit(command, state, submissionKey);
      return [
        { streamId, events: submitted ? [submitted] : [] },
        ...(keyStreamId && keyUsed ? [{ streamId: keyStreamId, events: [keyUsed] }] : []),
      ];
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, state) {
      const subjectId = kanyadanStreamId(state.regNo);
      for (const upload of uploads) {
        await services.files.put({ fileId: upload.uploadId, subjectId, kind: uploadKindOf(upload.kind), mediaType: upload.mediaType, bytes: upload.bytes }, tx);
      }
    },
  });
  if (events.length === 0 && state.earlierRegNo) {
    const { rows } = await services.db.query<{ status: KanyadanStatus }>(`SELECT status FROM kanyadan_applications WHERE reg_no = $1`, [state.earlierRegNo]);
    return { regNo: state.earlierRegNo, status: rows[0]?.status ?? 'submitted' };
  }
  return { regNo: state.regNo, status: state.feePaise > 0 ? 'payment_pending' : 'submitted' };
}

export const SUBMISSION_KEY_STREAM_PREFIX = 'kanyadan_submission-';
export function submissionKeyStreamId(key: string): string {
  return `${SUBMISSION_KEY_STREAM_PREFIX}${key.toLowerCase()}`;
}

/**
 * The answer already given to a submission with this Idempotency-Key, if any: a retry gets it at
 * once, before its body is read or counted against the address's limit, whatever has changed since
 * (the girl's birthday, the settings).
 */
export async function findEarlierSubmission(services: Pick<Services, 'db' | 'eventStore'>, submissionKey: string): Promise<{ regNo: string; status: KanyadanStatus } | null> {
  const events = await services.eventStore.readStream(submissionKeyStreamId(submissionKey));
  const used = events.find((event) => event.type === 'KanyadanSubmissionKeyUsed') as Recorded<KanyadanSubmissionKeyUsed> | undefined;
  if (!used) return null;
  const { rows } = await services.db.query<{ status: KanyadanStatus }>(`SELECT status FROM kanyadan_applications WHERE reg_no = $1`, [used.data.regNo]);
  return { regNo: used.data.regNo, status: rows[0]?.status ?? 'submitted' };
}

/** Counts one application from this address. */
export async function consumeSubmission(services: Pick<Services, 'db' | 'limits' | 'now'>, meta: Pick<RequestMeta, 'ip'>): Promise<void> {
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('kanyadan-submit', meta.ip), services.limits.kanyadanSubmitPerIp, services.now());
}
