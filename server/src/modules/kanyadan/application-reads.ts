import { execFile } from 'node:child_process';
import { AppError } from '#server/errors/app-error';
import { createSlots } from '#server/lib/slots';
import { recordOnStream } from '#server/event-store/command-handler';
import type { Recorded, RecordedEvent } from '#server/event-store/types';
import type { Queryable } from '#server/db/db';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit, releaseRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { ageInYears, indiaToday } from './submission/age.schema.ts';
import { APPLICATION_NOT_FOUND } from './application.decider.ts';
import { phoneKeyOf } from './applicant-keys.ts';
import { districtKeyOf, STORED_DOCUMENT_KINDS, type KanyadanStatus, type RejectionReason, type StoredDocumentKind, type StoredDocumentMediaType } from './submission/kanyadan-fields.schema.ts';
import type { TApplicantDetails, TApplicationDetail, TApplicationFilter, TApplicationPage, TApplicationStatus, TApplicationSummary } from './kanyadan-routes.schema.ts';
import { kanyadanAccessStreamId, kanyadanStreamId, type KanyadanAccessEvent } from './kanyadan.events.ts';
import { REJECTION_REASON_TEXT } from './review/rejection-reasons.ts';
import { documentKindOf } from './submission/submit-application.ts';

export const NO_MATCHING_APPLICATION = 'No application matches this registration number and phone number. Please check both.';
export const DOCUMENT_NOT_AVAILABLE = 'This document is not available: it was not sent, is still being processed, could not be read, or was erased.';
export const PAGE_NOT_FOUND = 'This document has no such page.';
export const PDF_PAGES_UNAVAILABLE = 'PDF pages cannot be shown right now. Please try again later.';

interface ApplicationRow {
  reg_no: string;
  status: KanyadanStatus;
  state: TApplicationSummary['state'];
  district: string;
  age_years: number;
  fee_paise: string;
  submitted_at: Date;
  duplicate_of: string[];
  documents_ready: number;
  documents_sent: number;
  is_erased: boolean;
}

function summaryOf(row: ApplicationRow): TApplicationSummary {
  return {
    regNo: row.reg_no,
    status: row.status,
    state: row.state,
    district: row.district,
    ageYears: row.age_years,
    submittedAt: row.submitted_at.toISOString(),
    duplicateOf: row.duplicate_of,
    documentsReady: row.documents_ready,
    documentsSent: row.documents_sent,
    isErased: row.is_erased,
  };
}

function rejectionOf(reason: string | null, note: string | null): TApplicationStatus['rejection'] {
  if (!reason) return null;
  const code = reason as RejectionReason;
  return { reason: code, text: REJECTION_REASON_TEXT[code], note };
}

/**
 * `kanyadan.getStatus`, GET /api/kanyadan/applications/:regNo/status?phone=: the family's look-up.
 * A wrong number and a wrong phone get one and the same answer. Limited per address and per number,
 * so guessing a phone for a known number stops after a few tries from anywhere.
 */
export async function getApplicationStatus(services: Services, input: { regNo: string; phone: string }, meta: RequestMeta): Promise<TApplicationStatus> {
  const row = await findByNumberAndPhone(services, input, meta);
  return {
    regNo: row.reg_no,
    status: row.status,
    submittedOn: indiaToday(row.submitted_at),
    rejection: rejectionOf(row.rejection_reason, row.rejection_note),
    feePaise: Number(row.fee_paise),
    feeUtrGiven: row.status === 'payment_pending' ? row.fee_utr_given : null,
  };
}

type StatusRow = ApplicationRow & { rejection_reason: string | null; rejection_note: string | null; fee_utr_given: string | null };

/**
 * The family's own application, found by its number and the phone given with it (issue 29 and its
 * review, decision 049). Only wrong guesses count, and only against the asker's address (its
 * clientAddressKey: an IPv4 address, an IPv6 /64): a right pair is always answered, so behind a
 * carrier's shared address another family's typos or a stranger's guessing never refuse a family
 * its own status, however many right look-ups it makes. Two limits stop the guesser: the wrong
 * guesses of an address for one number (past them that address may not ask for that number this
 * hour, right or wrong, or its guessing would go on unbounded), and its wrong guesses for all
 * numbers (past them it is told so instead of "not found"). Never per number alone: wrong phones
 * tried from elsewhere would lock the family out. One answer for a wrong number and a wrong phone.
 * Each try of a number is counted before it is judged and given back when it was right (decision 049's
 * review): a check followed by a count after the answer let twenty guesses sent at once all be judged.
 */
