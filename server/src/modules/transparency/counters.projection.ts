import type { Queryable } from '#server/db/db';
import type { Projection } from '#server/event-store/types';
import type { DonationCancelled, DonationVerified } from '#server/modules/donations/donations.api';
import type { DisbursementPaid, HelpRequestClosed, HelpRequestPublished } from '#server/modules/help/help.api';
import type { KanyadanApplicationVerified, KanyadanBenefitDisbursed } from '#server/modules/kanyadan/kanyadan.api';
import type { TCounters } from './counters.schema.ts';

/**
 * The verified figures behind the public counters. Each feature adds its event types to `handles`
 * and a case to `apply`, and nothing else changes — getCounters already adds these to the baselines.
 *
 * Donations: a verified gift adds to Funds Raised, and its donor (a blind index of their e-mail or
 * phone) to Happy Donors the first time; a cancellation takes both back. site_counter_donors keeps
 * how many counted gifts each donor has, so a donor leaves the count only with their last one.
 *
 * Kanyadan: a verified application adds a registered girl, and its district (as counted: lower case,
 * single spaces) to the districts the first time; a benefit paid adds to the Kanyadan funds. An
 * erasure changes none of them: the girl was registered, and the counts name nobody.
 *
 * Help: a published request is an ongoing campaign until it closes; a request whose beneficiary
 * was first paid a withdrawal adds one person helped (site_counter_helped keeps which, so a second
 * payment to the same person counts no one new).
 */
export const countersProjection: Projection<
  'site_counters' | 'site_counter_donors' | 'site_counter_kanyadan_districts' | 'site_counter_helped',
  | DonationVerified
  | DonationCancelled
  | KanyadanApplicationVerified
  | KanyadanBenefitDisbursed
  | HelpRequestPublished
  | HelpRequestClosed
  | DisbursementPaid
> = {
  name: 'site_counters',
  tables: ['site_counters', 'site_counter_donors', 'site_counter_kanyadan_districts', 'site_counter_helped'],
  handles: [
    'DonationVerified',
    'DonationCancelled',
    'KanyadanApplicationVerified',
    'KanyadanBenefitDisbursed',
    'HelpRequestPublished',
    'HelpRequestClosed',
    'DisbursementPaid',
  ],
  async apply(event, { tx, tables }) {
    const add = (counter: keyof TCounters, amount: number) => addToCounter(tx, tables.site_counters, counter, amount);
    switch (event.type) {
      case 'DonationVerified': {
        // Domestic money only: a foreign contribution has its own totals (decision 058).
        if (event.data.isForeignContribution) return;
        // One statement for what was three (a payment's share of the projection, issue 33): the
        // donor's gifts counted, the amount added, and the donor to Happy Donors on their first gift.
        await tx.query(
          `WITH donor AS (
             INSERT INTO ${tables.site_counter_donors} (donor_key, gifts) VALUES ($1, 1)
             ON CONFLICT (donor_key) DO UPDATE SET gifts = ${tables.site_counter_donors}.gifts + 1 RETURNING gifts
           )
           INSERT INTO ${tables.site_counters} (counter, value)
           SELECT 'fundsRaisedPaise', $2::bigint
           UNION ALL SELECT 'happyDonors', 1 FROM donor WHERE gifts = 1
           ON CONFLICT (counter) DO UPDATE SET value = ${tables.site_counters}.value + EXCLUDED.value`,
          [event.data.donorKey, event.data.amountPaise],
        );
        return;
      }
      case 'DonationCancelled': {
        if (event.data.isForeignContribution) return;
        await add('fundsRaisedPaise', -event.data.amountPaise);
        const { rowCount } = await tx.query(`DELETE FROM ${tables.site_counter_donors} WHERE donor_key = $1 AND gifts = 1`, [event.data.donorKey]);
        if (rowCount > 0) await add('happyDonors', -1);
        else await tx.query(`UPDATE ${tables.site_counter_donors} SET gifts = gifts - 1 WHERE donor_key = $1 AND gifts > 1`, [event.data.donorKey]);
        return;
      }
      case 'KanyadanApplicationVerified': {
        await add('kanyadanGirls', 1);
        const districtKey = event.data.district.replace(/\s+/g, ' ').trim().toLowerCase();
        const { rows } = await tx.query<{ girls: number }>(
          `INSERT INTO ${tables.site_counter_kanyadan_districts} (district_key, girls) VALUES ($1, 1)
           ON CONFLICT (district_key) DO UPDATE SET girls = ${tables.site_counter_kanyadan_districts}.girls + 1 RETURNING girls`,
          [`${event.data.state}:${districtKey}`],
        );
        if (rows[0]?.girls === 1) await add('kanyadanDistricts', 1);
        return;
      }
      case 'KanyadanBenefitDisbursed':
        await add('kanyadanFundsPaise', event.data.amountPaise);
        return;
      case 'HelpRequestPublished':
        await add('ongoingCampaigns', 1);
        return;
      case 'HelpRequestClosed':
        // Only a published request closes (the decider): each close ends one campaign.
        await add('ongoingCampaigns', -1);
        return;
      case 'DisbursementPaid': {
        // Help the foundation paid to a checked person. A direct gift is not counted: only its two
        // parties vouch for it, and a public figure should rest on the foundation's own payment.
        const { rowCount } = await tx.query(`INSERT INTO ${tables.site_counter_helped} (request_id) VALUES ($1) ON CONFLICT (request_id) DO NOTHING`, [event.data.requestId]);
        if (rowCount > 0) await add('peopleHelped', 1);
        return;
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

async function addToCounter(tx: Queryable, table: string, counter: keyof TCounters, amount: number): Promise<void> {
  await tx.query(`INSERT INTO ${table} (counter, value) VALUES ($1, $2) ON CONFLICT (counter) DO UPDATE SET value = ${table}.value + EXCLUDED.value`, [counter, amount]);
}
