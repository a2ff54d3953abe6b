import crypto from 'node:crypto';
import { AppError } from '#server/errors/app-error';
import type { Queryable } from '#server/db/db';
import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import { streamVersions } from '#server/event-store/queries';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getVerifiedEmail } from '#server/modules/identity/identity.api';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { checkPdf } from '#server/uploads/sanitize-pdf';
import { PDF_ENCRYPTED } from '#server/uploads/upload-messages';
import { formatReference } from '../donation-fields.schema.ts';
import { contactKeyOf } from '../donor-keys.ts';
import { maskPan } from '../receipts/receipt-pdf.ts';
import { financialYearRange } from '../receipts/receipt-serial.ts';
import { contactKeyOfProof } from '../statements/statement-code.ts';
import { isZip, MAX_CERTIFICATE_BYTES, unpackArchive, type ArchiveEntry, type ArchiveProblem } from './certificate-archive.ts';
import { matchCertificate, type CandidateGift, type MatchOutcome } from './certificate-match.ts';
import { readCertificate, type CertificateParticulars } from './certificate-text.ts';
import { certificateStream, decideMatchByHand, decideRecordOpened, decideUploadCertificate, type CertificateState } from './form-10be-certificate.decider.ts';
import { CERTIFICATE_FILE_KIND, form10beStreamId, type CertificateDonor, type Form10BECertificateEvent, type Form10BECertificateUploaded, type UnmatchedReason } from './form-10be.events.ts';
import {
  ARCHIVE_EMPTY,
  ARCHIVE_ENCRYPTED,
  ARCHIVE_TOO_LARGE,
  ARCHIVE_TOO_MANY_FILES,
  ARCHIVE_UNREADABLE,
  CERTIFICATE_FILE_ENCRYPTED,
  CERTIFICATE_FILE_NOT_10BE,
  CERTIFICATE_FILE_NOT_PDF,
  CERTIFICATE_FILE_OTHER_PAN,
  CERTIFICATE_FILE_TOO_LARGE,
  CERTIFICATE_FILE_UNREADABLE,
  CERTIFICATES_NONE_READ,
  type TCertificateRow,
  type TDonorCertificatesResponse,
  type TForm10BEDashboard,
  type TListCertificatesResponse,
  type TUploadCertificatesResponse,
} from './form-10be.schema.ts';
import { CERTIFICATE_NOT_FOUND } from './form-10be-certificate.decider.ts';

/**
 * Form 10BE to every donor (issue 31, PRODUCT.md §6). Finance uploads the certificates the portal
 * issued (PDFs, or ZIPs of PDFs); each is read, checked to be the foundation's, and matched to its
 * donor by the identification number and the name on it; the rest wait for finance to match them
 * by hand. A matched certificate is delivered by deliver-form-10be, and offered to the donor after
 * the one-time code (decision 040) or in a member's "My donations".
 */

/** A certificate's ID: its bytes' hash, so the same file is the same certificate. */
export function certificateIdOf(bytes: Buffer): string {
  return crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

const ARCHIVE_MESSAGES: Record<ArchiveProblem, string> = {
  'too-large': ARCHIVE_TOO_LARGE,
  'too-many-files': ARCHIVE_TOO_MANY_FILES,
  unreadable: ARCHIVE_UNREADABLE,
  encrypted: ARCHIVE_ENCRYPTED,
};

function badUpload(message: string): AppError {
  return new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { file: [message] } });
}

/** The PDFs of an upload: each file as it is, each ZIP unpacked. A ZIP that cannot be unpacked within bounds refuses the whole upload. */
export function certificateFilesOf(files: readonly { name: string; bytes: Buffer }[]): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  for (const file of files) {
    if (!isZip(file.bytes)) {
      entries.push(file);
      continue;
    }
    const unpacked = unpackArchive(file.bytes);
    if (typeof unpacked === 'string') throw badUpload(ARCHIVE_MESSAGES[unpacked]);
    if (unpacked.length === 0) throw badUpload(ARCHIVE_EMPTY);
    entries.push(...unpacked);
  }
  return entries;
}

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).includes('%PDF-');
}

