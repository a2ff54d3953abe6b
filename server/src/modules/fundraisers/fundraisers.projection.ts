import type { Projection } from '#server/event-store/types';
import type { DonationCancelled, DonationPledged, DonationVerified } from '#server/modules/donations/donations.api';
import { FUNDRAISER_STREAM_PREFIX, type FundraiserEvent, type FundraiserText, type PersonalDataErased } from './fundraisers.events.ts';

const DONATION_SUBJECT_PREFIX = 'donation-';

type Handled = FundraiserEvent | DonationPledged | DonationVerified | DonationCancelled | PersonalDataErased;

/**
 * The fundraisers read model (decision 080): the public page, the organiser's list and the staff
 * queue (`fundraisers`), and the gifts given through each (`fundraiser_gifts`, from the donations'
 * events). Inline: the organiser, staff and a donor see a change at once after their own request.
 * The progress is a sum over verified gifts, so a cancelled or refunded gift leaves it; the
 * supporter's name is kept only when they chose to show it, and name and message go with the
 * donor's erasure. The organiser's erasure empties the text and takes the page down.
 */
export const fundraisersProjection: Projection<'fundraisers' | 'fundraiser_gifts', Handled> = {
  name: 'fundraisers',
  tables: ['fundraisers', 'fundraiser_gifts'],
  handles: [
    'FundraiserStarted',
    'FundraiserApproved',
    'FundraiserRejected',
    'FundraiserClosed',
    'FundraiserMessageHidden',
    'DonationPledged',
    'DonationVerified',
    'DonationCancelled',
    'PersonalDataErased',
  ],
  async apply(event, context) {
    const { tx, tables, reveal } = context;
    switch (event.type) {
      case 'FundraiserStarted': {
        const { data } = event;
        const text = await reveal<FundraiserText>(data.text);
        await tx.query(
          `INSERT INTO ${tables.fundraisers} (id, organiser_id, status, cause, help_request_id, title_en, title_hi, story_en, story_hi, is_erased,
             goal_paise, ends_on, photo_file_id, started_at, updated_at)
           VALUES ($1, $2, 'pending', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT (id) DO NOTHING`,
          [
            data.fundraiserId,
            data.organiserId,
            data.target.cause,
            data.target.kind === 'help-request' ? data.target.helpRequestId : null,
            text?.titleEn ?? null,
            text?.titleHi ?? null,
            text?.storyEn ?? null,
            text?.storyHi ?? null,
            text === null,
            data.goalPaise,
            data.endsOn,
            data.photoFileId,
            data.startedAt,
          ],
        );
        return;
      }
      case 'FundraiserApproved':
        await tx.query(`UPDATE ${tables.fundraisers} SET status = 'approved', was_approved = true, decided_at = $2, updated_at = $2 WHERE id = $1 AND status = 'pending'`, [
          event.data.fundraiserId,
          event.data.approvedAt,
        ]);
        return;
      case 'FundraiserRejected': {
        const reason = await reveal<string>(event.data.reason);
        await tx.query(`UPDATE ${tables.fundraisers} SET status = 'rejected', rejection_reason = $2, decided_at = $3, updated_at = $3 WHERE id = $1`, [
          event.data.fundraiserId,
          reason,
          event.data.rejectedAt,
        ]);
        return;
      }
      case 'FundraiserClosed':
        await tx.query(`UPDATE ${tables.fundraisers} SET status = 'closed', closed_by = $2, closed_at = $3, updated_at = $3 WHERE id = $1`, [
          event.data.fundraiserId,
          event.data.closedBy,
          event.data.closedAt,
        ]);
        return;
      case 'FundraiserMessageHidden':
        await tx.query(`UPDATE ${tables.fundraiser_gifts} SET is_hidden = true WHERE reference = $1 AND fundraiser_id = $2`, [event.data.reference, event.data.fundraiserId]);
        return;
      case 'DonationPledged': {
        const { data } = event;
        if (!data.fundraiserId) return;
        const donor = data.showName ? await reveal<{ name: string }>(data.donor) : null;
        const message = data.message ? await reveal<string>(data.message) : null;
        await tx.query(
          `INSERT INTO ${tables.fundraiser_gifts} (reference, fundraiser_id, amount_paise, status, supporter_name, message, pledged_at)
           VALUES ($1, $2, $3, 'pledged', $4, $5, $6) ON CONFLICT (reference) DO NOTHING`,
          [data.reference, data.fundraiserId, data.amountPaise, donor?.name ?? null, message || null, data.pledgedAt],
        );
        return;
      }
      case 'DonationVerified':
        // The amount verified is the gift's (a pledge's amount may be corrected at verification).
        await tx.query(`UPDATE ${tables.fundraiser_gifts} SET status = 'verified', amount_paise = $2, verified_at = $3 WHERE reference = $1`, [
          event.data.reference,
          event.data.amountPaise,
          event.data.verifiedAt,
        ]);
        return;
      case 'DonationCancelled':
        await tx.query(`UPDATE ${tables.fundraiser_gifts} SET status = 'cancelled' WHERE reference = $1`, [event.data.reference]);
        return;
      case 'PersonalDataErased':
        await fundraisersProjection.erase!(event.data.subjectId, context);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (subjectId.startsWith(DONATION_SUBJECT_PREFIX)) {
      await tx.query(`UPDATE ${tables.fundraiser_gifts} SET supporter_name = NULL, message = NULL WHERE reference = $1`, [subjectId.slice(DONATION_SUBJECT_PREFIX.length)]);
      return;
    }
    if (subjectId.startsWith(FUNDRAISER_STREAM_PREFIX)) {
      await tx.query(
        `UPDATE ${tables.fundraisers} SET title_en = NULL, title_hi = NULL, story_en = NULL, story_hi = NULL, rejection_reason = NULL, is_erased = true WHERE id = $1`,
        [subjectId.slice(FUNDRAISER_STREAM_PREFIX.length)],
      );
    }
  },
};
