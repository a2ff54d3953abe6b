import { AppError } from '#server/errors/app-error';
import type { RequestMeta } from '#server/lib/request-meta';
import { getVerifiedEmail } from '#server/modules/identity/identity.api';
import { currentSignatureFileId, currentSigningIdentity, getSettings, signatureImageBytes } from '#server/modules/site/site.api';
import type { Services } from '#server/services';
import type { Cause, DonationMode } from '../donations.events.ts';
import { financialYearOf, financialYearRange, indiaDateOf, isCashAboveLimit } from '../receipts/receipt-serial.ts';
import { contactKeyOf } from '../donor-keys.ts';
import { contactKeyOfProof } from './statement-code.ts';
import { receiptIssuerOf } from '../donation.decider.ts';
import { renderYearlyStatementPdf, yearlyStatementFileName, type YearlyStatementDonor } from './yearly-statement-pdf.ts';

export const YEAR_NOT_OVER = 'The statement of a financial year can be downloaded once the year is over, from 1 April.';
export const NO_GIFTS_IN_YEAR = 'No verified donation was found for that year with these details.';

/**
 * Who asks: a donor with the proof a right one-time code gave for their e-mail or phone (decision
 * 040), or a signed-in member for their own. A donation's reference proves nothing here: anyone can
 * create one by pledging with someone else's contact.
 */
export type StatementRequester = { proof: string } | { memberId: string };

export interface GiftRow {
  reference: string;
  received_on: string;
  amount_paise: string | number;
  cause: Cause;
  mode: DonationMode;
  receipt_serial: string;
  donor_name: string | null;
  donor_pan: string | null;
  donor_address: string | null;
  verified_at: Date;
  is_foreign: boolean;
}

const GIFT_COLUMNS = `reference, received_on::text AS received_on, amount_paise, cause, mode, receipt_serial, donor_name, donor_pan, donor_address, verified_at, is_foreign`;

/**
 * A donor's consolidated statement of a financial year (issue 13): every verified, not cancelled
 * donation they made in it, with its receipt serial, drawn as one PDF in English and Hindi by the
 * receipt's own layout. A donor is known by a contact they proved they hold, with a one-time code
 * sent to it (decision 040), and the statement then lists every gift given with that contact. A
 * signed-in member gets those given with their account's confirmed e-mail address and the gifts
 * they made while signed in. Only once the year is over: until then the year is not complete.
 */
export async function getYearlyStatement(services: Services, input: { financialYear: string; requester: StatementRequester }, _meta: RequestMeta): Promise<{ bytes: Buffer; fileName: string }> {
  const today = indiaDateOf(services.now());
  if (input.financialYear >= financialYearOf(today)) throw new AppError('BAD_REQUEST', { userMessage: YEAR_NOT_OVER, fieldErrors: { fy: [YEAR_NOT_OVER] } });
  const { from, to } = financialYearRange(input.financialYear);
  let rows: GiftRow[];
  if ('memberId' in input.requester) {
    // The gifts made while signed in, and those given with the account's confirmed e-mail address.
    const email = await getVerifiedEmail(services.db, input.requester.memberId);
    const contactKey = email ? contactKeyOf((purpose, value) => services.vault.blindIndex(purpose, value), email.trim().toLowerCase()) : null;
    rows = (
      await services.db.query<GiftRow>(
        `SELECT ${GIFT_COLUMNS} FROM donations WHERE (member_id = $1 OR $4::text = ANY(contact_keys)) AND status = 'verified' AND received_on BETWEEN $2 AND $3`,
        [input.requester.memberId, from, to, contactKey],
      )
    ).rows;
  } else {
    const contactKey = await contactKeyOfProof(services, input.requester.proof);
    rows = (await services.db.query<GiftRow>(`SELECT ${GIFT_COLUMNS} FROM donations WHERE $1 = ANY(contact_keys) AND status = 'verified' AND received_on BETWEEN $2 AND $3`, [contactKey, from, to])).rows;
  }
  if (rows.length === 0) throw new AppError('NOT_FOUND', { userMessage: NO_GIFTS_IN_YEAR });

  const { settings } = await getSettings(services.db);
  const signatureFileId = await currentSignatureFileId(services.eventStore, services.db);
  const bytes = await renderYearlyStatementPdf({
    financialYear: input.financialYear,
    issuer: receiptIssuerOf(settings, signatureFileId),
    // Only foreign contributions (never in Form 10BD): nothing said of Form 10BE, as on their receipts.
    isForeignContributionsOnly: rows.every((row) => row.is_foreign),
    signatureImage: signatureFileId ? await signatureImageBytes(services.files, signatureFileId) : null,
    signing: await currentSigningIdentity(services, services.now()),
    donors: donorsOfGifts(rows),
    generatedOn: today,
    createdAt: services.now(),
  });
  return { bytes, fileName: yearlyStatementFileName(input.financialYear) };
}

/** A name as people retype it: spaces and letter case do not make another person. */
function sameNameKey(name: string | null): string {
  return (name ?? '').normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-IN');
}

/**
 * The donors the year's receipts name (decision 049): gifts whose receipts carry the same PAN and
 * the same name are one donor's; a different PAN, no PAN, or another name is another section, with
 * its own table and total. Several people may give with one family phone or e-mail, and a tax
 * claim is made per PAN on the receipts that name it: the statement must never print one gift's
 * name and PAN over gifts whose receipts say otherwise. Each section shows the name and PAN its
 * receipts carry (the latest one's spelling), and the latest address given in it. Sections follow
 * their first gift's date.
 */
export function donorsOfGifts(rows: readonly GiftRow[]): YearlyStatementDonor[] {
  const groups = new Map<string, GiftRow[]>();
  for (const row of rows) {
    const key = `${row.donor_pan?.trim().toUpperCase() ?? ''}\u0000${sameNameKey(row.donor_name)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const firstOf = (gifts: readonly GiftRow[]) => gifts.map((gift) => `${gift.received_on} ${gift.receipt_serial}`).sort()[0]!;
  return [...groups.values()]
    .sort((a, b) => (firstOf(a) < firstOf(b) ? -1 : firstOf(a) > firstOf(b) ? 1 : 0))
    .map((gifts) => {
      const byVerification = [...gifts].sort((a, b) => a.verified_at.getTime() - b.verified_at.getTime());
      const latest = byVerification.at(-1)!;
      return {
        donor: {
          name: latest.donor_name ?? '',
          pan: latest.donor_pan,
          address: byVerification.findLast((gift) => gift.donor_address)?.donor_address ?? null,
        },
        gifts: gifts.map((row) => {
          const amountPaise = Number(row.amount_paise);
          return { serial: row.receipt_serial, receivedOn: row.received_on, reference: row.reference, amountPaise, cause: row.cause, mode: row.mode, isCashAboveLimit: isCashAboveLimit(row.mode, amountPaise) };
        }),
      };
    });
}
