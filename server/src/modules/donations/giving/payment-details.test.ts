import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '#server/modules/site/site.api';
import { rupeesText } from '#server/lib/amount-in-words';
import { onlineLimitMessage, paymentDetailsOf, paymentSettingsOf, upiPayTextOf } from './payment-details.ts';
import { generateReference } from '../reference.ts';
import { REFERENCE_PATTERN } from '../donation-fields.schema.ts';

const settings = {
  ...DEFAULT_SETTINGS,
  upiVpa: 'sahay.foundation@sbi',
  upiPayeeName: 'Sahay Foundation Trust',
  bankAccountName: 'Sahay Foundation',
  bankAccountNumber: '12345678901',
  bankIfsc: 'SBIN0001234',
  bankName: 'State Bank of India',
  phone: '+91 98765 43210',
};

describe('the pay step', () => {
  it('builds the upi://pay text with pa, pn, am, cu=INR, tn and tr = the reference; the VPA keeps its @ and spaces are %20', () => {
    const link = upiPayTextOf(paymentSettingsOf(settings), 'ABCD2345', 125_050);
    expect(link).toBe('upi://pay?pa=sahay.foundation@sbi&pn=Sahay%20Foundation%20Trust&am=1250.50&cu=INR&tn=Donation%20ABCD-2345&tr=ABCD2345');
    const params = new URL(link!).searchParams;
    expect(Object.fromEntries(params)).toEqual({ pa: 'sahay.foundation@sbi', pn: 'Sahay Foundation Trust', am: '1250.50', cu: 'INR', tn: 'Donation ABCD-2345', tr: 'ABCD2345' });
  });

  it('offers the tap-to-pay link only for a verified merchant VPA, with its category code; a personal VPA gets the QR text and the UPI ID (issue 33)', () => {
    const personal = paymentDetailsOf(paymentSettingsOf(settings), 'ABCD2345', 1_250_00);
    expect(personal).toMatchObject({ upiLink: null, vpa: 'sahay.foundation@sbi', upiCapPaise: 1_00_000_00 });
    expect(personal.upiQrText).toBe('upi://pay?pa=sahay.foundation@sbi&pn=Sahay%20Foundation%20Trust&am=1250.00&cu=INR&tn=Donation%20ABCD-2345&tr=ABCD2345');

    const merchant = paymentDetailsOf(paymentSettingsOf({ ...settings, upiIsMerchant: true, upiMerchantCode: '8398' }), 'ABCD2345', 1_250_00);
    expect(merchant.upiLink).toBe('upi://pay?pa=sahay.foundation@sbi&pn=Sahay%20Foundation%20Trust&mc=8398&am=1250.00&cu=INR&tn=Donation%20ABCD-2345&tr=ABCD2345');
    expect(merchant.upiQrText).toBe(merchant.upiLink);
    expect(new URL(merchant.upiLink!).searchParams.get('mc')).toBe('8398');
    // Marked as a merchant but without its code (settings refuse that pair; older data): no link.
    expect(paymentDetailsOf(paymentSettingsOf({ ...settings, upiIsMerchant: true, upiMerchantCode: '' }), 'ABCD2345', 100).upiLink).toBeNull();
  });

  it('offers no UPI at all above the limit on one payment, only the bank account; at the limit itself, UPI', () => {
    const merchantSettings = { ...settings, upiIsMerchant: true, upiMerchantCode: '8398', upiPerPaymentCapPaise: 1_00_000_00 };
    const above = paymentDetailsOf(paymentSettingsOf(merchantSettings), 'ABCD2345', 1_00_000_01);
    expect(above).toMatchObject({ upiLink: null, upiQrText: null, vpa: '', upiCapPaise: 1_00_000_00, bank: { accountNumber: '12345678901', ifsc: 'SBIN0001234' } });
    const at = paymentDetailsOf(paymentSettingsOf(merchantSettings), 'ABCD2345', 1_00_000_00);
    expect(at).toMatchObject({ upiLink: expect.stringContaining('am=100000.00'), vpa: 'sahay.foundation@sbi' });
    // A cap the foundation lowered (a bank with a smaller limit) applies the same way.
    expect(paymentDetailsOf(paymentSettingsOf({ ...merchantSettings, upiPerPaymentCapPaise: 25_000_00 }), 'ABCD2345', 25_000_01)).toMatchObject({ upiLink: null, upiQrText: null, vpa: '' });
  });

  it('answers the bank details, and no UPI link while no UPI ID is set', () => {
    expect(paymentDetailsOf(paymentSettingsOf(settings), 'ABCD2345', 100)).toMatchObject({
      reference: 'ABCD-2345',
      amountPaise: 100,
      upiQrText: expect.stringContaining('am=1.00'),
      bank: { accountName: 'Sahay Foundation', accountNumber: '12345678901', ifsc: 'SBIN0001234', bankName: 'State Bank of India' },
    });
    expect(paymentDetailsOf(paymentSettingsOf(DEFAULT_SETTINGS), 'ABCD2345', 100)).toMatchObject({ upiLink: null, upiQrText: null, payeeName: 'Sahay Foundation' });
  });

  it('takes the payee only from the money settings: an empty payee name offers no UPI payment, and never the foundation’s name (a non-money setting)', () => {
    const payeeless = { ...settings, upiPayeeName: '', bankAccountName: '', foundationName: { en: 'Changed By A Settings-Only Admin', hi: 'बदला गया नाम' } };
    const details = paymentDetailsOf(paymentSettingsOf(payeeless), 'ABCD2345', 100);
    expect(details).toMatchObject({ upiLink: null, upiQrText: null, payeeName: '', bank: { accountName: '', accountNumber: '12345678901' } });
    expect(JSON.stringify(details)).not.toContain('Changed By A Settings-Only Admin');
    expect(onlineLimitMessage(paymentSettingsOf(payeeless))).not.toContain('Changed By A Settings-Only Admin');
  });

  it('writes rupees with two decimals and no grouping', () => {
    expect(rupeesText(100)).toBe('1.00');
    expect(rupeesText(10_00_000_00)).toBe('1000000.00');
    expect(rupeesText(5)).toBe('0.05');
  });

  it('names the bank account and the contact when refusing a gift above the online limit', () => {
    expect(onlineLimitMessage(paymentSettingsOf(settings))).toBe(
      'Gifts above ₹10,00,000 cannot be made online. Please transfer the amount to Sahay Foundation, account 12345678901, IFSC SBIN0001234, and write to us at +91 98765 43210 / contact@sahay.example for your receipt.',
    );
    expect(onlineLimitMessage(paymentSettingsOf(DEFAULT_SETTINGS))).toBe(
      'Gifts above ₹10,00,000 cannot be made online. Please write to us at contact@sahay.example and we will tell you how to give.',
    );
  });

  it('draws references from the unambiguous alphabet, all different', () => {
    const references = Array.from({ length: 2000 }, generateReference);
    for (const reference of references) expect(reference).toMatch(REFERENCE_PATTERN);
    expect(new Set(references).size).toBe(references.length);
    expect(references.join('')).not.toMatch(/[01ILO]/);
  });
});

