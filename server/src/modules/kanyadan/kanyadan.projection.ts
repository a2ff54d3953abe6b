import type { Projection } from '#server/event-store/types';
import { districtKeyOf } from './submission/kanyadan-fields.schema.ts';
import { identityKeyOf, phoneKeyOf } from './applicant-keys.ts';
import { KANYADAN_STREAM_PREFIX, type ApplicantDetails, type BenefitDetails, type KanyadanApplicationEvent } from './kanyadan.events.ts';

/** pg_advisory_xact_lock's first key for the duplicate check ("Sahay" 5e41, 0003). */
const DUPLICATE_LOCK_CLASS = 0x5e410003;

const PERSONAL_COLUMNS = [
  'girl_name', 'father_name', 'mother_name', 'dob', 'phone', 'email', 'gender', 'school_name', 'school_address', 'class_name',
  'father_reg_no', 'caste', 'guardian_name', 'guardian_relation', 'aadhaar_last4', 'phone_key', 'aadhaar_key', 'identity_key', 'bank_account',
  'marriage_date', 'account_last4', 'rejection_note',
] as const;

/**
 * The Kanyadan read model: the family's look-up, the verification queue and the application page.
 * Inline: a family looks its number up and an admin sees the queue change at once after their own
 * request. Every column follows from the events (and the blind-index key in force), so replay
 * equals live; an erased application keeps its number, place, age and decisions, and loses the
 * person. duplicate_of is kept both ways: a new application lists the earlier ones sharing its
 * Aadhaar key or identity key, and each of those lists it.
 */
