import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import type { RequestMeta } from '#server/lib/request-meta';
import { getSettings } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import { formatReference, LOOKUP_CONTACT_INVALID } from './donation-fields.schema.ts';
import type { Recorded } from '#server/event-store/types';
import { DONATION_NOT_FOUND, evolveDonation, noDonation, NO_MATCHING_DONATION, type DonationState } from './donation.decider.ts';
import { contactKeyOf } from './donor-keys.ts';
import { donationStreamId, type Cause, type DonationStreamEvent, type DonationMode, type DonationStatus, type OtherDonorIdKind, type UtrKind } from './donations.events.ts';
import type { TDonationDetail } from './verification/get-donation.schema.ts';
import type { TDonationStatus } from './giving/get-donation-status.schema.ts';
import { DONATIONS_PAGE_SIZE, type TAdminDonation, type TDonationFilters, type TGetManyDonationsResponse } from './verification/get-many-donations.schema.ts';
import type { TGetMyDonationsResponse } from './giving/get-my-donations.schema.ts';
import { paymentDetailsOf, paymentSettingsOf } from './giving/payment-details.ts';
import { isGenuineReceiptSignature } from './receipts/receipt-signature.ts';
import { RECEIPT_FILE_KIND } from './receipts/render-donation-receipt.job.ts';
import { PROOF_IMAGE_KIND, consumeLookup } from './giving/submit-proof.ts';
import type { TVerifyReceiptResponse } from './receipts/verify-receipt.schema.ts';

export const RECEIPT_NOT_ISSUED = 'This donation has no receipt: one is issued when the donation is verified.';
export const RECEIPT_NOT_READY = 'The receipt is being prepared. Please try again in a minute.';
export const SCREENSHOT_NOT_FOUND = 'This donation has no screenshot to show.';

interface DonationRow {
  reference: string;
  status: DonationStatus;
  amount_paise: string | number;
  cause: Cause;
  donor_name: string | null;
  donor_email: string | null;
  donor_phone: string | null;
  donor_pan: string | null;
  donor_id_kind: OtherDonorIdKind | null;
  donor_id_number: string | null;
  donor_address: string | null;
  donor_pan_name: string | null;
  donation_type: TDonationDetail['donationType'];
  has_pan: boolean;
  show_name: boolean;
  referrer_id: string | null;
  help_request_id: string | null;
  member_id: string | null;
  channel: 'online' | 'offline';
  utr: string | null;
  utr_kind: UtrKind | null;
  screenshot_status: 'processing' | 'ready' | 'rejected' | null;
  screenshot_file_id: string | null;
  received_on: string | null;
  mode: DonationMode | null;
  instrument_number: string | null;
  receipt_serial: string | null;
  receipt_issued_on: string | null;
  receipt_file_id: string | null;
  cancelled_receipt_file_id: string | null;
  reason: string | null;
  pledged_at: Date;
  proof_at: Date | null;
  verified_at: Date | null;
  citizenship: 'indian' | 'foreign' | null;
  country: string | null;
  is_foreign: boolean;
}

/** Dates come back as text, whatever the driver's parser for `date` does. */
const COLUMNS = `reference, status, amount_paise, cause, donor_name, donor_email, donor_phone, donor_pan, donor_id_kind, donor_id_number, donor_address, donor_pan_name, donation_type, has_pan, show_name,
  referrer_id, help_request_id, member_id, channel, utr, utr_kind, screenshot_status, screenshot_file_id, received_on::text AS received_on, mode, instrument_number,
  receipt_serial, receipt_issued_on::text AS receipt_issued_on, receipt_file_id, cancelled_receipt_file_id, reason, pledged_at, proof_at, verified_at,
  citizenship, country, is_foreign`;

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

