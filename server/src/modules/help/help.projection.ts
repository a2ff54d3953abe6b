import { isSealed, type PersonalDataErased } from '#server/event-store/sealing/personal-data';
import type { Projection } from '#server/event-store/types';
import { HELP_STREAM_PREFIX, type DirectGiftEvent, type BilingualText, type HelpBeneficiary, type HelpRequestText, type HelpLedgerEvent, type HelpRequestEvent } from './help.events.ts';

type ProjectedEvent = HelpRequestEvent | HelpLedgerEvent | DirectGiftEvent | PersonalDataErased;

/**
 * The help requests' read model: the public list and page, the requester's own list, the staff
 * queue and detail. Inline: the requester sees their request, and staff the queue change, at once
 * after their own action (docs/decisions/015). Every column follows from the events, so replay
 * equals live. Erasing a request's key keeps its category, title, story, amounts and decisions (the
 * public record of help given) and loses the beneficiary, the payout details and the answers.
 */
export const helpProjection: Projection<'help_requests' | 'help_disbursements' | 'help_gifts', ProjectedEvent> = {
  name: 'help_requests',
  tables: ['help_requests', 'help_disbursements', 'help_gifts'],
  handles: [
    'HelpUpdatePosted',
    'HelpRequested',
    'HelpIdentityChecked',
    'HelpInformationRequested',
    'HelpInformationGiven',
    'HelpRequestPublished',
    'HelpRequestRejected',
    'HelpRequestExtended',
    'HelpRequestClosed',
    'HelpDonationEarmarked',
    'HelpDonationUnearmarked',
    'DisbursementRequested',
    'DisbursementApproved',
    'DisbursementRejected',
    'DisbursementPaid',
    'DirectGiftSubmitted',
    'DirectGiftConfirmed',
    'DirectGiftDisputed',
    'DirectGiftDecided',
    'PersonalDataErased',
  ],
  async apply(event, context) {
    const { tx, tables, reveal } = context;
    const table = tables.help_requests;
    const at = event.recordedAt.toISOString();
    switch (event.type) {
      case 'HelpRequested': {
        const { data } = event;
        const beneficiary = await reveal<HelpBeneficiary>(data.beneficiary);
        // Sealed since version 2 (issue 29); a version 1 event upcast gives it in clear.
        const text = isSealed(data.text) ? await reveal<HelpRequestText>(data.text) : data.text;
        const documents = data.documents.map((document, index) => ({
          index: index + 1,
          fileId: document.uploadId,
          kind: document.kind,
          mediaType: document.mediaType,
          bytes: document.bytes,
          pages: document.pages,
          documentDate: document.documentDate,
        }));
        await tx.query(
          `INSERT INTO ${table} (id, status, category, title_en, title_hi, story_en, story_hi, amount_needed_paise, requester_id, beneficiary,
             documents, requested_at, is_erased, updated_at)
           VALUES ($1, 'submitted', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT (id) DO NOTHING`,
          [
            data.requestId,
            data.category,
            text?.title.en ?? null,
            text?.title.hi ?? null,
            text?.story.en ?? null,
            text?.story.hi ?? null,
            data.amountNeededPaise,
            data.requesterId,
            beneficiary ? JSON.stringify(beneficiary) : null,
            JSON.stringify(documents),
            data.requestedAt,
            beneficiary === null,
            at,
          ],
        );
        return;
      }
      case 'HelpUpdatePosted': {
        const { requestId, by, postedAt } = event.data;
        // Sealed since version 2 (issue 29); a version 1 event gives it in clear.
        const text = isSealed(event.data.text) ? await reveal<BilingualText>(event.data.text) : event.data.text;
        await tx.query(`UPDATE ${table} SET updates = updates || jsonb_build_array($2::jsonb), updated_at = $3 WHERE id = $1`, [requestId, JSON.stringify({ text, by, postedAt }), at]);
        return;
      }
      case 'HelpIdentityChecked': {
        const { requestId, idKind, isMatched, checkedBy, checkedAt } = event.data;
        await tx.query(`UPDATE ${table} SET identity_check = $2, updated_at = $3 WHERE id = $1`, [requestId, JSON.stringify({ idKind, isMatched, checkedBy, checkedAt }), at]);
        return;
      }
      case 'HelpInformationRequested': {
        const { requestId, askedBy, askedAt } = event.data;
        // Sealed since version 2 (issue 29 review); a version 1 event gives it in clear; null once resealed after an erasure.
        const question = isSealed(event.data.question) ? await reveal<string>(event.data.question) : event.data.question;
        const entry = { question, askedBy, askedAt, answer: null, answeredAt: null };
        await tx.query(`UPDATE ${table} SET status = 'information_requested', questions = questions || jsonb_build_array($2::jsonb), updated_at = $3 WHERE id = $1`, [
          requestId,
          JSON.stringify(entry),
          at,
        ]);
        return;
      }
      case 'HelpInformationGiven': {
        const { requestId, answeredAt } = event.data;
        const answer = await reveal<string>(event.data.answer);
        // The last question is the one answered: staff ask one at a time (decideAskForInformation).
        await tx.query(
          `UPDATE ${table}
              SET status = 'submitted',
                  questions = jsonb_set(questions, ARRAY[(jsonb_array_length(questions) - 1)::text], questions -> (jsonb_array_length(questions) - 1) || jsonb_build_object('answer', $2::text, 'answeredAt', $3::text)),
                  updated_at = $4
            WHERE id = $1 AND jsonb_array_length(questions) > 0`,
          [requestId, answer, answeredAt, at],
        );
        return;
      }
      case 'HelpRequestPublished': {
        const { requestId, publishedAt, closesOn } = event.data;
        await tx.query(`UPDATE ${table} SET status = 'published', published_at = $2, closes_on = $3, updated_at = $4 WHERE id = $1`, [requestId, publishedAt, closesOn, at]);
        return;
      }
      case 'HelpRequestRejected': {
        const { requestId, rejectedBy, rejectedAt } = event.data;
        // Sealed since version 2 (issue 29); a version 1 event gives it in clear; null once resealed after an erasure.
        const reason = isSealed(event.data.reason) ? await reveal<string>(event.data.reason) : event.data.reason;
        await tx.query(`UPDATE ${table} SET status = 'rejected', rejection = $2, updated_at = $3 WHERE id = $1`, [requestId, JSON.stringify({ reason, rejectedBy, rejectedAt }), at]);
        return;
      }
      case 'HelpRequestExtended': {
        const { requestId, closesOn } = event.data;
        await tx.query(`UPDATE ${table} SET closes_on = $2, updated_at = $3 WHERE id = $1`, [requestId, closesOn, at]);
        return;
      }
      case 'HelpRequestClosed': {
        const { requestId, reason, closedBy, closedAt } = event.data;
        await tx.query(`UPDATE ${table} SET status = 'closed', closure = $2, updated_at = $3 WHERE id = $1`, [requestId, JSON.stringify({ reason, closedBy, closedAt }), at]);
        return;
      }
      case 'HelpDonationEarmarked':
      case 'HelpDonationUnearmarked': {
        const { requestId, amountPaise } = event.data;
        const change = event.type === 'HelpDonationEarmarked' ? amountPaise : -amountPaise;
        await tx.query(`UPDATE ${table} SET raised_foundation_paise = raised_foundation_paise + $2, updated_at = $3 WHERE id = $1`, [requestId, change, at]);
        return;
      }
      case 'DisbursementRequested': {
        const { data } = event;
        const contact = await reveal<string>(data.contactNumber);
        await tx.query(
          `INSERT INTO ${tables.help_disbursements} (disbursement_id, request_id, amount_paise, admin_charge_paise, net_paise, status, contact_number, requested_by, requested_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, 'requested', $6, $7, $8, $9) ON CONFLICT (disbursement_id) DO NOTHING`,
          [data.disbursementId, data.requestId, data.amountPaise, data.adminChargePaise, data.netPaise, contact, data.requestedBy, data.requestedAt, at],
        );
        return;
      }
      case 'DisbursementApproved': {
        const { disbursementId, approvedBy, approvedAt } = event.data;
        await tx.query(`UPDATE ${tables.help_disbursements} SET status = 'approved', approved_by = $2, approved_at = $3, updated_at = $4 WHERE disbursement_id = $1`, [
          disbursementId,
          approvedBy,
          approvedAt,
          at,
        ]);
        return;
      }
      case 'DisbursementRejected': {
        const { disbursementId, rejectedBy } = event.data;
        // Sealed since version 2 (issue 29); a version 1 event gives it in clear; null once resealed after an erasure.
        const reason = isSealed(event.data.reason) ? await reveal<string>(event.data.reason) : event.data.reason;
        await tx.query(`UPDATE ${tables.help_disbursements} SET status = 'rejected', rejection_reason = $2, rejected_by = $3, updated_at = $4 WHERE disbursement_id = $1`, [
          disbursementId,
          reason,
          rejectedBy,
          at,
        ]);
        return;
      }
      case 'DisbursementPaid': {
        const { disbursementId, utr, paidOn, paidBy } = event.data;
        await tx.query(`UPDATE ${tables.help_disbursements} SET status = 'paid', utr = $2, paid_on = $3, paid_by = $4, updated_at = $5 WHERE disbursement_id = $1`, [
          disbursementId,
          utr,
          paidOn,
          paidBy,
          at,
        ]);
        return;
      }
      case 'DirectGiftSubmitted': {
        const { data } = event;
        await tx.query(
          `INSERT INTO ${tables.help_gifts} (gift_id, request_id, giver_id, amount_paise, utr, screenshot_file_id, status, submitted_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8) ON CONFLICT (gift_id) DO NOTHING`,
          [data.giftId, data.requestId, data.giverId, data.amountPaise, data.utr, data.screenshot.fileId, data.submittedAt, at],
        );
        return;
      }
      case 'DirectGiftConfirmed':
      case 'DirectGiftDisputed':
      case 'DirectGiftDecided': {
        const { giftId, requestId } = event.data;
        const status = event.type === 'DirectGiftConfirmed' ? 'confirmed' : event.type === 'DirectGiftDisputed' ? 'disputed' : event.data.decision;
        // The decision's reason: sealed since version 2 (issue 29); a version 1 event gives it in clear; null once resealed after an erasure.
        const reason = event.type !== 'DirectGiftDecided' ? null : isSealed(event.data.reason) ? await reveal<string>(event.data.reason) : event.data.reason;
        const { rows } = await tx.query<{ amount_paise: string }>(
          `UPDATE ${tables.help_gifts}
              SET status = $2, disputed_at = COALESCE($3, disputed_at), decision_reason = COALESCE($4, decision_reason), decided_by = COALESCE($5, decided_by), updated_at = $6
            WHERE gift_id = $1 RETURNING amount_paise`,
          [
            giftId,
            status,
            event.type === 'DirectGiftDisputed' ? event.data.disputedAt : null,
            reason,
            event.type === 'DirectGiftDecided' ? event.data.decidedBy : null,
            at,
          ],
        );
        // Money that reached the beneficiary counts towards the request's progress (each gift once: a gift arrives once).
        if ((status === 'confirmed' || status === 'received') && rows[0]) {
          await tx.query(`UPDATE ${table} SET raised_direct_paise = raised_direct_paise + $2, updated_at = $3 WHERE id = $1`, [requestId, Number(rows[0].amount_paise), at]);
        }
        return;
      }
      case 'PersonalDataErased': {
        const { subjectId, erasedAt } = event.data;
        if (!subjectId.startsWith(HELP_STREAM_PREFIX)) return;
        await helpProjection.erase!(subjectId, context);
        // Dated by the erasure, so a replay ends with the same row.
        await tx.query(`UPDATE ${table} SET updated_at = $2 WHERE id = $1`, [subjectId.slice(HELP_STREAM_PREFIX.length), erasedAt]);
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  /** The beneficiary, the payout details, the title, the story, the updates, staff's questions and reasons (rejection,
   * withdrawal rejection, gift decision) and the answers go, and the request leaves
   * the public list and page (issue 29); its amounts, decisions and documents' list stay (the files went with the key).
   * A replay reveals nothing of an erased key and blanks what older events held in clear, so it ends with the same row. */
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith(HELP_STREAM_PREFIX)) return;
    const table = tables.help_requests;
    await tx.query(
      `UPDATE ${table}
          SET beneficiary = NULL, is_erased = true, title_en = NULL, title_hi = NULL, story_en = NULL, story_hi = NULL, updates = '[]'::jsonb,
              questions = COALESCE((SELECT jsonb_agg(entry || jsonb_build_object('question', NULL, 'answer', NULL)) FROM jsonb_array_elements(questions) AS entry), '[]'::jsonb),
              rejection = rejection || jsonb_build_object('reason', NULL)
        WHERE id = $1`,
      [subjectId.slice(HELP_STREAM_PREFIX.length)],
    );
    await tx.query(`UPDATE ${tables.help_disbursements} SET contact_number = NULL, rejection_reason = NULL WHERE request_id = $1`, [subjectId.slice(HELP_STREAM_PREFIX.length)]);
    await tx.query(`UPDATE ${tables.help_gifts} SET decision_reason = NULL WHERE request_id = $1`, [subjectId.slice(HELP_STREAM_PREFIX.length)]);
  },
};
