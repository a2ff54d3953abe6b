import type { Projection } from '#server/event-store/types';
import { FORM_10BE_STREAM_PREFIX, type CertificateDonor, type Form10BECertificateEvent } from './form-10be.events.ts';

/**
 * The certificates read model: finance's list and dashboard, the donor's downloads. Inline: the
 * upload's answer and the hand-matching list read what the request just recorded (decision 015).
 * An erased certificate keeps its year, amount and states for the counts and loses the donor and
 * its file.
 */
export const form10beProjection: Projection<'form_10be_certificates', Form10BECertificateEvent> = {
  name: 'form_10be_certificates',
  tables: ['form_10be_certificates'],
  handles: ['Form10BECertificateUploaded', 'Form10BECertificateLeftUnmatched', 'Form10BECertificateMatched', 'Form10BECertificateSent', 'Form10BECertificateOpened', 'PersonalDataErased'],
  async apply(event, context) {
    const { tx, tables, reveal } = context;
    const table = tables.form_10be_certificates;
    switch (event.type) {
      case 'Form10BECertificateUploaded': {
        const { data } = event;
        const donor = await reveal<CertificateDonor>(data.donor);
        await tx.query(
          `INSERT INTO ${table} (certificate_id, financial_year, amount_paise, arn, id_kind, id_number, donor_name, donation_type, mode_of_receipt, section, file_id, status, uploaded_by, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'uploaded', $12, $13) ON CONFLICT (certificate_id) DO NOTHING`,
          [
            data.certificateId,
            data.financialYear,
            data.amountPaise,
            data.arn,
            data.idKind,
            donor?.idNumber ?? null,
            donor?.name ?? null,
            data.donationType,
            data.modeOfReceipt,
            data.section,
            donor ? data.fileId : null,
            data.uploadedBy,
            data.uploadedAt,
          ],
        );
        return;
      }
      case 'Form10BECertificateLeftUnmatched':
        await tx.query(`UPDATE ${table} SET status = 'unmatched', unmatched_reason = $2 WHERE certificate_id = $1 AND status = 'uploaded'`, [event.data.certificateId, event.data.reason]);
        return;
      case 'Form10BECertificateMatched': {
        const { data } = event;
        await tx.query(
          `UPDATE ${table} SET status = 'matched', unmatched_reason = NULL, "references" = $2, matched_how = $3, matched_by = $4, matched_at = $5 WHERE certificate_id = $1`,
          [data.certificateId, data.references, data.how, data.matchedBy, data.matchedAt],
        );
        return;
      }
      case 'Form10BECertificateSent': {
        const column = event.data.channel === 'email' ? 'emailed_at' : 'texted_at';
        await tx.query(`UPDATE ${table} SET ${column} = $2 WHERE certificate_id = $1`, [event.data.certificateId, event.data.sentAt]);
        return;
      }
      case 'Form10BECertificateOpened':
        await tx.query(`UPDATE ${table} SET opened_at = $2 WHERE certificate_id = $1`, [event.data.certificateId, event.data.openedAt]);
        return;
      case 'PersonalDataErased':
        await form10beProjection.erase!(event.data.subjectId, context);
        if (event.data.subjectId.startsWith(FORM_10BE_STREAM_PREFIX)) {
          await tx.query(`UPDATE ${table} SET erased_at = $2 WHERE certificate_id = $1`, [event.data.subjectId.slice(FORM_10BE_STREAM_PREFIX.length), event.data.erasedAt]);
        }
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  /** The donor and the file go; the year, amount and states stay for the counts. */
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith(FORM_10BE_STREAM_PREFIX)) return;
    await tx.query(`UPDATE ${tables.form_10be_certificates} SET donor_name = NULL, id_number = NULL, file_id = NULL WHERE certificate_id = $1`, [
      subjectId.slice(FORM_10BE_STREAM_PREFIX.length),
    ]);
  },
};