async function findRow(db: Queryable, reference: string): Promise<DonationRow | null> {
  const { rows } = await db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE reference = $1`, [reference]);
  return rows[0] ?? null;
}

/** The stored PDF a receipt link serves now: the one marked CANCELLED once cancelled, else as issued. */
function currentReceiptFileId(row: DonationRow): string | null {
  if (row.status === 'cancelled') return row.cancelled_receipt_file_id;
  if (row.status === 'verified') return row.receipt_file_id;
  return null;
}

/**
 * `donations.getStatus` / GET /api/donations/:reference/status: the donation behind a reference and
 * the e-mail or phone given with it. Every wrong pair gets the same 404, and each look-up counts
 * against the address's rate limit, so contacts cannot be guessed at speed.
 */
export async function getDonationStatus(services: Services, input: { reference: string; contact: string }, meta: RequestMeta): Promise<TDonationStatus> {
  await consumeLookup(services, meta);
  const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), input.contact);
  const { rows } = await services.db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE reference = $1 AND $2 = ANY(contact_keys)`, [
    input.reference,
    contactKey,
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
  const status: TDonationStatus = {
    reference: formatReference(row.reference),
    status: row.status,
    amountPaise: Number(row.amount_paise),
    cause: row.cause,
    pledgedAt: new Date(row.pledged_at).toISOString(),
    hasProof: row.utr !== null,
  };
  if (row.receipt_serial) {
    status.receiptSerial = row.receipt_serial;
    status.isReceiptReady = currentReceiptFileId(row) !== null;
  }
  if ((row.status === 'rejected' || row.status === 'cancelled') && row.reason) status.reason = row.reason;
  if (row.status === 'awaiting_payment' || row.status === 'abandoned') {
    // A foreign pledge is paid into the FCRA account only, here as on the pledge's answer (decision 058).
    status.pay = paymentDetailsOf(paymentSettingsOf((await getSettings(services.db)).settings), row.reference, Number(row.amount_paise), row.is_foreign);
    // An online attempt that failed (payment.failed, decision 069): the page offers to pay again or by UPI or bank.
    const events = await services.eventStore.readStream(donationStreamId(row.reference));
    if (events.some((event) => event.type === 'OnlinePaymentFailed')) status.onlinePaymentFailed = true;
    // Its order at the gateway, when it has one, to pay online again from here (decision 081); none for a foreign gift.
    const order = events.find((event) => event.type === 'DonationOrderCreated');
    if (order && services.config.razorpay && !row.is_foreign && row.utr === null) {
      status.pay.razorpay = { orderId: (order.data as { orderId: string }).orderId, keyId: services.config.razorpay.keyId };
    } else if (!order && services.config.razorpay && !row.is_foreign && row.utr === null) status.canPayOnline = true;
  }
  return status;
}

/** Who asks for a receipt PDF: the donor with their contact, the signed-in member who gave, or finance. */
export interface ReceiptRequester {
  contact?: string;
  viewer: { userId: string; isFinance: boolean } | null;
}

/**
 * The current receipt PDF of a donation, for whoever may have it (the check is part of the query,
 * so a missed check still finds nothing): the donor by reference and contact (rate-limited, one
 * answer for every wrong pair), the member who gave it while signed in, or a finance admin.
 */
export async function getReceiptPdf(services: Services, reference: string, requester: ReceiptRequester, meta: RequestMeta): Promise<{ bytes: Buffer; serial: string; isCancelled: boolean }> {
  let row: DonationRow | undefined;
  if (requester.contact !== undefined) {
    await consumeLookup(services, meta);
    const contactKey = contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), requester.contact);
    row = (await services.db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE reference = $1 AND $2 = ANY(contact_keys)`, [reference, contactKey])).rows[0];
  } else if (requester.viewer) {
    row = (
      await services.db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE reference = $1 AND (member_id = $2 OR $3::boolean)`, [
        reference,
        requester.viewer.userId,
        requester.viewer.isFinance,
      ])
    ).rows[0];
  } else {
    throw new AppError('BAD_REQUEST', { userMessage: LOOKUP_CONTACT_INVALID, fieldErrors: { contact: [LOOKUP_CONTACT_INVALID] } });
  }
  if (!row) throw new AppError('NOT_FOUND', { userMessage: NO_MATCHING_DONATION });
  if (!row.receipt_serial) throw new AppError('NOT_FOUND', { userMessage: RECEIPT_NOT_ISSUED });
  const fileId = currentReceiptFileId(row);
  const file = fileId ? await services.files.get(fileId, { subjectId: donationStreamId(row.reference), kind: RECEIPT_FILE_KIND }) : null;
  if (!file) throw new AppError('NOT_FOUND', { userMessage: RECEIPT_NOT_READY });
  return { bytes: file.bytes, serial: row.receipt_serial, isCancelled: row.status === 'cancelled' };
}

