import { stringify } from 'csv-stringify/sync';
import { rupeesText } from '#server/lib/amount-in-words';
import { recordOnStream } from '#server/event-store/command-handler';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { formatReference } from '../donation-fields.schema.ts';
import { AppError } from '#server/errors/app-error';
import type { Queryable } from '#server/db/db';
import { exportsStreamId, type Cause, type DonationMode, type DonationStatus, type DonationType, type DonationsExported, type ExportKind, type OtherDonorIdKind } from '../donations.events.ts';
import { fc4Csv } from './form-fc4.ts';
import { form10BDCsv, form10BDRows, unfileableCsv, type DonorIdKind, type Form10BDDonation } from './form-10bd.ts';

/** A recorded ID's kind as Form 10BD names it (the same words; one map so that a new kind must be placed). */
const FORM_10BD_ID_KIND: Record<OtherDonorIdKind, DonorIdKind> = {
  aadhaar: 'aadhaar',
  'voter-id': 'voter-id',
  passport: 'passport',
  'driving-licence': 'driving-licence',
  'ration-card': 'ration-card',
  tin: 'tin',
};
import { maskPan } from '../receipts/receipt-pdf.ts';
import { financialYearRange } from '../receipts/receipt-serial.ts';

/**
 * The finance exports (issue 13): Form 10BD for a financial year, the gifts it cannot list yet for
 * want of a donor ID, and every donation of a date range. Each export is recorded as an event (who,
 * what, which year or range, how many rows, full PANs or not) before its file is handed over, so an
 * export that could not be recorded is not given.
 */

export interface CsvExport {
  fileName: string;
  csv: string;
}


async function recordExport(services: Services, admin: { userId: string }, data: Omit<DonationsExported['data'], 'exportedBy' | 'exportedAt'>, meta: RequestMeta): Promise<void> {
  const event: DonationsExported = { type: 'DonationsExported', data: { ...data, exportedBy: admin.userId, exportedAt: services.now().toISOString() } };
  await recordOnStream(services, exportsStreamId(admin.userId), [event], eventMetadata(meta));
}

interface Form10BDSourceRow {
  reference: string;
  received_on: string;
  amount_paise: string | number;
  mode: DonationMode;
  cause: Cause;
  donation_type: DonationType | null;
  donor_key: string | null;
  donor_name: string | null;
  donor_pan_name: string | null;
  donor_address: string | null;
  donor_pan: string | null;
  donor_id_kind: OtherDonorIdKind | null;
  donor_id_number: string | null;
}

/**
 * The year's verified, not cancelled domestic donations as Form 10BD reads them (a foreign
 * contribution is reported in Form FC-4 instead, never in 10BD: decision 058). The donor's ID is the PAN
 * given with the gift, else the ID finance recorded after asking the donor (Aadhaar first, as the
 * portal asks; decision 030).
 */
async function form10BDDonations(db: Queryable, financialYear: string): Promise<Form10BDDonation[]> {
  const { from, to } = financialYearRange(financialYear);
  const { rows } = await db.query<Form10BDSourceRow>(
    `SELECT reference, received_on::text AS received_on, amount_paise, mode, cause, donation_type, donor_key, donor_name, donor_pan_name, donor_address, donor_pan,
            donor_id_kind, donor_id_number
       FROM donations WHERE status = 'verified' AND NOT is_foreign AND received_on BETWEEN $1 AND $2`,
    [from, to],
  );
  return rows.map((row) => ({
    reference: row.reference,
    receivedOn: row.received_on,
    amountPaise: Number(row.amount_paise),
    mode: row.mode,
    cause: row.cause,
    donationType: row.donation_type ?? 'others',
    donorKey: row.donor_key,
    donorName: row.donor_name,
    donorPanName: row.donor_pan_name,
    donorAddress: row.donor_address,
    donorId: row.donor_pan
      ? { kind: 'pan', number: row.donor_pan }
      : row.donor_id_kind && row.donor_id_number
        ? { kind: FORM_10BD_ID_KIND[row.donor_id_kind], number: row.donor_id_number }
        : null,
  }));
}

export const NOTHING_TO_REVISE = 'No Form 10BD filing is recorded for this year, so there is no statement to revise.';

/** A financial year's filings in the order recorded (the first, then its revisions). */
export async function form10BDFilingsOf(db: Queryable, financialYear: string): Promise<{ filedOn: string; acknowledgementNumber: string; isRevision: boolean; recordedAt: string }[]> {
  const { rows } = await db.query<{ filed_on: string; acknowledgement_number: string; is_revision: boolean; recorded_at: Date }>(
    `SELECT filed_on::text AS filed_on, acknowledgement_number, is_revision, recorded_at FROM form_10bd_filings WHERE financial_year = $1 ORDER BY version`,
    [financialYear],
  );
  return rows.map((row) => ({ filedOn: row.filed_on, acknowledgementNumber: row.acknowledgement_number, isRevision: row.is_revision, recordedAt: new Date(row.recorded_at).toISOString() }));
}