export async function findByNumberAndPhone(services: Services, input: { regNo: string; phone: string }, meta: RequestMeta): Promise<StatusRow> {
  const now = services.now();
  const numberMisses = meta.ip ? `${addressBucket('kanyadan-lookup-miss', meta.ip)}:reg:${input.regNo}` : null;
  const phoneKey = phoneKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.phone);
  const rule = services.limits.kanyadanLookupMissesPerNumberPerIp;
  // One number's look-ups from one address are judged one at a time (a lock held for the transaction),
  // so look-ups sent at once are judged as if sent one after another: a guess is judged only while fewer
  // than five wrong ones have been, only wrong ones stay counted, and a right phone is never refused for
  // the family's own taps (decision 049, Review). The try is counted before it is judged and given back
  // when the phone was right.
  const row = await services.db.transaction(async (tx) => {
    if (numberMisses) {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [numberMisses]);
      await consumeRateLimit(tx, numberMisses, rule, now);
    }
    const { rows } = await tx.query<StatusRow>(`SELECT * FROM kanyadan_applications WHERE reg_no = $1 AND phone_key = $2`, [input.regNo, phoneKey]);
    if (rows[0] && numberMisses) await releaseRateLimit(tx, numberMisses, rule, now);
    return rows[0] ?? null;
  });
  if (!row) {
    // The number's try stays counted (committed above); an address past its overall limit still uses up its tries of each number.
    if (meta.ip) await consumeRateLimit(services.db, addressBucket('kanyadan-lookup-miss', meta.ip), services.limits.kanyadanLookupMissesPerIp, now);
    throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_APPLICATION });
  }
  return row;
}

/** The verification queue: newest first, filtered, a page at a time (keyset on submitted_at, reg_no). */
export async function listApplications(services: { db: Queryable }, filter: TApplicationFilter & { limit: number }): Promise<TApplicationPage> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.status) add('status = ?', filter.status);
  if (filter.state) add('state = ?', filter.state);
  if (filter.district) add('district_key = ?', districtKeyOf(filter.district));
  if (filter.ageMin !== undefined) add('age_years >= ?', filter.ageMin);
  if (filter.ageMax !== undefined) add('age_years <= ?', filter.ageMax);
  // Dates are India's: a day runs from 00:00 IST.
  if (filter.submittedFrom) add(`submitted_at >= (?::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`, filter.submittedFrom);
  if (filter.submittedTo) add(`submitted_at < ((?::date) + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'`, filter.submittedTo);
  if (filter.isDuplicate === true) where.push(`duplicate_of <> '{}'`);
  if (filter.isDuplicate === false) where.push(`duplicate_of = '{}'`);
  if (filter.after) add('(submitted_at, reg_no) < (SELECT submitted_at, reg_no FROM kanyadan_applications WHERE reg_no = ?)', filter.after);
  params.push(filter.limit + 1);
  const { rows } = await services.db.query<ApplicationRow>(
    `SELECT reg_no, status, state, district, age_years, fee_paise, submitted_at, duplicate_of, documents_ready, documents_sent, is_erased
     FROM kanyadan_applications ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY submitted_at DESC, reg_no DESC LIMIT $${params.length}`,
    params,
  );
  const items = rows.slice(0, filter.limit).map(summaryOf);
  return { items, nextAfter: rows.length > filter.limit ? items.at(-1)!.regNo : null };
}

function maskName(name: string | null): string | null {
  if (name === null) return null;
  // The first letter of each word: enough to tell two applications apart on the queue, not to name the girl.
  return name
    .split(' ')
    .map((word) => `${Array.from(word)[0] ?? ''}${'•'.repeat(Math.max(2, Math.min(6, Array.from(word).length - 1)))}`)
    .join(' ');
}

/** Documents as the history names them (the web translates these words and the sentences below through serverMessages). */
const DOCUMENT_NAME: Record<StoredDocumentKind, string> = {
  girlAadhaar: 'girl’s Aadhaar card',
  fatherAadhaar: 'father’s Aadhaar card',
  birthCertificate: 'birth certificate',
  photo: 'photo',
  marriageProof: 'proof of marriage',
  marriageProof2: 'second proof of marriage',
};
const DOCUMENT_PROBLEM: Record<string, string> = { unreadable: 'unreadable', 'too-many-pixels': 'too many pixels', 'too-many-pages': 'too many pages' };
const documentName = (kind: unknown) => DOCUMENT_NAME[kind as StoredDocumentKind] ?? String(kind);
/** "1 document", "3 documents": each form has its own sentence in serverMessages, as Hindi's words change too. */
const countOf = (items: unknown, one: string, many: string) => {
  const count = (items as unknown[]).length;
  return `${count} ${count === 1 ? one : many}`;
};