export const kanyadanProjection: Projection<'kanyadan_applications', KanyadanApplicationEvent> = {
  name: 'kanyadan_applications',
  tables: ['kanyadan_applications'],
  handles: [
    'KanyadanApplicationSubmitted',
    'KanyadanDocumentProcessed',
    'KanyadanDocumentRejected',
    'KanyadanFeeProofSubmitted',
    'KanyadanFeePaid',
    'KanyadanApplicationVerified',
    'KanyadanApplicationRejected',
    'KanyadanBenefitRequested',
    'KanyadanBenefitApproved',
    'KanyadanBenefitDisbursed',
    'PersonalDataErased',
  ],
  async apply(event, context) {
    const { tx, tables, reveal, blindIndex } = context;
    const table = tables.kanyadan_applications;
    const at = event.recordedAt.toISOString();
    switch (event.type) {
      case 'KanyadanApplicationSubmitted': {
        const { data } = event;
        const person = await reveal<ApplicantDetails>(data.applicant);
        const documents = Object.fromEntries(
          data.documents.map((document) => [document.kind, { uploadId: document.uploadId, status: 'processing', mediaType: document.mediaType, fileId: null, pages: 0, reason: null }]),
        );
        const phoneKey = person ? phoneKeyOf(blindIndex, person.phone) : null;
        const identityKey = person ? identityKeyOf(blindIndex, person) : null;
        const aadhaarKey = person?.aadhaarKey ?? null;
        // Two applications for the same girl sent at the same moment would each miss the other's
        // uncommitted row: the second waits here for the first to commit, then finds it. Keys in
        // order, so two transactions never wait for each other.
        for (const key of [identityKey, aadhaarKey].filter((value): value is string => value !== null).sort()) {
          await tx.query(`SELECT pg_advisory_xact_lock(${DUPLICATE_LOCK_CLASS}, hashtext($1))`, [key]);
        }
        const { rows: twins } = await tx.query<{ reg_no: string }>(
          `SELECT reg_no FROM ${table} WHERE reg_no <> $1 AND (identity_key = $2 OR aadhaar_key = $3) ORDER BY reg_no`,
          [data.regNo, identityKey, aadhaarKey],
        );
        const duplicateOf = twins.map((row) => row.reg_no);
        await tx.query(
          `INSERT INTO ${table} (reg_no, status, state, district, district_key, age_years, fee_paise,
             girl_name, father_name, mother_name, dob, phone, email, gender, school_name, school_address, class_name, father_reg_no, caste,
             guardian_name, guardian_relation, aadhaar_last4, phone_key, aadhaar_key, identity_key, duplicate_of, documents, documents_sent,
             submitted_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $29)
           ON CONFLICT (reg_no) DO NOTHING`,
          [
            data.regNo,
            data.feePaise > 0 ? 'payment_pending' : 'submitted',
            data.state,
            data.district,
            districtKeyOf(data.district),
            data.ageYears,
            data.feePaise,
            person?.girlName ?? null,
            person?.fatherName ?? null,
            person?.motherName ?? null,
            person?.dob ?? null,
            person?.phone ?? null,
            person?.email ?? null,
            person?.gender ?? null,
            person?.schoolName ?? null,
            person?.schoolAddress ?? null,
            person?.className ?? null,
            person?.fatherRegNo ?? null,
            person?.caste ?? null,
            person?.guardianName ?? null,
            person?.guardianRelation ?? null,
            person?.aadhaarLast4 ?? null,
            phoneKey,
            aadhaarKey,
            identityKey,
            duplicateOf,
            JSON.stringify(documents),
            data.documents.length,
            data.submittedAt,
          ],
        );
        if (duplicateOf.length > 0) {
          // Sorted, so the arrays do not depend on which of two racing applications committed first.
          await tx.query(
            `UPDATE ${table} SET duplicate_of = ARRAY(SELECT DISTINCT d FROM unnest(array_append(duplicate_of, $1)) AS d ORDER BY d)
             WHERE reg_no = ANY($2::text[])`,
            [
            data.regNo,
            duplicateOf,
          ]);
        }
        return;
      }
      case 'KanyadanDocumentProcessed':
      case 'KanyadanDocumentRejected': {
        const { data } = event;
        const isReady = event.type === 'KanyadanDocumentProcessed';
        const document = isReady
          ? { uploadId: data.uploadId, status: 'ready', mediaType: event.data.mediaType, fileId: event.data.fileId, pages: event.data.pages, reason: null }
          : { uploadId: data.uploadId, status: 'rejected', mediaType: null, fileId: null, pages: 0, reason: event.data.reason };
        await tx.query(
          `UPDATE ${table} SET documents = jsonb_set(documents, ARRAY[$2::text], $3::jsonb),
             documents_ready = documents_ready + $4, updated_at = $5
           WHERE reg_no = $1 AND NOT is_erased`,
          [data.regNo, data.kind, JSON.stringify(document), isReady && !data.kind.startsWith('marriageProof') ? 1 : 0, at],
        );
        return;
      }
      case 'KanyadanFeeProofSubmitted':
        await tx.query(`UPDATE ${table} SET fee_utr_given = $2, updated_at = $3 WHERE reg_no = $1`, [event.data.regNo, event.data.utr, event.data.submittedAt]);
        return;
      case 'KanyadanFeePaid':
        await tx.query(`UPDATE ${table} SET status = 'paid', fee_utr = $2, fee_paid_on = $3, updated_at = $4 WHERE reg_no = $1`, [event.data.regNo, event.data.utr, event.data.paidOn, at]);
        return;
      case 'KanyadanApplicationVerified':
        await tx.query(`UPDATE ${table} SET status = 'verified', decided_at = $2, updated_at = $2 WHERE reg_no = $1`, [event.data.regNo, event.data.verifiedAt]);
        return;
      case 'KanyadanApplicationRejected':
        await tx.query(`UPDATE ${table} SET status = 'rejected', rejection_reason = $2, rejection_note = $3, decided_at = $4, updated_at = $4 WHERE reg_no = $1`, [
          event.data.regNo,
          event.data.reason,
          event.data.note === null ? null : await reveal<string>(event.data.note),
          event.data.rejectedAt,
        ]);
        return;
      case 'KanyadanBenefitRequested': {
        const { data } = event;
        const details = await reveal<BenefitDetails>(data.details);
        const account = details && { accountHolder: details.accountHolder, accountNumber: details.accountNumber, ifsc: details.ifsc };
        const proofs = Object.fromEntries(
          data.proofs.map((proof) => [proof.kind, { uploadId: proof.uploadId, status: 'processing', mediaType: proof.mediaType, fileId: null, pages: 0, reason: null }]),
        );
        await tx.query(
          `UPDATE ${table} SET status = 'benefit_requested', benefit_requested_on = $2, marriage_date = $3, account_last4 = $4, bank_account = $5,
             documents = documents || $6::jsonb, updated_at = $7
           WHERE reg_no = $1`,
          [data.regNo, data.requestedOn, details?.marriageDate ?? null, details ? details.accountNumber.slice(-4) : null, account ? JSON.stringify(account) : null, JSON.stringify(proofs), data.requestedAt],
        );
        return;
      }
      case 'KanyadanBenefitApproved':
        await tx.query(`UPDATE ${table} SET status = 'benefit_approved', benefit_paise = $2, updated_at = $3 WHERE reg_no = $1`, [event.data.regNo, event.data.amountPaise, event.data.approvedAt]);
        return;
      case 'KanyadanBenefitDisbursed':
        await tx.query(`UPDATE ${table} SET status = 'disbursed', disbursed_utr = $2, disbursed_on = $3, updated_at = $4 WHERE reg_no = $1`, [
          event.data.regNo,
          event.data.utr,
          event.data.paidOn,
          event.data.disbursedAt,
        ]);
        return;
      case 'PersonalDataErased': {
        const { subjectId, erasedAt } = event.data;
        if (!subjectId.startsWith(KANYADAN_STREAM_PREFIX)) return;
        await kanyadanProjection.erase!(subjectId, context);
        // Dated by the erasure, so a replay (where nothing was revealed) ends with the same row.
        await tx.query(`UPDATE ${table} SET updated_at = $2 WHERE reg_no = $1`, [subjectId.slice(KANYADAN_STREAM_PREFIX.length), erasedAt]);
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  /** The person goes; the application (number, place, age, states, amounts) stays. Its files went with its key. */
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith(KANYADAN_STREAM_PREFIX)) return;
    const table = tables.kanyadan_applications;
    const regNo = subjectId.slice(KANYADAN_STREAM_PREFIX.length);
    await tx.query(
      `UPDATE ${table} SET ${PERSONAL_COLUMNS.map((column) => `${column} = NULL`).join(', ')}, is_erased = true, duplicate_of = '{}',
         documents = COALESCE((SELECT jsonb_object_agg(key, jsonb_build_object('status', 'erased')) FROM jsonb_each(documents)), '{}'::jsonb),
         documents_ready = 0
       WHERE reg_no = $1`,
      [regNo],
    );
    await tx.query(`UPDATE ${table} SET duplicate_of = array_remove(duplicate_of, $1) WHERE $1 = ANY(duplicate_of)`, [regNo]);
  },
};