/**
 * Form 10BD Part B for `financialYear` ('2026-27'), or the list of its gifts that cannot be filed
 * yet with the reasons. `isRevision`: the revised statement of a year already filed, carrying the
 * latest filing's acknowledgement number as its pre-acknowledgement number (refused for a year
 * with no filing). The section code and the URN's date come from settings, whatever the receipts'
 * section label says.
 */
export async function exportForm10BD(
  services: Services,
  input: { financialYear: string; kind: Extract<ExportKind, 'form-10bd' | 'form-10bd-missing-id'>; isRevision?: boolean },
  admin: { userId: string },
  meta: RequestMeta,
): Promise<CsvExport> {
  const { settings } = await getSettings(services.db);
  const latestFiling = input.isRevision ? (await form10BDFilingsOf(services.db, input.financialYear)).at(-1) : undefined;
  if (input.isRevision && !latestFiling) throw new AppError('CONFLICT', { userMessage: NOTHING_TO_REVISE });
  const { rows, unfileable } = form10BDRows(await form10BDDonations(services.db, input.financialYear), {
    financialYear: input.financialYear,
    sectionCode: settings.section10bdCode,
  });
  const isUnfileable = input.kind === 'form-10bd-missing-id';
  await recordExport(services, admin, { kind: input.kind, financialYear: input.financialYear, from: null, to: null, isFullPan: !isUnfileable, rows: isUnfileable ? unfileable.length : rows.length }, meta);
  if (isUnfileable) return { fileName: `form-10bd-cannot-file-${input.financialYear}.csv`, csv: unfileableCsv(unfileable) };
  const csv = form10BDCsv(rows, { urn: settings.taxExemptionNo, urnIssuedOn: settings.approvalIssuedOn, preAcknowledgementNumber: latestFiling?.acknowledgementNumber ?? '' });
  return { fileName: `form-10bd-${input.financialYear}${latestFiling ? '-revised' : ''}.csv`, csv };
}

/**
 * What the finance screen shows of a year: its filings; the gifts recorded, verified, cancelled or
 * changed (their donor's ID or PAN name) on or after the day of the latest filing, which a revised
 * statement must take in; the gifts that cannot be filed, with the reason; and how many rows the
 * statement has. Reads only; nothing is exported.
 */
export async function form10BDYear(services: Pick<Services, 'db'>, financialYear: string) {
  const filings = await form10BDFilingsOf(services.db, financialYear);
  const { settings } = await getSettings(services.db);
  const { rows, unfileable } = form10BDRows(await form10BDDonations(services.db, financialYear), { financialYear, sectionCode: settings.section10bdCode });
  const latest = filings.at(-1);
  const changed = latest ? await changedSinceFiling(services.db, financialYear, latest.filedOn) : [];
  return {
    financialYear,
    filings,
    rows: rows.length,
    totalPaise: rows.reduce((sum, row) => sum + row.amountPaise, 0),
    unfileable: unfileable.map((row) => ({ ...row, reference: formatReference(row.reference) })),
    changedSinceFiling: changed,
  };
}

