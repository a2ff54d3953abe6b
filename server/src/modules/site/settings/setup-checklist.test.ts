import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from './settings.defaults.ts';
import { missingSetup } from './setup-checklist.ts';
import { SETUP_ITEMS } from './setup-checklist.schema.ts';

const COMPLETE = {
  ...DEFAULT_SETTINGS,
  address: { en: '12 Gandhi Marg, Jaipur', hi: '12 गांधी मार्ग, जयपुर' },
  phone: '0141 222 3333',
  email: 'info@sahayfoundation.org',
  registrationNo: 'RJ/2019/0012345',
  pan: 'AAATS1234C',
  twelveANo: 'AAATS1234CE20231',
  taxExemptionNo: 'AAATS1234CF20231',
  upiVpa: 'sahayfoundation@sbi',
  bankAccountName: 'Sahay Foundation',
  bankAccountNumber: '123456789012',
  bankIfsc: 'SBIN0001234',
  bankName: 'State Bank of India',
};

describe('the setup checklist', () => {
  it('lists everything but the name on a fresh install: the placeholder e-mail does not count', () => {
    expect(missingSetup(DEFAULT_SETTINGS)).toEqual(SETUP_ITEMS.filter((item) => item !== 'foundationName'));
  });

  it('is empty once every fact is entered', () => {
    expect(missingSetup(COMPLETE)).toEqual([]);
  });

  it('needs every part of a fact: the section label with the exemption number, the payee with the UPI ID, all four bank details', () => {
    expect(missingSetup({ ...COMPLETE, taxSectionLabel: ' ' })).toEqual(['taxExemption']);
    expect(missingSetup({ ...COMPLETE, upiPayeeName: '' })).toEqual(['upi']);
    expect(missingSetup({ ...COMPLETE, bankIfsc: '' })).toEqual(['bank']);
    expect(missingSetup({ ...COMPLETE, foundationName: { en: 'Sahay Foundation', hi: '' } })).toEqual(['foundationName']);
    expect(missingSetup({ ...COMPLETE, address: { en: '  ', hi: 'जयपुर' } })).toEqual(['address']);
  });
});
