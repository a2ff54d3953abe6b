import { describe, expect, it } from 'vitest';
import { auditEntries, auditEventLabel, auditFieldLabel, auditPathLabel, auditTableLabel } from './audit-labels.schema.ts';

describe('the audit view’s and bundle’s labels (issue 32)', () => {
  it('names fields in both languages, camelCase and snake_case alike, and any other field from its name', () => {
    expect(auditFieldLabel('amountPaise')).toEqual({ en: 'Amount', hi: 'राशि' });
    expect(auditFieldLabel('amount_paise')).toEqual({ en: 'Amount', hi: 'राशि' });
    expect(auditFieldLabel('donor_email')).toEqual({ en: 'Donor’s e-mail', hi: 'दाता का ई-मेल' });
    expect(auditFieldLabel('form10bdChangedAt')).toEqual({ en: 'Form10bd changed at', hi: 'Form10bd changed at' });
    expect(auditTableLabel('donations')).toEqual({ en: 'Donations', hi: 'दान' });
    expect(auditEventLabel('DonationPledged')).toEqual({ en: 'Donation pledged', hi: 'दान का वचन दिया गया' });
    expect(auditEventLabel('SomethingNewHappened').en).toBe('Something new happened');
  });

  it('flattens data into labelled lines: nested objects by path, arrays of values on one line', () => {
    const entries = auditEntries({ reference: 'ABCD2345', donor: { name: 'Asha', email: null }, contactKeys: ['a', 'b'], documents: [{ kind: 'photo' }], empty: {} });
    expect(entries).toEqual([
      { path: ['reference'], value: 'ABCD2345' },
      { path: ['donor', 'name'], value: 'Asha' },
      { path: ['donor', 'email'], value: null },
      { path: ['contactKeys'], value: 'a, b' },
      { path: ['documents', '1', 'kind'], value: 'photo' },
      { path: ['empty'], value: null },
    ]);
    expect(auditPathLabel(['donor', 'email'])).toEqual({ en: 'Donor › E-mail', hi: 'दाता › ई-मेल' });
    expect(auditPathLabel(['documents', '1', 'kind'])).toEqual({ en: 'Documents › 1 › Kind', hi: 'दस्तावेज़ › 1 › प्रकार' });
  });
});