/** India's midnight starting a day, so "on or after the day filed" compares instants. */
const INDIA_DAY_START = `($2::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;

async function changedSinceFiling(db: Queryable, financialYear: string, filedOn: string) {
  const { rows } = await db.query<{ reference: string; status: DonationStatus; received_on: string; amount_paise: string | number; changed_at: Date }>(
    `SELECT reference, status, received_on::text AS received_on, amount_paise, form_10bd_changed_at AS changed_at
       FROM donations WHERE financial_year = $1 AND NOT is_foreign AND form_10bd_changed_at >= ${INDIA_DAY_START}
      ORDER BY form_10bd_changed_at, reference LIMIT 500`,
    [financialYear, filedOn],
  );
  return rows.map((row) => ({
    reference: formatReference(row.reference),
    status: row.status,
    receivedOn: row.received_on,
    amountPaise: Number(row.amount_paise),
    changedAt: new Date(row.changed_at).toISOString(),
  }));
}

/**
 * For the finance dashboard: each filed year with gifts changed on or after its latest filing's day,
 * and how many. No personal data.
 */
export async function form10BDRevisionsDue(db: Queryable): Promise<{ financialYear: string; changed: number }[]> {
  const { rows } = await db.query<{ financial_year: string; changed: number }>(
    `SELECT d.financial_year, count(*)::int AS changed
       FROM donations d
       JOIN (SELECT DISTINCT ON (financial_year) financial_year, filed_on FROM form_10bd_filings ORDER BY financial_year, version DESC) f
         ON f.financial_year = d.financial_year
      WHERE NOT d.is_foreign AND d.form_10bd_changed_at >= (f.filed_on::timestamp AT TIME ZONE 'Asia/Kolkata')
      GROUP BY d.financial_year ORDER BY d.financial_year`,
  );
  return rows.map((row) => ({ financialYear: row.financial_year, changed: row.changed }));
}

/**
 * Form FC-4's contributions for `financialYear`: the year's verified, not cancelled foreign
 * contributions, donor by donor (finance only; recorded with the admin like every export).
 */
export async function exportFc4(services: Services, input: { financialYear: string }, admin: { userId: string }, meta: RequestMeta): Promise<CsvExport> {
  const { from, to } = financialYearRange(input.financialYear);
  const { rows } = await services.db.query<{
    reference: string;
    receipt_serial: string;
    received_on: string;
    amount_paise: string | number;
    cause: Cause;
    country: string;
    donor_name: string | null;
    donor_address: string | null;
  }>(
    `SELECT reference, receipt_serial, received_on::text AS received_on, amount_paise, cause, country, donor_name, donor_address
       FROM donations WHERE status = 'verified' AND is_foreign AND received_on BETWEEN $1 AND $2`,
    [from, to],
  );
  await recordExport(services, admin, { kind: 'fc-4', financialYear: input.financialYear, from: null, to: null, isFullPan: false, rows: rows.length }, meta);
  const csv = fc4Csv(
    rows.map((row) => ({
      reference: row.reference,
      receiptSerial: row.receipt_serial,
      receivedOn: row.received_on,
      amountPaise: Number(row.amount_paise),
      cause: row.cause,
      country: row.country,
      donorName: row.donor_name,
      donorAddress: row.donor_address,
    })),
  );
  return { fileName: `form-fc4-${input.financialYear}.csv`, csv };
}

interface DonationExportRow {
  reference: string;
  status: DonationStatus;
  day: string;
  pledged_at: Date;
  received_on: string | null;
  verified_at: Date | null;
  amount_paise: string | number;
  mode: DonationMode | null;
  utr: string | null;
  instrument_number: string | null;
  cause: Cause;
  receipt_serial: string | null;
  donor_name: string | null;
  donor_email: string | null;
  donor_phone: string | null;
  donor_pan: string | null;
  donor_address: string | null;
  show_name: boolean;
  referrer_id: string | null;
  member_id: string | null;
  channel: 'online' | 'offline';
  reason: string | null;
}

export const DONATIONS_EXPORT_COLUMNS = [
  'Reference',
  'Status',
  'Date',
  'Pledged at',
  'Received on',
  'Verified at',
  'Amount (₹)',
  'Mode',
  'UTR',
  'Cheque/DD number',
  'Cause',
  'Receipt serial',
  'Donor',
  'E-mail',
  'Phone',
  'PAN',
  'Address',
  'Name shown publicly',
  'Referrer ID',
  'Member ID',
  'Channel',
  'Reason (rejected or cancelled)',
] as const;

/**
 * Every donation whose date falls in the range: the day the money arrived once verified (or
 * cancelled), else the day of the pledge in India. PANs are masked unless `fullPan`, and the export's
 * event records which it was. UTF-8 with a BOM and CRLF for Excel; formula-looking cells neutralised.
 */
export async function exportDonations(services: Services, input: { from: string; to: string; fullPan: boolean }, admin: { userId: string }, meta: RequestMeta): Promise<CsvExport> {
  const { rows } = await services.db.query<DonationExportRow>(
    `SELECT * FROM (
       SELECT reference, status, COALESCE(received_on, (pledged_at AT TIME ZONE 'Asia/Kolkata')::date)::text AS day, pledged_at, received_on::text AS received_on,
              verified_at, amount_paise, mode, utr, instrument_number, cause, receipt_serial, donor_name, donor_email, donor_phone, donor_pan,
              donor_address, show_name, referrer_id, member_id, channel, reason
         FROM donations) AS dated
      WHERE day BETWEEN $1 AND $2
      ORDER BY day, pledged_at, reference`,
    [input.from, input.to],
  );
  await recordExport(services, admin, { kind: 'donations', financialYear: null, from: input.from, to: input.to, isFullPan: input.fullPan, rows: rows.length }, meta);
  const pan = (value: string | null) => (value === null ? '' : input.fullPan ? value : maskPan(value));
  const csv = stringify(
    [
      DONATIONS_EXPORT_COLUMNS,
      ...rows.map((row) => [
        formatReference(row.reference),
        row.status,
        row.day,
        row.pledged_at.toISOString(),
        row.received_on ?? '',
        row.verified_at?.toISOString() ?? '',
        rupeesText(Number(row.amount_paise)),
        row.mode ?? '',
        row.utr ?? '',
        row.instrument_number ?? '',
        row.cause,
        row.receipt_serial ?? '',
        row.donor_name ?? '',
        row.donor_email ?? '',
        row.donor_phone ?? '',
        pan(row.donor_pan),
        row.donor_address ?? '',
        row.show_name ? 'yes' : 'no',
        row.referrer_id ?? '',
        row.member_id ?? '',
        row.channel,
        row.reason ?? '',
      ]),
    ],
    { bom: true, escape_formulas: true, record_delimiter: 'windows' },
  );
  return { fileName: `donations-${input.from}-to-${input.to}${input.fullPan ? '-full-pan' : ''}.csv`, csv };
}