const HISTORY_LABEL: Record<string, (data: Record<string, unknown>) => string> = {
  KanyadanApplicationSubmitted: (data) => `Application submitted with ${countOf(data.documents, 'document', 'documents')}`,
  KanyadanDocumentProcessed: (data) => `Document made safe: ${documentName(data.kind)}, pages: ${String(data.pages)}`,
  KanyadanDocumentRejected: (data) => `Document could not be read: ${documentName(data.kind)} (${DOCUMENT_PROBLEM[String(data.reason)] ?? String(data.reason)})`,
  KanyadanFeePaid: (data) => `Registration fee recorded: UTR ${String(data.utr)}, paid on ${String(data.paidOn)}`,
  KanyadanApplicationVerified: () => 'Application verified',
  KanyadanApplicationRejected: (data) => `Application rejected: ${REJECTION_REASON_TEXT[data.reason as RejectionReason]?.en ?? String(data.reason)}`,
  KanyadanBenefitRequested: (data) => `Benefit requested with ${countOf(data.proofs, 'proof of marriage', 'proofs of marriage')}`,
  KanyadanBenefitApproved: (data) => `Benefit approved: ₹${(Number(data.amountPaise) / 100).toLocaleString('en-IN')}`,
  KanyadanBenefitDisbursed: (data) => `Benefit paid: UTR ${String(data.utr)}, on ${String(data.paidOn)}`,
  PersonalDataErased: (data) => `Personal data erased: ${String(data.reason)}`,
  KanyadanDocumentViewed: (data) => `Document viewed: ${documentName(data.kind)}, page ${String(data.page)}`,
  KanyadanDetailsViewed: () => 'Full details viewed',
};

function historyOf(events: RecordedEvent[]): TApplicationDetail['history'] {
  return events
    .sort((a, b) => a.globalPosition - b.globalPosition)
    .map((event) => ({
      position: String(event.globalPosition),
      type: event.type,
      at: event.recordedAt.toISOString(),
      actor: event.metadata.actor,
      summary: HISTORY_LABEL[event.type]?.(event.data as Record<string, unknown>) ?? event.type,
    }));
}

interface DetailRow extends ApplicationRow {
  girl_name: string | null;
  father_name: string | null;
  mother_name: string | null;
  dob: string | null;
  phone: string | null;
  email: string | null;
  aadhaar_last4: string | null;
  guardian_relation: string | null;
  documents: Record<string, { status: string; mediaType: string | null; pages: number; reason: string | null }>;
  rejection_reason: string | null;
  rejection_note: string | null;
  fee_utr_given: string | null;
  benefit_requested_on: string | null;
  marriage_date: string | null;
  account_last4: string | null;
  benefit_paise: string | null;
  disbursed_utr: string | null;
  disbursed_on: string | null;
}

const DETAIL_COLUMNS = `*, to_char(dob, 'YYYY-MM-DD') AS dob, to_char(benefit_requested_on, 'YYYY-MM-DD') AS benefit_requested_on,
  to_char(marriage_date, 'YYYY-MM-DD') AS marriage_date, to_char(disbursed_on, 'YYYY-MM-DD') AS disbursed_on`;

function smsTextOf(row: DetailRow): string | null {
  if (row.is_erased) return null;
  if (row.status === 'rejected' && row.rejection_reason) {
    const text = REJECTION_REASON_TEXT[row.rejection_reason as RejectionReason];
    return `Sahay Kanyadan ${row.reg_no}: आवेदन स्वीकार नहीं हुआ। ${text.hi} Application not accepted. ${text.en}${row.rejection_note ? ` ${row.rejection_note}` : ''}`;
  }
  if (row.status === 'verified') return `Sahay Kanyadan ${row.reg_no}: आपका आवेदन सत्यापित हो गया है। Your application has been verified.`;
  return null;
}

/** The kinds of document `viewerId` has opened (any page) on the application, from its access log. */
export async function documentsOpenedBy(services: Services, regNo: string, viewerId: string): Promise<Set<StoredDocumentKind>> {
  const access = await services.eventStore.readStream(kanyadanAccessStreamId(regNo));
  return openedIn(access as Recorded<KanyadanAccessEvent>[], viewerId);
}