/** One file read as a certificate, or the reason it is not taken. */
async function readOne(services: Services, entry: ArchiveEntry, foundationPan: string): Promise<{ particulars: CertificateParticulars } | { message: string }> {
  if (entry.bytes.length > MAX_CERTIFICATE_BYTES) return { message: CERTIFICATE_FILE_TOO_LARGE };
  if (!isPdf(entry.bytes)) return { message: CERTIFICATE_FILE_NOT_PDF };
  try {
    await checkPdf(entry.bytes, { log: services.log });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.userMessage === PDF_ENCRYPTED ? CERTIFICATE_FILE_ENCRYPTED : CERTIFICATE_FILE_UNREADABLE };
  }
  const read = await readCertificate(entry.bytes);
  if (read === 'unreadable') return { message: CERTIFICATE_FILE_UNREADABLE };
  if (read === 'encrypted') return { message: CERTIFICATE_FILE_ENCRYPTED };
  if (read === 'not-a-certificate') return { message: CERTIFICATE_FILE_NOT_10BE };
  if (foundationPan !== '' && read.foundationPan !== null && read.foundationPan !== foundationPan) return { message: CERTIFICATE_FILE_OTHER_PAN };
  return { particulars: read };
}

interface CandidateRow {
  reference: string;
  received_on: string;
  donor_name: string;
  pan_name: string | null;
  amount_paise: string | number;
}

/**
 * The year's verified gifts given with this identification number (the PAN given with the gift, or
 * the ID finance recorded). The name as on PAN is read when the donations read model has it (issue
 * 31's Form 10BD part adds it), so the match prefers it without depending on its column.
 */
async function candidatesOf(db: Queryable, financialYear: string, idNumber: string): Promise<(CandidateGift & { amountPaise: number })[]> {
  const { from, to } = financialYearRange(financialYear);
  const { rows } = await db.query<CandidateRow>(
    `SELECT d.reference, d.received_on::text AS received_on, d.donor_name, d.amount_paise,
            COALESCE(to_jsonb(d) ->> 'pan_name', to_jsonb(d) ->> 'donor_pan_name') AS pan_name
       FROM donations d
      WHERE d.status = 'verified' AND NOT d.is_foreign AND d.received_on BETWEEN $1 AND $2 AND d.donor_name IS NOT NULL
        AND (upper(regexp_replace(coalesce(d.donor_pan, ''), '\\s', '', 'g')) = $3 OR upper(regexp_replace(coalesce(d.donor_id_number, ''), '\\s', '', 'g')) = $3)
      ORDER BY d.received_on DESC, d.reference DESC`,
    [from, to, idNumber],
  );
  return rows.map((row) => ({ reference: row.reference, receivedOn: row.received_on, donorName: row.donor_name, panName: row.pan_name, amountPaise: Number(row.amount_paise) }));
}

interface ReadCertificate {
  file: string;
  certificateId: string;
  bytes: Buffer;
  particulars: CertificateParticulars;
}

interface UploadState {
  /** Per certificate: whether it was uploaded before, and for a new one what the matching found. */
  certificates: { certificate: ReadCertificate; state: CertificateState; outcome: MatchOutcome; fileId: string }[];
}

/**
 * Reads every certificate of the upload and records each one not uploaded before, matched or left
 * for a person, with its PDF, in one transaction: the same upload twice (or at once) records one
 * set of events. A file that is not a readable certificate of the foundation is listed with the
 * reason and the rest go on; when no file is, the upload is refused (400) and nothing is written.
 */
