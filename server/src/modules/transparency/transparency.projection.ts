import type { Queryable } from '#server/db/db';
import type { PersonalDataErased } from '#server/event-store/sealing/personal-data';
import type { Projection } from '#server/event-store/types';
import type { DonationCancelled, DonationPledged, DonationVerified } from '#server/modules/donations/donations.api';
import type { DisbursementPaid } from '#server/modules/help/help.api';
import type { KanyadanBenefitDisbursed } from '#server/modules/kanyadan/kanyadan.api';

const DONATION_SUBJECT_PREFIX = 'donation-';

/**
 * The public /transparency page's figures (PRODUCT.md §3): money received per month and cause
 * (verified donations; a cancellation takes its gift back out of the month it was counted in), money
 * disbursed per month and cause (Kanyadan benefits paid, and help requests' withdrawals paid), the
 * list of verified gifts with the names donors agreed to show, and the list of payments out with
 * nobody named (day, amount, cause, scheme).
 *
 * The name comes from the pledge, and only when the donor ticked "show my name": a donor who did not
 * agree is never revealed into this projection at all. An erasure removes the name; after one, the
 * pledge reveals nothing, so a replay ends with the same rows.
 *
 * Foreign contributions (FCRA 2010, decision 058) never enter the months, the causes or the gifts'
 * list: they have their own quarterly disclosure (site_transparency_foreign), which names the donor
 * as the FCRA rules ask (the donor is told so when pledging). An erasure removes the name and keeps
 * the row, marked as erased, so the quarter's figures still add up.
 */
export const transparencyProjection: Projection<
  'site_transparency_months' | 'site_transparency_gifts' | 'site_transparency_names' | 'site_transparency_payments' | 'site_transparency_foreign',
  DonationPledged | DonationVerified | DonationCancelled | KanyadanBenefitDisbursed | DisbursementPaid | PersonalDataErased
