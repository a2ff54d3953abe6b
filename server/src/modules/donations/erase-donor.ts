import type { Queryable } from '#server/db/db';
import type { ErasureFound, ErasureKept, ErasurePart, ErasureTarget } from '#server/modules/module';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { contactKeyOf } from './donor-keys.ts';
import { DONATION_STREAM_PREFIX, receiptRetentionSubjectId, type DonationReceiptRetained, type RetainedReceipt } from './donations.events.ts';
import { financialYearRange } from './receipts/receipt-serial.ts';
import { findCertificatesToErase } from './form-10be/erase-certificates.ts';
import { findMonthlyPlansToErase } from './monthly/erase-monthly-plans.ts';
import { findEvents, hasLiveKeySql, streamVersionSql, streamVersions } from '#server/event-store/queries';

/** Why a verified donation's receipt data outlives its donor's erasure. */
export const RECEIPT_RETENTION_WHY = 'Income-tax law: a receipt issued for a donation is kept for the retention period';

/** The day a kept receipt is shredded: `years` after the end (31 March) of its financial year. */
export function keptUntilOf(financialYear: string, years: number): string {
  const end = financialYearRange(financialYear).to;
  return `${Number(end.slice(0, 4)) + years}${end.slice(4)}`;
}

/**
 * The donations module's part of erasing a person (issue 29): every donation given from their
 * account or with one of their contacts (found by the contact's blind index, so a donor who never
 * had an account is found too) whose data key still exists. Each gets a PersonalDataErased on its
 * own stream (the donations read model scrubs the donor, so status and receipt are no longer served
 * by contact); its key is destroyed and its files (screenshot, receipts) removed.
 */
export const donationsErasurePart: ErasurePart = {
  async find(services: Services, tx: Queryable, target: ErasureTarget): Promise<ErasureFound> {
    const blindIndex = (purpose: string, value: string) => services.vault.blindIndex(purpose, value);
    const contactKeys = target.contacts.map((contact) => contactKeyOf(blindIndex, contact));
    const { rows } = await tx.query<{
      stream_id: string;
      version: number;
      reference: string;
      status: string;
      receipt_serial: string | null;
      financial_year: string | null;
      donor_name: string | null;
      donor_pan: string | null;
      donor_id_number: string | null;
      donor_address: string | null;
      amount_paise: string;
      received_on: string | null;
    }>(
      `SELECT s.stream_id, ${streamVersionSql('s.stream_id')} AS version, d.reference, d.status, d.receipt_serial, d.financial_year, d.donor_name, d.donor_pan, d.donor_id_number, d.donor_address,
              d.amount_paise, to_char(d.received_on, 'YYYY-MM-DD') AS received_on
         FROM donations d
         CROSS JOIN LATERAL (SELECT $3 || d.reference AS stream_id) s
        WHERE (d.member_id = $1 OR d.contact_keys && $2::text[])
          AND ${hasLiveKeySql('s.stream_id')} AND ${streamVersionSql('s.stream_id')} IS NOT NULL
        ORDER BY d.reference`,
      [target.userId, contactKeys, DONATION_STREAM_PREFIX],
    );
    // The contact's statement codes whose contact is still sealed (the daily prune shreds them a day
    // after they expire): erased now, their rows deleted, so no code of theirs is left to find.
    const codeStreams = (await findEvents(tx, { types: ['StatementCodeRequested'], dataIn: { field: 'contactKey', values: contactKeys }, hasLiveKey: true })).map((event) => event.streamId);
    const codeVersions = await streamVersions(tx, codeStreams);
    const codes = codeStreams.flatMap((streamId) => (codeVersions[streamId] == null ? [] : [{ stream_id: streamId, version: codeVersions[streamId] }]));
    // Their Form 10BE certificates: matched to these donations, or naming an ID these donations carry.
    const certificates = await findCertificatesToErase(services, tx, {
      references: rows.map((row) => row.reference),
      idNumbers: rows.flatMap((row) => [row.donor_pan, row.donor_id_number].filter((id): id is string => Boolean(id))),
    });
    // Their monthly plans (decision 079), found by the same contacts.
    const plans = await findMonthlyPlansToErase(services, tx, contactKeys);
    const streams = { ...Object.fromEntries([...rows, ...codes].map((row) => [row.stream_id, row.version])), ...certificates.streams, ...plans.streams };
    // The law's exception: a verified donation's receipt data, sealed under a key of its own until the period ends.
    const before: Record<string, DonationReceiptRetained[]> = {};
    const kept: ErasureKept[] = [];
    const verified = rows.filter((row) => row.status === 'verified' && row.receipt_serial && row.financial_year && row.donor_name);
    if (verified.length > 0) {
      const { settings } = await getSettings(tx);
      for (const row of verified) {
        const keptUntil = keptUntilOf(row.financial_year!, settings.taxRecordRetentionYears);
        const record: RetainedReceipt = {
          name: row.donor_name!,
          pan: row.donor_pan,
          address: row.donor_address,
          amountPaise: Number(row.amount_paise),
          serial: row.receipt_serial!,
          financialYear: row.financial_year!,
          receivedOn: row.received_on,
        };
        const sealed = await services.vault.seal(tx, receiptRetentionSubjectId(row.reference), record);
        before[row.stream_id] = [
          {
            type: 'DonationReceiptRetained',
            data: { reference: row.reference, serial: row.receipt_serial!, financialYear: row.financial_year!, keptUntil, record: sealed, retainedAt: services.now().toISOString() },
          },
        ];
        kept.push({ kind: 'donation-receipt', reference: `${row.reference} (${row.receipt_serial})`, why: RECEIPT_RETENTION_WHY, keptUntil });
      }
    }
    return {
      streams,
      before,
      counts: { donations: rows.length, ...(codes.length > 0 ? { statementCodes: codes.length } : {}), ...(certificates.count > 0 ? { form10beCertificates: certificates.count } : {}), ...(plans.count > 0 ? { monthlyPlans: plans.count } : {}) },
      kept,
      async shred(shredTx) {
        for (const { stream_id: subjectId } of rows) {
          await services.vault.destroyKey(shredTx, subjectId);
          await services.files.removeAllOf(subjectId, shredTx);
        }
        for (const { stream_id: subjectId } of codes) await services.vault.destroyKey(shredTx, subjectId);
        await certificates.shred(shredTx);
        await plans.shred(shredTx);
        await shredTx.query(`DELETE FROM statement_code_tries WHERE code_id IN (SELECT code_id FROM statement_codes WHERE contact_key = ANY($1::text[]))`, [contactKeys]);
        await shredTx.query(`DELETE FROM statement_codes WHERE contact_key = ANY($1::text[])`, [contactKeys]);
      },
    };
  },
};