export async function uploadCertificates(services: Services, files: readonly { name: string; bytes: Buffer }[], admin: { userId: string }, meta: RequestMeta): Promise<TUploadCertificatesResponse> {
  const entries = certificateFilesOf(files);
  const { settings } = await getSettings(services.db);
  const refused: TUploadCertificatesResponse['refused'] = [];
  const read = new Map<string, ReadCertificate>();
  for (const entry of entries) {
    const result = await readOne(services, entry, settings.pan);
    if ('message' in result) {
      refused.push({ file: entry.name, message: result.message });
      continue;
    }
    const certificateId = certificateIdOf(entry.bytes);
    if (!read.has(certificateId)) read.set(certificateId, { file: entry.name, certificateId, bytes: entry.bytes, particulars: result.particulars });
  }
  if (read.size === 0) {
    // Each distinct reason beside the file field: every one is a message the page translates.
    const reasons = [...new Set(refused.map((file) => file.message))];
    const message = reasons.length === 1 ? reasons[0]! : CERTIFICATES_NONE_READ;
    throw new AppError('BAD_REQUEST', { userMessage: message, fieldErrors: { file: reasons.length === 1 ? reasons : [CERTIFICATES_NONE_READ, ...reasons] } });
  }

  const now = services.now();
  const certificates = [...read.values()];
  const { events, state } = await handleCommand<UploadState, Form10BECertificateEvent>(services, {
    async read(tx) {
      const versions = await streamVersions(tx, certificates.map((certificate) => form10beStreamId(certificate.certificateId)));
      const found: UploadState['certificates'] = [];
      for (const certificate of certificates) {
        const isNew = versions[form10beStreamId(certificate.certificateId)] === null;
        const outcome: MatchOutcome = isNew
          ? matchCertificate(certificate.particulars, await candidatesOf(tx, certificate.particulars.financialYear, certificate.particulars.idNumber))
          : { kind: 'unmatched', reason: 'no-donor', candidates: [] };
        found.push({ certificate, state: isNew ? certificateStream.initialState : { ...certificateStream.initialState, isUploaded: true }, outcome, fileId: crypto.randomUUID() });
      }
      return { state: { certificates: found }, versions };
    },
    async decide(state, tools) {
      const batches = [];
      for (const { certificate, state: current, outcome, fileId } of state.certificates) {
        const streamId = form10beStreamId(certificate.certificateId);
        const { particulars } = certificate;
        const donor: CertificateDonor = { name: particulars.donorName, idNumber: particulars.idNumber };
        const decided = current.isUploaded
          ? []
          : decideUploadCertificate(
              {
                certificateId: certificate.certificateId,
                fileId,
                financialYear: particulars.financialYear,
                amountPaise: particulars.amountPaise,
                arn: particulars.arn,
                idKind: particulars.idKind,
                donor: await tools.seal(streamId, donor),
                donationType: particulars.donationType,
                modeOfReceipt: particulars.modeOfReceipt,
                section: particulars.section,
                outcome,
                uploadedBy: admin.userId,
                now,
              },
              current,
            );
        batches.push({ streamId, events: decided });
      }
      return batches;
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx, recorded, decidedOn) {
      // Each new certificate's PDF, as the portal issued it, under its own subject: erasing it shreds the file.
      for (const event of recorded) {
        if (event.type !== 'Form10BECertificateUploaded') continue;
        const { certificateId, fileId } = event.data as Form10BECertificateUploaded['data'];
        const certificate = decidedOn.certificates.find((entry) => entry.certificate.certificateId === certificateId)!.certificate;
        await services.files.put({ fileId, subjectId: form10beStreamId(certificateId), kind: CERTIFICATE_FILE_KIND, mediaType: 'application/pdf', bytes: certificate.bytes }, tx);
      }
    },
  });
  const newIds = new Set(events.filter((event) => event.type === 'Form10BECertificateUploaded').map((event) => String((event.data as { certificateId: string }).certificateId)));
  const rows = await certificateRows(services.db, certificates.map((certificate) => certificate.certificateId));
  return {
    certificates: state.certificates.map(({ certificate }) => {
      const row = rows.get(certificate.certificateId);
      return {
        id: certificate.certificateId,
        file: certificate.file,
        financialYear: certificate.particulars.financialYear,
        amountPaise: certificate.particulars.amountPaise,
        donorName: certificate.particulars.donorName,
        status: row?.status === 'matched' ? 'matched' : 'unmatched',
        reason: row?.status === 'matched' ? null : ((row?.unmatched_reason ?? 'no-donor') as UnmatchedReason),
        isNew: newIds.has(certificate.certificateId),
      };
    }),
    refused,
  };
}

interface CertificateRow {
  certificate_id: string;
  financial_year: string;
  amount_paise: string | number;
  arn: string;
  id_kind: string;
  id_number: string | null;
  donor_name: string | null;
  status: 'uploaded' | 'matched' | 'unmatched';
  unmatched_reason: UnmatchedReason | null;
  references: string[];
  matched_how: 'automatic' | 'by-hand' | null;
  emailed_at: Date | null;
  texted_at: Date | null;
  opened_at: Date | null;
  uploaded_at: Date;
  file_id: string | null;
}

const ROW_COLUMNS = `certificate_id, financial_year, amount_paise, arn, id_kind, id_number, donor_name, status, unmatched_reason, "references", matched_how, emailed_at, texted_at, opened_at, uploaded_at, file_id`;

async function certificateRows(db: Queryable, ids: readonly string[]): Promise<Map<string, CertificateRow>> {
  const { rows } = await db.query<CertificateRow>(`SELECT ${ROW_COLUMNS} FROM form_10be_certificates WHERE certificate_id = ANY($1::text[])`, [ids]);
  return new Map(rows.map((row) => [row.certificate_id, row]));
}