/** The processed proof screenshot of a donation (the route checks the finance permission). */
export async function getProofScreenshot(services: Pick<Services, 'db' | 'files'>, reference: string): Promise<{ bytes: Buffer; mediaType: string }> {
  const row = await findRow(services.db, reference);
  if (!row) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  const file = row.screenshot_file_id ? await services.files.get(row.screenshot_file_id, { subjectId: donationStreamId(reference), kind: PROOF_IMAGE_KIND }) : null;
  if (!file) throw new AppError('NOT_FOUND', { userMessage: SCREENSHOT_NOT_FOUND });
  return { bytes: file.bytes, mediaType: file.mediaType };
}

/**
 * `donations.verifyReceipt`: the public check behind a receipt's QR code. A signature that does not
 * match, or a serial no donation holds, is "not genuine" and nothing more; a genuine receipt
 * answers with its amount, date and whether it was cancelled since — never the donor.
 */
export async function verifyReceipt(services: Pick<Services, 'db' | 'vault'>, input: { serial: string; signature: string }): Promise<TVerifyReceiptResponse> {
  if (!isGenuineReceiptSignature(services.vault, input.serial, input.signature)) return { isGenuine: false };
  const { rows } = await services.db.query<{ amount_paise: string | number; receipt_issued_on: string; status: DonationStatus }>(
    `SELECT amount_paise, receipt_issued_on::text AS receipt_issued_on, status FROM donations WHERE receipt_serial = $1`,
    [input.serial],
  );
  const row = rows[0];
  if (!row) return { isGenuine: false };
  return { isGenuine: true, serial: input.serial, amountPaise: Number(row.amount_paise), issuedOn: row.receipt_issued_on, isCancelled: row.status === 'cancelled' };
}

