import { describe, expect, it } from 'vitest';
import type { HelpBeneficiary } from '../help.events.ts';
import { isSameName, payoutHoldersOf } from './payout-holder.ts';

const NO_PAYOUT: HelpBeneficiary['payout'] = { upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null };

function beneficiary(payout: Partial<HelpBeneficiary['payout']>, relation: HelpBeneficiary['relation'] = 'parent', name = 'Kamla Devi'): HelpBeneficiary {
  return { name, relation, payout: { ...NO_PAYOUT, ...payout } };
}

const RAVI = { fullName: 'Ravi Kumar', profileUpiId: 'ravi.kumar@okaxis' };
const BANK = { bankName: 'State Bank of India', accountNumber: '301245678901', ifsc: 'SBIN0001234' };

describe('isSameName', () => {
  it('takes case, order, stops and honorifics as the same name', () => {
    expect(isSameName('RAVI KUMAR', 'Ravi Kumar')).toBe(true);
    expect(isSameName('Kumar, Ravi', 'Ravi  Kumar')).toBe(true);
    expect(isSameName('Smt. Kamla Devi', 'kamla devi')).toBe(true);
    expect(isSameName('श्रीमती कमला देवी', 'कमला देवी')).toBe(true);
  });

  it('tells different names apart, and a part of a name from the whole', () => {
    expect(isSameName('Ravi Kumar', 'Kamla Devi')).toBe(false);
    expect(isSameName('Kamla', 'Kamla Devi')).toBe(false);
    expect(isSameName('Mr.', 'Mr')).toBe(false);
  });
});

/** Issue 32: the box said "straight to Kamla" while the UPI ID was the requester's; finance saw RAVI KUMAR under Kamla. */
describe('payoutHoldersOf', () => {
  it('names the requester when the payout is the requester’s own profile’s, or in the requester’s name', () => {
    expect(payoutHoldersOf(beneficiary({ upiId: 'ravi.kumar@okaxis', accountHolder: 'RAVI KUMAR', ...BANK }), RAVI)).toEqual({ upi: 'requester', bank: 'requester' });
    // A UPI ID from the profile is the requester's whoever the bank account names.
    expect(payoutHoldersOf(beneficiary({ upiId: 'ravi.kumar@okaxis', accountHolder: 'City Hospital', ...BANK }), RAVI)).toEqual({ upi: 'requester', bank: 'other' });
    // Typed in other letter case on the request: the same UPI ID.
    expect(payoutHoldersOf(beneficiary({ upiId: 'Ravi.Kumar@OKAXIS' }), RAVI)).toEqual({ upi: 'requester', bank: null });
  });

  it('names the beneficiary when the account is in the beneficiary’s name, or the requester asks for themself', () => {
    expect(payoutHoldersOf(beneficiary({ upiId: 'kamla@okaxis', accountHolder: 'Smt. KAMLA DEVI', ...BANK }), RAVI)).toEqual({ upi: 'beneficiary', bank: 'beneficiary' });
    expect(payoutHoldersOf(beneficiary({ upiId: 'ravi.kumar@okaxis', accountHolder: 'RAVI KUMAR', ...BANK }, 'self', 'Ravi Kumar Sharma'), RAVI)).toEqual({ upi: 'beneficiary', bank: 'beneficiary' });
  });

  it('names someone else when the holder is neither, and nobody when a UPI ID comes with no holder’s name', () => {
    expect(payoutHoldersOf(beneficiary({ accountHolder: 'City Hospital Jaipur', ...BANK }), RAVI)).toEqual({ upi: null, bank: 'other' });
    expect(payoutHoldersOf(beneficiary({ upiId: 'someone@okaxis' }), RAVI)).toEqual({ upi: 'unnamed', bank: null });
    expect(payoutHoldersOf(beneficiary({ upiId: 'someone@okaxis' }), { fullName: null, profileUpiId: null })).toEqual({ upi: 'unnamed', bank: null });
    // The requester's name unknown (erased): a holder who is not the beneficiary is someone else.
    expect(payoutHoldersOf(beneficiary({ accountHolder: 'Ravi Kumar', ...BANK }), { fullName: null, profileUpiId: null })).toEqual({ upi: null, bank: 'other' });
  });
});
