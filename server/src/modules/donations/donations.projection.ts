import type { Projection } from '#server/event-store/types';
import { contactKeysOf } from './donor-keys.ts';
import { DONATION_STREAM_PREFIX, type DonationStreamEvent, type DonorDetails } from './donations.events.ts';

/**
 * The donations read model: the pay step, the status page, "My donations" and the finance queue.
 * Inline: a donor checks the status and a finance admin sees the queue change at once after their
 * own request. Every column follows from the events (and the blind-index key in force), so replay
 * equals live; an erased donation keeps its amounts and states and loses the donor.
 */
export const donationsProjection: Projection<'donations' | 'donation_receipt_retention', DonationStreamEvent> = {
  name: 'donations',
  tables: ['donations', 'donation_receipt_retention'],
  handles: [
    'DonationReceiptRetained',
    'RetainedReceiptShredded',
    'DonationPledged',
    'DonationProofSubmitted',
    'DonationScreenshotProcessed',
    'DonationScreenshotRejected',
    'DonationVerified',
    'DonationRejected',
    'DonationAbandoned',
    'DonationCancelled',
    'ReceiptRendered',
    'DonorIdentificationRecorded',
    'DonorPanNameRecorded',
    'PersonalDataErased',
  ],
  async apply(event, context) {
    const { tx, tables, reveal, blindIndex } = context;
    const table = tables.donations;
    switch (event.type) {
      case 'DonationPledged': {
        const { data } = event;
        const donor = await reveal<DonorDetails>(data.donor);
        await tx.query(
          `INSERT INTO ${table} (reference, status, amount_paise, cause, donor_name, donor_email, donor_phone, donor_pan, donor_address,
             contact_keys, donor_key, has_pan, show_name, referrer_id, member_id, channel, pledged_at, updated_at, help_request_id,
             citizenship, country, is_foreign, donor_pan_name)
           VALUES ($1, 'awaiting_payment', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18, $19, $20, $21)
           ON CONFLICT (reference) DO NOTHING`,
          [
            data.reference,
            data.amountPaise,
            data.cause,
            donor?.name ?? null,
            donor?.email ?? null,
            donor?.phone ?? null,
            donor?.pan ?? null,
            donor?.address ?? null,
            // From the contacts with the blind-index key in force, not the event's keys: after a key
            // change (docs/decisions/019) replay then equals the re-indexed live table.
            donor ? contactKeysOf(blindIndex, donor) : [],
            donor ? data.donorKey : null,
            data.hasPan,
            data.showName,
            data.referrerId,
            data.memberId,
            data.channel,
            data.pledgedAt,
            data.helpRequestId ?? null,
            data.citizenship ?? null,
            data.country ?? null,
            data.citizenship === 'foreign',
            donor?.panName ?? null,
          ],
        );
        return;
      }
      case 'DonationProofSubmitted': {
        const { data } = event;
        await tx.query(
          `UPDATE ${table} SET
             status = CASE WHEN status IN ('awaiting_payment', 'abandoned', 'proof_received') THEN 'proof_received' ELSE status END,
             utr = $2, utr_kind = $3, proof_at = $5, updated_at = $5,
             screenshot_upload_id = COALESCE($4::uuid, screenshot_upload_id),
             screenshot_status = CASE WHEN $4::uuid IS NULL THEN screenshot_status ELSE 'processing' END
           WHERE reference = $1`,
          [data.reference, data.utr, data.utrKind, data.screenshotUploadId, data.submittedAt],
        );
        return;
      }
      case 'DonationScreenshotProcessed':
        await tx.query(
          `UPDATE ${table} SET screenshot_file_id = $3, screenshot_status = 'ready', updated_at = $4 WHERE reference = $1 AND screenshot_upload_id = $2`,
          [event.data.reference, event.data.uploadId, event.data.fileId, event.data.processedAt],
        );
        return;
      case 'DonationScreenshotRejected':
        await tx.query(`UPDATE ${table} SET screenshot_status = 'rejected', updated_at = $3 WHERE reference = $1 AND screenshot_upload_id = $2`, [
          event.data.reference,
          event.data.uploadId,
          event.data.rejectedAt,
        ]);
        return;
      case 'DonationVerified': {
        const { data } = event;
        await tx.query(
          `UPDATE ${table} SET status = 'verified', received_on = $2, mode = $3, instrument_number = $4, utr = COALESCE($5, utr),
             receipt_serial = $6, receipt_issued_on = $7, financial_year = $8, verified_at = $9, updated_at = $9, donation_type = $10, form_10bd_changed_at = $9,
             payment_id = $11
           WHERE reference = $1`,
          [
            data.reference,
            data.receivedOn,
            data.mode,
            data.instrumentNumber,
            data.utr,
            data.receipt.serial,
            data.receipt.issuedOn,
            data.receipt.financialYear,
            data.verifiedAt,
            data.donationType ?? 'others',
            data.paymentId ?? null,
          ],
        );
        return;
      }
      case 'DonationRejected':
        await tx.query(`UPDATE ${table} SET status = 'rejected', reason = $2, updated_at = $3 WHERE reference = $1`, [
          event.data.reference,
          event.data.reason,
          event.data.rejectedAt,
        ]);
        return;
      case 'DonationAbandoned':
        await tx.query(`UPDATE ${table} SET status = 'abandoned', updated_at = $2 WHERE reference = $1 AND status = 'awaiting_payment'`, [
          event.data.reference,
          event.data.abandonedAt,
        ]);
        return;
      case 'DonationCancelled':
        // A cancellation changes Form 10BD only for a gift that was in it (verified, so dated to a year).
        await tx.query(
          `UPDATE ${table} SET status = 'cancelled', reason = $2, updated_at = $3,
             form_10bd_changed_at = CASE WHEN financial_year IS NULL THEN form_10bd_changed_at ELSE $3::timestamptz END
           WHERE reference = $1`,
          [
            event.data.reference,
            event.data.reason,
            event.data.cancelledAt,
          ],
        );
        return;
      case 'ReceiptRendered': {
        const column = event.data.variant === 'cancelled' ? 'cancelled_receipt_file_id' : 'receipt_file_id';
        await tx.query(`UPDATE ${table} SET ${column} = $2, updated_at = $3 WHERE reference = $1`, [event.data.reference, event.data.fileId, event.data.renderedAt]);
        return;
      }
      case 'DonorIdentificationRecorded': {
        const number = await reveal<string>(event.data.number);
        await tx.query(
          `UPDATE ${table} SET donor_id_kind = $2, donor_id_number = $3, updated_at = $4,
             form_10bd_changed_at = CASE WHEN status = 'verified' THEN $4::timestamptz ELSE form_10bd_changed_at END
           WHERE reference = $1`,
          [event.data.reference, number === null ? null : event.data.kind, number, event.data.recordedAt],
        );
        return;
      }
      case 'DonorPanNameRecorded': {
        const panName = await reveal<string>(event.data.panName);
        await tx.query(
          `UPDATE ${table} SET donor_pan_name = $2, updated_at = $3,
             form_10bd_changed_at = CASE WHEN status = 'verified' THEN $3::timestamptz ELSE form_10bd_changed_at END
           WHERE reference = $1`,
          [event.data.reference, panName, event.data.recordedAt],
        );
        return;
      }
      case 'DonationReceiptRetained': {
        // The sealed record as it is: revealed only when finance reads it, and unreadable once shredded.
        const { reference, serial, financialYear, keptUntil, record, retainedAt } = event.data;
        await tx.query(
          `INSERT INTO ${tables.donation_receipt_retention} (reference, receipt_serial, financial_year, kept_until, record, retained_at)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reference) DO NOTHING`,
          [reference, serial, financialYear, keptUntil, JSON.stringify(record), retainedAt],
        );
        return;
      }
      case 'DonationOrderCreated':
      case 'DonationRefundRequested':
      case 'DonationRefundCreated':
      case 'DonationRefundFailed':
      case 'DonationRefundProcessed':
      case 'OnlinePaymentFailed':
        // The order, the refund and failed attempts live on the donation's stream only: the commands, the webhook and the detail page fold it.
        return;
      case 'RetainedReceiptShredded':
        await tx.query(`UPDATE ${tables.donation_receipt_retention} SET record = NULL, shredded_at = $2 WHERE reference = $1`, [event.data.reference, event.data.shreddedAt]);
        return;
      case 'PersonalDataErased': {
        const { subjectId, erasedAt } = event.data;
        await donationsProjection.erase!(subjectId, context);
        // Dated by the erasure, so a replay (where nothing was revealed) ends with the same row.
        if (subjectId.startsWith(DONATION_STREAM_PREFIX)) {
          await tx.query(`UPDATE ${table} SET updated_at = $2 WHERE reference = $1`, [subjectId.slice(DONATION_STREAM_PREFIX.length), erasedAt]);
        }
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  /** The donor goes; the donation (amount, cause, states, serial) stays. Its files were removed with its key. */
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith(DONATION_STREAM_PREFIX)) return;
    await tx.query(
      `UPDATE ${tables.donations} SET donor_name = NULL, donor_email = NULL, donor_phone = NULL, donor_pan = NULL, donor_address = NULL, donor_id_kind = NULL, donor_id_number = NULL, donor_pan_name = NULL,
         contact_keys = '{}', donor_key = NULL, screenshot_upload_id = NULL, screenshot_status = NULL, screenshot_file_id = NULL,
         receipt_file_id = NULL, cancelled_receipt_file_id = NULL
       WHERE reference = $1`,
      [subjectId.slice(DONATION_STREAM_PREFIX.length)],
    );
  },
};