/** `donations.getMine`: the signed-in member's own donations (member_id in the query). */
export async function listMyDonations(db: Queryable, userId: string): Promise<TGetMyDonationsResponse> {
  const { rows } = await db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE member_id = $1 ORDER BY pledged_at DESC LIMIT 500`, [userId]);
  const donations = rows.map((row) => ({
    reference: formatReference(row.reference),
    amountPaise: Number(row.amount_paise),
    cause: row.cause,
    status: row.status,
    pledgedAt: new Date(row.pledged_at).toISOString(),
    verifiedAt: iso(row.verified_at),
    receiptSerial: row.receipt_serial,
    receiptUrl: currentReceiptFileId(row) ? `/api/donations/${row.reference}/receipt.pdf` : null,
  }));
  const verifiedTotalPaise = rows.filter((row) => row.status === 'verified').reduce((sum, row) => sum + Number(row.amount_paise), 0);
  return { donations, verifiedTotalPaise };
}

function toAdminDto(row: DonationRow): TAdminDonation {
  return {
    reference: formatReference(row.reference),
    status: row.status,
    amountPaise: Number(row.amount_paise),
    cause: row.cause,
    channel: row.channel,
    donorName: row.donor_name,
    email: row.donor_email,
    phone: row.donor_phone,
    hasPan: row.has_pan,
    utr: row.utr,
    utrKind: row.utr_kind,
    screenshotStatus: row.screenshot_status,
    pledgedAt: new Date(row.pledged_at).toISOString(),
    proofAt: iso(row.proof_at),
    verifiedAt: iso(row.verified_at),
    receiptSerial: row.receipt_serial,
  };
}

/** India's midnight starting a date (YYYY-MM-DD), as an instant. */
function indiaMidnight(date: string): Date {
  return new Date(`${date}T00:00:00.000+05:30`);
}

/** `donations.admin.getMany`: the finance queue, newest first, a page of 50. */
export async function listDonations(db: Queryable, filters: TDonationFilters): Promise<TGetManyDonationsResponse> {
  const page = filters.page;
  const toExclusive = filters.to ? new Date(indiaMidnight(filters.to).getTime() + 24 * 3600 * 1000) : null;
  const params = [
    filters.status ?? null,
    filters.cause ?? null,
    filters.from ? indiaMidnight(filters.from) : null,
    toExclusive,
    filters.minAmountPaise ?? null,
    filters.maxAmountPaise ?? null,
    filters.hasPan ?? null,
  ];
  const where = `($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR cause = $2)
    AND ($3::timestamptz IS NULL OR pledged_at >= $3) AND ($4::timestamptz IS NULL OR pledged_at < $4)
    AND ($5::bigint IS NULL OR amount_paise >= $5) AND ($6::bigint IS NULL OR amount_paise <= $6)
    AND ($7::boolean IS NULL OR has_pan = $7)`;
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.query<DonationRow>(`SELECT ${COLUMNS} FROM donations WHERE ${where} ORDER BY pledged_at DESC, reference LIMIT $8 OFFSET $9`, [
      ...params,
      DONATIONS_PAGE_SIZE,
      (page - 1) * DONATIONS_PAGE_SIZE,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM donations WHERE ${where}`, params),
  ]);
  return { donations: rows.map(toAdminDto), total: counted[0]?.total ?? 0, page, pageSize: DONATIONS_PAGE_SIZE };
}

/** `donations.admin.get`: one donation in full, with what happened to it. */
export async function getDonationDetail(services: Pick<Services, 'db' | 'eventStore'>, reference: string): Promise<TDonationDetail> {
  const row = await findRow(services.db, reference);
  if (!row) throw new AppError('NOT_FOUND', { userMessage: DONATION_NOT_FOUND });
  const events = await services.eventStore.readStream(donationStreamId(reference));
  return {
    ...toAdminDto(row),
    pan: row.donor_pan,
    donorId: row.donor_id_kind && row.donor_id_number ? { kind: row.donor_id_kind, number: row.donor_id_number } : null,
    panName: row.donor_pan_name,
    donationType: row.donation_type,
    address: row.donor_address,
    showName: row.show_name,
    referrerId: row.referrer_id,
    helpRequestId: row.help_request_id,
    citizenship: row.citizenship,
    country: row.country,
    memberId: row.member_id,
    receivedOn: row.received_on,
    mode: row.mode,
    instrumentNumber: row.instrument_number,
    reason: row.reason,
    screenshotUrl: row.screenshot_file_id ? `/api/admin/donations/${row.reference}/screenshot` : null,
    receiptUrl: currentReceiptFileId(row) ? `/api/admin/donations/${row.reference}/receipt.pdf` : null,
    history: events.map((event) => ({ type: event.type, at: new Date(event.recordedAt).toISOString(), actor: event.metadata.actor })),
    ...onlineDetailOf(events.reduce((state, event) => evolveDonation(state, event as Recorded<DonationStreamEvent>), noDonation)),
  };
}

/** The gateway's side of a donation (issue 33), from its stream: absent for a donation that never had an order. */
function onlineDetailOf(state: DonationState): Pick<TDonationDetail, 'online'> {
  if (!state.order && state.verification?.mode !== 'online') return {};
  return {
    online: {
      orderId: state.order?.orderId ?? null,
      paymentId: state.verification?.paymentId ?? null,
      refund: state.refund && { status: state.refund.status, refundId: state.refund.refundId, reason: state.refund.reason, requestedAt: state.refund.requestedAt },
      failedPayments: state.paymentFailures,
    },
  };
}
