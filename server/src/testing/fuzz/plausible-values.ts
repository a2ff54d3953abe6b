import fc from 'fast-check';
import { INDIAN_STATES } from '#server/modules/kanyadan/kanyadan-rules.schema';
import { indiaToday } from '#server/shared/india';

const DAY_MS = 24 * 60 * 60 * 1000;

/** India's date (YYYY-MM-DD) `fromDays` to `toDays` days after `now`: the product's days are India's (issue 36). */
function dayAround(now: Date, fromDays: number, toDays: number): fc.Arbitrary<string> {
  return fc.integer({ min: fromDays, max: toDays }).map((days) => indiaToday(new Date(now.getTime() + days * DAY_MS)));
}

const PERSON_NAME = fc
  .tuple(fc.constantFrom('Asha', 'Meena', 'Sunita', 'Ramesh', 'Priya', 'सीता'), fc.constantFrom('Devi', 'Kumar', 'Sharma', 'Kumari', 'वर्मा'))
  .map((parts) => parts.join(' '));
const LISTED_IFSC = fc.constantFrom('SBIN0001234', 'HDFC0CAGSBK', 'ICIC0000001', 'PUNB0000100');
const ACCOUNT_NUMBER = fc.constantFrom('301245678901', '123456789');
const INDIAN_MOBILE = fc.stringMatching(/^[6-9]\d{9}$/);
// fast-check's emailAddress writes every address RFC 5322 allows; people (and our check) use these.
const EMAIL = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}[a-z0-9]$/), fc.constantFrom('example.org', 'example.in', 'mail.co.in')).map(([local, domain]) => `${local}@${domain}`);

/** What exists in the database under test: with these, look-ups find something. */
export interface KnownValues {
  memberIds: readonly string[];
  /** Phones of members and of the Kanyadan applications made. */
  phones: readonly string[];
  /** E-mails of members and of donors. */
  emails: readonly string[];
}

/**
 * Values of the shape our code checks beyond the document (the document says only "string" for a
 * phone, a date or a UTR): with them a generated body often passes validation and reaches the
 * command, where the interesting failures live. Keyed by property name; `known` values are mixed
 * in, so transfers, resets and look-ups find someone.
 */
export function plausibleValues(now: Date, known: KnownValues): Record<string, fc.Arbitrary<unknown>> {
  const recentDay = dayAround(now, -60, 0);
  const phone = fc.oneof(INDIAN_MOBILE, INDIAN_MOBILE.map((mobile) => `+91${mobile}`), fc.constantFrom(...known.phones));
  const email = fc.oneof(EMAIL, fc.constantFrom(...known.emails));
  const memberId = fc.constantFrom(...known.memberIds);
  const utr = fc.oneof(fc.stringMatching(/^\d{12}$/), fc.stringMatching(/^[A-Z0-9]{16,22}$/));
  return {
    phone,
    email,
    contact: fc.oneof(email, phone),
    // A girl of 0 to 14 for Kanyadan; dates of payments and pledges in the last two months.
    dob: dayAround(now, -14 * 365, -1),
    receivedOn: recentDay,
    paidOn: recentDay,
    from: recentDay,
    to: recentDay,
    submittedFrom: recentDay,
    submittedTo: recentDay,
    marriageDate: dayAround(now, 1, 180),
    utr,
    // The server checks an IFSC against the banks' published list (issue 16): mostly listed codes,
    // sometimes one that only has the shape.
    ifsc: fc.oneof({ arbitrary: LISTED_IFSC, weight: 3 }, { arbitrary: fc.stringMatching(/^[A-Z]{4}0[A-Z0-9]{6}$/), weight: 1 }),
    // The account number is typed twice; drawn from a few so the two copies often match.
    accountNumber: ACCOUNT_NUMBER,
    confirmAccountNumber: ACCOUNT_NUMBER,
    upiId: fc.stringMatching(/^[a-z0-9.]{3,20}@[a-z]{3,10}$/),
    pan: fc.stringMatching(/^[A-Z]{5}\d{4}[A-Z]$/),
    aadhaar: fc.stringMatching(/^[2-9]\d{11}$/),
    code: fc.stringMatching(/^\d{6}$/),
    amount: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 100, max: 100_000_000 }).map((paise) => (paise / 100).toFixed(2))),
    district: fc.constantFrom('Jaipur', 'Varanasi', 'Pune'),
    // A state by its key: Kanyadan's list, which registration also takes (issue 16).
    state: fc.constantFrom(...INDIAN_STATES),
    pinCode: fc.stringMatching(/^[1-9]\d{5}$/),
    userId: memberId,
    toUserId: memberId,
    referralId: memberId,
    fullName: PERSON_NAME,
    donorName: PERSON_NAME,
    girlName: PERSON_NAME,
    fatherName: PERSON_NAME,
    motherName: PERSON_NAME,
    guardianName: PERSON_NAME,
    accountHolder: PERSON_NAME,
  };
}