> = {
  name: 'site_transparency',
  tables: ['site_transparency_months', 'site_transparency_gifts', 'site_transparency_names', 'site_transparency_payments', 'site_transparency_foreign'],
  handles: ['DonationPledged', 'DonationVerified', 'DonationCancelled', 'KanyadanBenefitDisbursed', 'DisbursementPaid', 'PersonalDataErased'],
  async apply(event, { tx, tables, reveal }) {
    switch (event.type) {
      case 'DonationPledged': {
        if (event.data.citizenship === 'foreign' && event.data.country) {
          const donor = await reveal<{ name: string }>(event.data.donor);
          await tx.query(
            `INSERT INTO ${tables.site_transparency_foreign} (reference, donor_name, country, cause, amount_paise) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (reference) DO NOTHING`,
            [event.data.reference, donor?.name ?? null, event.data.country, event.data.cause, event.data.amountPaise],
          );
          return;
        }
        if (!event.data.showName) return;
        const donor = await reveal<{ name: string }>(event.data.donor);
        if (!donor) return;
        await tx.query(`INSERT INTO ${tables.site_transparency_names} (reference, name) VALUES ($1, $2) ON CONFLICT (reference) DO NOTHING`, [
          event.data.reference,
          donor.name,
        ]);
        return;
      }
      case 'DonationVerified': {
        const { reference, receivedOn, amountPaise, cause, verifiedAt } = event.data;
        if (event.data.isForeignContribution) {
          await tx.query(`UPDATE ${tables.site_transparency_foreign} SET received_on = $2, verified_at = $3, amount_paise = $4 WHERE reference = $1`, [reference, receivedOn, verifiedAt, amountPaise]);
          return;
        }
        const { rowCount } = await tx.query(
          `INSERT INTO ${tables.site_transparency_gifts} (reference, received_on, amount_paise, cause, verified_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (reference) DO NOTHING`,
          [reference, receivedOn, amountPaise, cause, verifiedAt],
        );
        if (rowCount > 0) await addToMonth(tx, tables.site_transparency_months, { month: receivedOn.slice(0, 7), cause, receivedPaise: amountPaise, gifts: 1 });
        return;
      }
      case 'DonationCancelled': {
        if (event.data.isForeignContribution) {
          await tx.query(`UPDATE ${tables.site_transparency_foreign} SET received_on = NULL, verified_at = NULL WHERE reference = $1`, [event.data.reference]);
          return;
        }
        const { rows } = await tx.query<{ received_on: string; amount_paise: string; cause: string }>(
          `DELETE FROM ${tables.site_transparency_gifts} WHERE reference = $1 RETURNING to_char(received_on, 'YYYY-MM-DD') AS received_on, amount_paise, cause`,
          [event.data.reference],
        );
        const gift = rows[0];
        if (gift) {
          await addToMonth(tx, tables.site_transparency_months, { month: gift.received_on.slice(0, 7), cause: gift.cause, receivedPaise: -Number(gift.amount_paise), gifts: -1 });
        }
        return;
      }
      case 'KanyadanBenefitDisbursed': {
        const payment = { key: `kanyadan-${event.data.regNo}`, paidOn: event.data.paidOn, amountPaise: event.data.amountPaise, cause: 'kanyadan', scheme: 'kanyadan' } as const;
        await addToMonth(tx, tables.site_transparency_months, { month: payment.paidOn.slice(0, 7), cause: payment.cause, disbursedPaise: payment.amountPaise, disbursements: 1 });
        await addPayment(tx, tables.site_transparency_payments, payment, event.globalPosition);
        return;
      }
      // A help request's withdrawal paid: what reached the beneficiary (the admin charge stays with the foundation), under the request's cause; nobody named.
      case 'DisbursementPaid': {
        const payment = { key: `help-${event.data.disbursementId}`, paidOn: event.data.paidOn, amountPaise: event.data.netPaise, cause: event.data.cause, scheme: 'help' } as const;
        await addToMonth(tx, tables.site_transparency_months, { month: payment.paidOn.slice(0, 7), cause: payment.cause, disbursedPaise: payment.amountPaise, disbursements: 1 });
        await addPayment(tx, tables.site_transparency_payments, payment, event.globalPosition);
        return;
      }
      case 'PersonalDataErased': {
        const { subjectId } = event.data;
        if (subjectId.startsWith(DONATION_SUBJECT_PREFIX)) {
          const reference = subjectId.slice(DONATION_SUBJECT_PREFIX.length);
          await tx.query(`DELETE FROM ${tables.site_transparency_names} WHERE reference = $1`, [reference]);
          await tx.query(`UPDATE ${tables.site_transparency_foreign} SET donor_name = NULL, is_name_erased = true WHERE reference = $1`, [reference]);
        }
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

interface MonthChange {
  month: string;
  cause: string;
  receivedPaise?: number;
  gifts?: number;
  disbursedPaise?: number;
  disbursements?: number;
}

async function addToMonth(tx: Queryable, table: string, change: MonthChange): Promise<void> {
  await tx.query(
    `INSERT INTO ${table} (month, cause, received_paise, gifts, disbursed_paise, disbursements) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (month, cause) DO UPDATE SET
       received_paise = ${table}.received_paise + EXCLUDED.received_paise, gifts = ${table}.gifts + EXCLUDED.gifts,
       disbursed_paise = ${table}.disbursed_paise + EXCLUDED.disbursed_paise, disbursements = ${table}.disbursements + EXCLUDED.disbursements`,
    [change.month, change.cause, change.receivedPaise ?? 0, change.gifts ?? 0, change.disbursedPaise ?? 0, change.disbursements ?? 0],
  );
}

interface Payment {
  /** Which payment it is, to be kept once; never shown. */
  key: string;
  paidOn: string;
  amountPaise: number;
  cause: string;
  scheme: 'help' | 'kanyadan';
}

/** One payment out on the public list; one already there (written by the migration that made the list) stays as it is. */
async function addPayment(tx: Queryable, table: string, payment: Payment, position: number): Promise<void> {
  await tx.query(
    `INSERT INTO ${table} (payment_key, paid_on, amount_paise, cause, scheme, position) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (payment_key) DO NOTHING`,
    [payment.key, payment.paidOn, payment.amountPaise, payment.cause, payment.scheme, position],
  );
}
