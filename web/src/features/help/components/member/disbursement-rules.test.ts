import { describe, expect, it } from 'vitest';
import { amountAboveBalance, canWithdraw, checkAmount, checkWithdrawal, contactNumberErrors, percentOf, previewWithdrawal } from './disbursement-rules.ts';

const ID = 'ABCD2345';
const DISBURSEMENT_ID = '6f1c2a4e-8b7d-4e21-9a3c-5d6e7f8a9b0c';

describe('the preview: admin charge and what the beneficiary receives', () => {
  it('takes the charge in basis points, rounded down to the paisa, and gives the rest', () => {
    expect(previewWithdrawal(10_000_00, 0)).toEqual({ amountPaise: 10_000_00, adminChargePaise: 0, netPaise: 10_000_00 });
    expect(previewWithdrawal(10_000_00, 250)).toEqual({ amountPaise: 10_000_00, adminChargePaise: 250_00, netPaise: 9_750_00 });
    // 2.5 % of ₹10.99 is 27.475 paise: the beneficiary is never charged the fraction.
    expect(previewWithdrawal(1_099, 250)).toEqual({ amountPaise: 1_099, adminChargePaise: 27, netPaise: 1_072 });
    // 0.01 % of 99 paise is less than a paisa: no charge at all.
    expect(previewWithdrawal(99, 1)).toEqual({ amountPaise: 99, adminChargePaise: 0, netPaise: 99 });
    expect(previewWithdrawal(12_345, 10_000)).toEqual({ amountPaise: 12_345, adminChargePaise: 12_345, netPaise: 0 });
  });

  it('stays exact for amounts whose product with the charge is beyond 2^53', () => {
    const amount = Number.MAX_SAFE_INTEGER;
    // In floating point, amount × 3333 / 10000 loses the last digits; in BigInt it does not.
    const expected = (BigInt(amount) * 3333n) / 10_000n;
    expect(previewWithdrawal(amount, 3333).adminChargePaise).toBe(Number(expected));
    expect(previewWithdrawal(amount, 3333).netPaise).toBe(amount - Number(expected));
  });

  it('is the ledger’s floor(amount × basis points ÷ 10000) for every charge and many amounts', () => {
    // Worked another way: whole ten-thousands of paise and the rest, each small enough for exact Number arithmetic.
    const floorCharge = (amount: number, charge: number) => Math.floor(amount / 10_000) * charge + Math.floor(((amount % 10_000) * charge) / 10_000);
    const charges = [0, 1, 7, 99, 100, 250, 333, 1000, 1250, 3333, 5000, 9999, 10_000];
    const amounts = [0, 1, 99, 100, 101, 1_099, 9_999, 10_001, 12_345, 99_999, 1_00_000_00, 123_456_789, 9_99_99_99_999];
    for (const charge of charges) {
      for (const amount of amounts) {
        const adminChargePaise = floorCharge(amount, charge);
        expect(previewWithdrawal(amount, charge), `${amount} at ${charge}`).toEqual({ amountPaise: amount, adminChargePaise, netPaise: amount - adminChargePaise });
      }
    }
  });

  it('refuses what the ledger refuses: fractions of a paisa, negative amounts, a charge outside 0–100 %', () => {
    expect(() => previewWithdrawal(10.5, 250)).toThrow(RangeError);
    expect(() => previewWithdrawal(-1, 250)).toThrow(RangeError);
    expect(() => previewWithdrawal(100, -1)).toThrow(RangeError);
    expect(() => previewWithdrawal(100, 10_001)).toThrow(RangeError);
    expect(() => previewWithdrawal(100, 2.5)).toThrow(RangeError);
  });

  it('names the charge as a percentage', () => {
    expect(percentOf(250)).toBe(2.5);
    expect(percentOf(0)).toBe(0);
    expect(percentOf(1000)).toBe(10);
  });
});

describe('the amount as typed', () => {
  it('takes rupees with up to two decimals, up to the balance', () => {
    expect(checkAmount('1', 500_00)).toEqual({ kind: 'ok', text: '1', paise: 100 });
    expect(checkAmount('₹ 250.50', 500_00)).toEqual({ kind: 'ok', text: '₹ 250.50', paise: 250_50 });
    expect(checkAmount('500', 500_00)).toEqual({ kind: 'ok', text: '500', paise: 500_00 });
    expect(checkAmount('', 500_00)).toEqual({ kind: 'empty', text: '' });
  });

  it('calls anything below ₹1 or unreadable "Invalid withdrawal amount"', () => {
    for (const text of ['0', '0.99', 'abc', '-5', '1.234', '12e3']) {
      expect(checkAmount(text, 500_00), text).toEqual({ kind: 'invalid', text, message: 'Invalid withdrawal amount' });
    }
  });

  it('sets an amount above the balance to the maximum, and says what the maximum is', () => {
    expect(checkAmount('501', 500_00)).toEqual({ kind: 'clamped', text: '500', paise: 500_00, message: 'The amount is more than the balance of ₹500.' });
    expect(checkAmount('99999', 1_250_50)).toEqual({ kind: 'clamped', text: '1250.50', paise: 1_250_50, message: 'The amount is more than the balance of ₹1,250.50.' });
    expect(amountAboveBalance(12_34_567_89)).toBe('The amount is more than the balance of ₹12,34,567.89.');
  });

  it('offers the form only when at least ₹1 is available', () => {
    expect(canWithdraw(100)).toBe(true);
    expect(canWithdraw(99)).toBe(false);
    expect(canWithdraw(0)).toBe(false);
  });
});

describe('the contact number', () => {
  it('is required and at most 15 characters, counted as characters', () => {
    expect(contactNumberErrors('')).toEqual(['Enter a contact number.']);
    expect(contactNumberErrors('   ')).toEqual(['Enter a contact number.']);
    expect(contactNumberErrors('+91 98765 43210')).toEqual([]);
    expect(contactNumberErrors('+91 98765 432101')).toEqual(['The contact number can have at most 15 characters.']);
    // Surrounding spaces are not sent, so they do not count.
    expect(contactNumberErrors('  9876543210  ')).toEqual([]);
  });
});

describe('the form on submit', () => {
  const base = { id: ID, disbursementId: DISBURSEMENT_ID, availablePaise: 5_000_00 };

  it('gives help.disbursements.request’s input in paise, the contact trimmed', () => {
    expect(checkWithdrawal({ ...base, amountText: '1,250.50', contactNumber: ' 98765 43210 ' })).toEqual({
      isValid: true,
      input: { id: ID, disbursementId: DISBURSEMENT_ID, amountPaise: 1_250_50, contactNumber: '98765 43210' },
    });
  });

  it('says what is wrong beside each field, and sends nothing', () => {
    expect(checkWithdrawal({ ...base, amountText: '', contactNumber: '' })).toEqual({
      isValid: false,
      errors: { amount: ['Invalid withdrawal amount'], contactNumber: ['Enter a contact number.'] },
      amountText: '',
    });
    expect(checkWithdrawal({ ...base, amountText: '0.5', contactNumber: '9876543210' })).toEqual({ isValid: false, errors: { amount: ['Invalid withdrawal amount'] }, amountText: '0.5' });
  });

  it('sets an amount above the balance to the maximum instead of sending it', () => {
    expect(checkWithdrawal({ ...base, amountText: '6000', contactNumber: '9876543210' })).toEqual({
      isValid: false,
      errors: { amount: ['The amount is more than the balance of ₹5,000.'] },
      amountText: '5000',
    });
  });
});
