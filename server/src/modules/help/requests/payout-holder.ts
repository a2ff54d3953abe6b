import type { HelpBeneficiary } from '../help.events.ts';
import type { TPayoutHolder } from '../help.schema.ts';

/** Words written before a name that do not tell two people apart. */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'sri', 'smt', 'shrimati', 'kumari', 'km', 'late', 'श्री', 'श्रीमती', 'सुश्री', 'कुमारी', 'डॉ', 'स्व']);

/** A name as its words, whatever their case, order, stops and honorifics ("RAVI KUMAR" is "Kumar, Ravi"). */
function wordsOf(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s.,'’()-]+/)
    .filter((word) => word !== '' && !HONORIFICS.has(word))
    .sort()
    .join(' ');
}

/** Whether two written names are the same name. Spellings and scripts differ (Kamla, Kamala, कमला): those are "other", for staff to look at. */
export function isSameName(one: string, other: string): boolean {
  const words = wordsOf(one);
  return words !== '' && words === wordsOf(other);
}

/** Whose account each way of paying is, as the request's names tell; null for a way the request does not give. */
export interface PayoutHolders {
  upi: TPayoutHolder | null;
  bank: TPayoutHolder | null;
}

/**
 * Whose account the help goes to (issue 32, docs/decisions/061): the beneficiary, the requester
 * (who asks for someone else) or another person (a hospital, a relative). The bank account is its
 * holder's, by the name given with it. A UPI ID has no holder's name of its own: it is the
 * requester's when it is the UPI ID of the requester's own profile, else the holder's named with the
 * payout details, else unnamed. The requester asking for themself ('self') is the beneficiary.
 */
export function payoutHoldersOf(beneficiary: HelpBeneficiary, requester: { fullName: string | null; profileUpiId: string | null }): PayoutHolders {
  const { payout, relation } = beneficiary;
  const ofRequester: TPayoutHolder = relation === 'self' ? 'beneficiary' : 'requester';
  function holderNamed(name: string): TPayoutHolder {
    if (isSameName(name, beneficiary.name)) return 'beneficiary';
    return requester.fullName !== null && isSameName(name, requester.fullName) ? ofRequester : 'other';
  }
  function upiHolder(upiId: string): TPayoutHolder {
    // UPI IDs are not case-sensitive: Ravi.Kumar@OKAXIS is the same ID.
    if (requester.profileUpiId !== null && upiId.toLowerCase() === requester.profileUpiId.toLowerCase()) return ofRequester;
    return payout.accountHolder === null ? 'unnamed' : holderNamed(payout.accountHolder);
  }
  return {
    upi: payout.upiId === null ? null : upiHolder(payout.upiId),
    bank: payout.accountNumber === null ? null : payout.accountHolder === null ? 'unnamed' : holderNamed(payout.accountHolder),
  };
}