describe('foreign contributions (decision 058)', () => {
  const domestic = { vpa: 'sahay@sbi', payeeName: 'Sahay Foundation', merchantCode: null, upiCapPaise: 1_00_000_00, bank: { accountName: 'Sahay Foundation', accountNumber: '123456789012', ifsc: 'SBIN0001234', bankName: 'SBI' }, contact: '+91 98765 43210' };
  const fcra = { registrationNumber: '231650123', validUntil: '2031-03-31', bank: { accountName: 'Sahay Foundation FCRA Account', accountNumber: '40001234567', ifsc: 'SBIN0000691', bankName: 'SBI, New Delhi Main Branch' } };

  it('shows the FCRA account alone, with no UPI, for a foreign pledge', () => {
    const pay = paymentDetailsOf({ ...domestic, fcra }, 'ABCD2345', 100_00, true);
    expect(pay).toEqual({ reference: 'ABCD-2345', amountPaise: 100_00, upiLink: null, upiQrText: null, payeeName: fcra.bank.accountName, vpa: '', upiCapPaise: 1_00_000_00, bank: fcra.bank, isForeignContribution: true });
    expect(paymentDetailsOf({ ...domestic, fcra }, 'ABCD2345', 100_00)).toMatchObject({ vpa: 'sahay@sbi', bank: domestic.bank, isForeignContribution: false });
  });

  it('shows no account at all, never the domestic one, once the registration is gone from settings', () => {
    const pay = paymentDetailsOf({ ...domestic, fcra: null }, 'ABCD2345', 100_00, true);
    expect(pay).toMatchObject({ upiLink: null, vpa: '', bank: { accountName: '', accountNumber: '', ifsc: '', bankName: '' }, isForeignContribution: true });
  });
});