/** Finance's list of a year's certificates, those waiting for a person with the year's gifts that share their ID. */
export async function listCertificates(services: Services, input: { fy: string; status?: 'matched' | 'unmatched' }): Promise<TListCertificatesResponse> {
  const { rows } = await services.db.query<CertificateRow>(
    `SELECT ${ROW_COLUMNS} FROM form_10be_certificates WHERE financial_year = $1 AND ($2::text IS NULL OR status = $2) ORDER BY status DESC, uploaded_at DESC, certificate_id LIMIT 1000`,
    [input.fy, input.status ?? null],
  );
  const certificates: TCertificateRow[] = [];
  for (const row of rows) {
    const candidates = row.status === 'unmatched' && row.id_number ? await candidatesOf(services.db, row.financial_year, row.id_number) : [];
    certificates.push({
      id: row.certificate_id,
      financialYear: row.financial_year,
      amountPaise: Number(row.amount_paise),
      arn: row.arn,
      donorName: row.donor_name,
      idKind: row.id_kind,
      idNumber: row.id_number === null ? null : maskPan(row.id_number),
      status: row.status,
      reason: row.unmatched_reason,
      references: row.references.map(formatReference),
      matchedHow: row.matched_how,
      emailedAt: row.emailed_at?.toISOString() ?? null,
      textedAt: row.texted_at?.toISOString() ?? null,
      openedAt: row.opened_at?.toISOString() ?? null,
      uploadedAt: row.uploaded_at.toISOString(),
      candidates: candidates.map((gift) => ({ reference: formatReference(gift.reference), donorName: gift.donorName, receivedOn: gift.receivedOn, amountPaise: gift.amountPaise })),
    });
  }
  return { certificates };
}

/** Whether a donation is a verified domestic gift of the year (the hand-matching's choice; a foreign contribution is never in Form 10BD, so never has a 10BE). */
async function isVerifiedGiftOfYear(db: Queryable, reference: string, financialYear: string): Promise<boolean> {
  const { from, to } = financialYearRange(financialYear);
  const { rows } = await db.query(`SELECT 1 FROM donations WHERE reference = $1 AND status = 'verified' AND NOT is_foreign AND received_on BETWEEN $2 AND $3 AND donor_name IS NOT NULL`, [reference, from, to]);
  return rows.length > 0;
}

/** Finance gives a certificate waiting for a person to the donor of the donation they chose (an event); it is then delivered. */
export async function matchCertificateByHand(services: Services, input: { id: string; reference: string }, admin: { userId: string }, meta: RequestMeta): Promise<{ id: string; references: string[] }> {
  const now = services.now();
  const result = await handleCommand(services, {
    async read(tx) {
      const folded = await foldStreamOf(services.eventStore, tx, certificateStream, input.id);
      const isGiftOfYear = folded.state.financialYear !== null && (await isVerifiedGiftOfYear(tx, input.reference, folded.state.financialYear));
      return { state: { certificate: folded.state, isGiftOfYear }, versions: folded.versions };
    },
    decide: (state) => [
      {
        streamId: form10beStreamId(input.id),
        events: decideMatchByHand({ certificateId: input.id, references: [input.reference], isGiftOfYear: state.isGiftOfYear, matchedBy: admin.userId, now }, state.certificate),
      },
    ],
    metadata: eventMetadata(meta),
  });
  const references = result.events.length > 0 ? [input.reference] : (result.state.certificate.references ?? []);
  return { id: input.id, references: references.map(formatReference) };
}

/** "2027-05-31" for a due day ('05-31') of the year after the financial year. */
export function dueDateOf(financialYear: string, monthDay: string): string {
  const endYear = Number(financialYearRange(financialYear).to.slice(0, 4));
  // A due day from January to March falls in the year after the one that ends the financial year's March.
  const year = Number(monthDay.slice(0, 2)) >= 4 ? endYear : endYear + 1;
  return `${year}-${monthDay}`;
}