function openedIn(access: ReadonlyArray<Recorded<KanyadanAccessEvent>>, viewerId: string): Set<StoredDocumentKind> {
  const opened = new Set<StoredDocumentKind>();
  for (const event of access) if (event.type === 'KanyadanDocumentViewed' && event.data.viewerId === viewerId) opened.add(event.data.kind);
  return opened;
}

/**
 * The application page (verification or finance): masked details, documents' states (and whether
 * `viewerId` has opened each: Verify waits for all, issue 32), decisions and the full history.
 */
export async function getApplicationDetail(services: Services, regNo: string, viewerId: string): Promise<TApplicationDetail> {
  const { rows } = await services.db.query<DetailRow>(`SELECT ${DETAIL_COLUMNS} FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: APPLICATION_NOT_FOUND });
  const [events, access, { settings }] = await Promise.all([
    services.eventStore.readStream(kanyadanStreamId(regNo)),
    services.eventStore.readStream(kanyadanAccessStreamId(regNo)),
    getSettings(services.db),
  ]);
  const order = (kind: string) => STORED_DOCUMENT_KINDS.indexOf(kind as StoredDocumentKind);
  const opened = openedIn(access as Recorded<KanyadanAccessEvent>[], viewerId);
  const documents = Object.entries(row.documents)
    .sort(([a], [b]) => order(a) - order(b))
    .map(([kind, document]) => ({
    kind: kind as StoredDocumentKind,
    status: document.status as 'processing' | 'ready' | 'rejected' | 'erased',
    mediaType: document.status === 'ready' ? (document.mediaType as StoredDocumentMediaType) : null,
    pages: document.pages ?? 0,
    rejectedReason: document.reason ?? null,
    isOpenedByYou: opened.has(kind as StoredDocumentKind),
  }));
  return {
    ...summaryOf(row),
    masked:
      row.is_erased || row.girl_name === null
        ? null
        : {
            girlName: maskName(row.girl_name)!,
            fatherName: maskName(row.father_name)!,
            motherName: maskName(row.mother_name),
            birthYear: row.dob?.slice(0, 4) ?? '',
            phone: row.phone ? `••••••${row.phone.slice(-4)}` : '',
            aadhaar: row.aadhaar_last4 ? `XXXX XXXX ${row.aadhaar_last4}` : null,
            hasEmail: row.email !== null,
            guardianRelation: row.guardian_relation ?? '',
          },
    feePaise: Number(row.fee_paise),
    feeUtrGiven: row.status === 'payment_pending' ? row.fee_utr_given : null,
    documents,
    rejection: rejectionOf(row.rejection_reason, row.rejection_note),
    smsText: smsTextOf(row),
    benefit: row.benefit_requested_on
      ? {
          requestedOn: row.benefit_requested_on,
          marriageDate: row.marriage_date,
          accountLast4: row.account_last4,
          amountPaise: row.benefit_paise === null ? null : Number(row.benefit_paise),
          utr: row.disbursed_utr,
          paidOn: row.disbursed_on,
        }
      : null,
    ageToday: row.dob ? ageInYears(row.dob, indiaToday(services.now())) : null,
    benefitRange: { minPaise: settings.kanyadanBenefitMinPaise, maxPaise: settings.kanyadanBenefitMaxPaise },
    history: historyOf([...events, ...access]),
  };
}

/** Records one look at an application's personal data on its access stream (never racing its decisions). */
async function recordAccess(services: Services, regNo: string, event: KanyadanAccessEvent, meta: RequestMeta): Promise<void> {
  await recordOnStream(services, kanyadanAccessStreamId(regNo), [event], eventMetadata(meta));
}

/** `kanyadan.admin.reveal` (verification): the unmasked details and the bank account; the view is recorded first. */
export async function revealApplicant(services: Services, regNo: string, viewer: { userId: string }, meta: RequestMeta): Promise<TApplicantDetails> {
  const { rows } = await services.db.query<DetailRow & Record<string, unknown>>(`SELECT ${DETAIL_COLUMNS} FROM kanyadan_applications WHERE reg_no = $1`, [regNo]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: APPLICATION_NOT_FOUND });
  if (row.is_erased || row.girl_name === null) throw new AppError('CONFLICT', { userMessage: 'This application’s personal data has been erased.' });
  await recordAccess(services, regNo, { type: 'KanyadanDetailsViewed', data: { regNo, viewerId: viewer.userId, viewedAt: services.now().toISOString() } }, meta);
  const text = (column: string) => (row[column] as string | null) ?? null;
  return {
    regNo,
    girlName: row.girl_name,
    fatherName: row.father_name ?? '',
    motherName: row.mother_name,
    dob: row.dob ?? '',
    phone: row.phone ?? '',
    email: row.email,
    gender: text('gender') ?? '',
    schoolName: text('school_name'),
    schoolAddress: text('school_address'),
    className: text('class_name'),
    fatherRegNo: text('father_reg_no'),
    caste: text('caste') ?? '',
    guardianName: text('guardian_name') ?? '',
    guardianRelation: row.guardian_relation ?? '',
    aadhaarLast4: row.aadhaar_last4,
    bankAccount: (row.bank_account as TApplicantDetails['bankAccount']) ?? null,
  };
}

/** The longest side of a rendered page: enough to read a certificate, and a bound on memory whatever size the page claims. */
export const PAGE_IMAGE_MAX_SIDE = 2000;
/** Pages rendered at once by this process; the others wait their turn. */
const renderSlots = createSlots(2);

/**
 * A page of a PDF as a PNG, by poppler's pdftocairo (stdin to stdout, no shell, a time limit):
 * staff never open the PDF itself. Scaled to at most PAGE_IMAGE_MAX_SIDE pixels a side, so a page
 * that claims to be metres wide costs no more than an A4 one; two at a time per process.
 */
export function renderPdfPage(bytes: Buffer, page: number, timeoutMs = 15_000): Promise<Buffer> {
  return renderSlots.run(() => renderPage(bytes, page, timeoutMs));
}

function renderPage(bytes: Buffer, page: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'pdftocairo',
      ['-f', String(page), '-l', String(page), '-scale-to', String(PAGE_IMAGE_MAX_SIDE), '-png', '-singlefile', '-', '-'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (error, stdout) => {
        if (error && ['ENOENT', 'EACCES'].includes(String((error as NodeJS.ErrnoException).code))) {
          reject(new AppError('SERVICE_UNAVAILABLE', { userMessage: PDF_PAGES_UNAVAILABLE, message: 'pdftocairo cannot run (Debian: apt-get install poppler-utils)', cause: error }));
        } else if (error) reject(error);
        else if (stdout.length === 0) reject(new Error('pdftocairo wrote nothing'));
        else resolve(stdout);
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(bytes);
  });
}

/**
 * GET /api/admin/kanyadan/applications/:regNo/documents/:kind?page= (verification): a document as
 * an image — the re-encoded image itself, or one page of a PDF rendered to PNG. The view is recorded
 * with the viewer before the bytes go out; a document that is not there records nothing.
 */
export async function viewDocument(
  services: Services,
  input: { regNo: string; kind: StoredDocumentKind; page: number },
  viewer: { userId: string },
  meta: RequestMeta,
): Promise<{ bytes: Buffer; mediaType: 'image/jpeg' | 'image/webp' | 'image/png' }> {
  const { rows } = await services.db.query<{ documents: DetailRow['documents'] & Record<string, { fileId?: string | null }> }>(
    `SELECT documents FROM kanyadan_applications WHERE reg_no = $1`,
    [input.regNo],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND', { userMessage: APPLICATION_NOT_FOUND });
  const document = rows[0].documents[input.kind];
  if (!document || document.status !== 'ready' || !document.fileId) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_AVAILABLE });
  if (input.page > document.pages) throw new AppError('NOT_FOUND', { userMessage: PAGE_NOT_FOUND });
  const stored = await services.files.get(document.fileId, { subjectId: kanyadanStreamId(input.regNo), kind: documentKindOf(input.kind) });
  if (!stored) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_AVAILABLE });
  const image =
    stored.mediaType === 'application/pdf'
      ? { bytes: await renderPdfPage(stored.bytes, input.page), mediaType: 'image/png' as const }
      : { bytes: stored.bytes, mediaType: stored.mediaType === 'image/webp' ? ('image/webp' as const) : ('image/jpeg' as const) };
  await recordAccess(
    services,
    input.regNo,
    { type: 'KanyadanDocumentViewed', data: { regNo: input.regNo, kind: input.kind, page: input.page, viewerId: viewer.userId, viewedAt: services.now().toISOString() } },
    meta,
  );
  return image;
}