/** The finance dashboard's Form 10BE figures of a year. */
export async function getForm10BEDashboard(services: Services, input: { fy: string }): Promise<TForm10BEDashboard> {
  const { from, to } = financialYearRange(input.fy);
  const { settings } = await getSettings(services.db);
  const { rows } = await services.db.query<{ donors: number; uploaded: number; matched: number; unmatched: number; sent: number; opened: number; missing: number }>(
    `WITH filed AS (
       SELECT DISTINCT upper(regexp_replace(coalesce(nullif(donor_pan, ''), donor_id_number), '\\s', '', 'g')) AS id
         FROM donations WHERE status = 'verified' AND NOT is_foreign AND received_on BETWEEN $2 AND $3 AND coalesce(nullif(donor_pan, ''), donor_id_number) IS NOT NULL
     ), certificates AS (SELECT * FROM form_10be_certificates WHERE financial_year = $1)
     SELECT (SELECT count(*)::int FROM filed) AS donors,
            (SELECT count(*)::int FROM certificates) AS uploaded,
            (SELECT count(*)::int FROM certificates WHERE status = 'matched') AS matched,
            (SELECT count(*)::int FROM certificates WHERE status = 'unmatched') AS unmatched,
            (SELECT count(*)::int FROM certificates WHERE emailed_at IS NOT NULL OR texted_at IS NOT NULL) AS sent,
            (SELECT count(*)::int FROM certificates WHERE opened_at IS NOT NULL) AS opened,
            (SELECT count(*)::int FROM filed WHERE id NOT IN (SELECT id_number FROM certificates WHERE status = 'matched' AND id_number IS NOT NULL)) AS missing`,
    [input.fy, from, to],
  );
  const counts = rows[0]!;
  return {
    financialYear: input.fy,
    donorsInFiling: counts.donors,
    uploaded: counts.uploaded,
    matched: counts.matched,
    unmatched: counts.unmatched,
    sent: counts.sent,
    opened: counts.opened,
    missing: counts.missing,
    form10bdDueOn: dueDateOf(input.fy, settings.form10bdDueOn),
    form10beDueOn: dueDateOf(input.fy, settings.form10beDueOn),
  };
}

/** Who asks for a donor's certificates: the proof a right one-time code gave (decision 040), or a signed-in member. */
export type CertificateRequester = { proof: string } | { memberId: string };

/** The donations a requester may see the certificates of: those given with the contact they proved, or from / with their account. */
async function referencesOf(services: Services, requester: CertificateRequester): Promise<string[]> {
  if ('proof' in requester) {
    const contactKey = await contactKeyOfProof(services, requester.proof);
    const { rows } = await services.db.query<{ reference: string }>(`SELECT reference FROM donations WHERE $1 = ANY(contact_keys) AND status = 'verified'`, [contactKey]);
    return rows.map((row) => row.reference);
  }
  const email = await getVerifiedEmail(services.db, requester.memberId);
  const contactKey = email ? contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), email.trim().toLowerCase()) : null;
  const { rows } = await services.db.query<{ reference: string }>(`SELECT reference FROM donations WHERE (member_id = $1 OR $2::text = ANY(contact_keys)) AND status = 'verified'`, [
    requester.memberId,
    contactKey,
  ]);
  return rows.map((row) => row.reference);
}

export function certificateDownloadUrl(id: string): string {
  return `/api/donations/form-10be/${id}/certificate.pdf`;
}

/** The requester's matched certificates, newest year first. */
export async function listDonorCertificates(services: Services, requester: CertificateRequester): Promise<TDonorCertificatesResponse> {
  const references = await referencesOf(services, requester);
  const { form10bdDueOn } = (await getSettings(services.db)).settings;
  if (references.length === 0) return { certificates: [], form10bdDueOn };
  const { rows } = await services.db.query<{ certificate_id: string; financial_year: string; amount_paise: string | number }>(
    `SELECT certificate_id, financial_year, amount_paise FROM form_10be_certificates
      WHERE status = 'matched' AND file_id IS NOT NULL AND "references" && $1::text[] ORDER BY financial_year DESC, certificate_id`,
    [references],
  );
  return {
    certificates: rows.map((row) => ({ id: row.certificate_id, financialYear: row.financial_year, amountPaise: Number(row.amount_paise), downloadUrl: certificateDownloadUrl(row.certificate_id) })),
    form10bdDueOn,
  };
}

/**
 * One certificate's PDF for its donor; the first download is recorded as opened. A certificate that
 * is not the requester's answers 404, as one that does not exist does.
 */
export async function downloadCertificate(services: Services, id: string, requester: CertificateRequester, meta: RequestMeta): Promise<{ bytes: Buffer; fileName: string }> {
  const references = await referencesOf(services, requester);
  const notFound = () => new AppError('NOT_FOUND', { userMessage: CERTIFICATE_NOT_FOUND });
  const { rows } = await services.db.query<{ file_id: string; financial_year: string }>(
    `SELECT file_id, financial_year FROM form_10be_certificates WHERE certificate_id = $1 AND status = 'matched' AND file_id IS NOT NULL AND "references" && $2::text[]`,
    [id, references],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const file = await services.files.get(row.file_id, { subjectId: form10beStreamId(id), kind: CERTIFICATE_FILE_KIND });
  if (!file) throw notFound();
  const now = services.now();
  await handleCommand(services, { stream: certificateStream, id, decide: (state) => decideRecordOpened({ certificateId: id, now }, state), metadata: eventMetadata(meta) });
  return { bytes: file.bytes, fileName: `form-10be-${row.financial_year}.pdf` };
}
