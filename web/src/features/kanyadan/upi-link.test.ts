import { describe, expect, it } from 'vitest';
import { upiFeeLink } from './upi-link.ts';

describe('the UPI link for the registration fee', () => {
  it('names the foundation, the amount and the registration number as the reference', () => {
    expect(upiFeeLink({ vpa: 'sahay.foundation@sbi', payeeName: 'Sahay Foundation', amountPaise: 10_050, regNo: 'KNYDN1234567' })).toBe(
      'upi://pay?pa=sahay.foundation@sbi&pn=Sahay%20Foundation&am=100.50&cu=INR&tn=Kanyadan%20registration%20KNYDN1234567&tr=KNYDN1234567',
    );
  });

  it('carries a merchant VPA’s category code as mc (issue 33)', () => {
    const link = upiFeeLink({ vpa: 'sahay.foundation@sbi', payeeName: 'Sahay Foundation', amountPaise: 10_050, regNo: 'KNYDN1234567', merchantCode: '8398' });
    expect(link).toBe('upi://pay?pa=sahay.foundation@sbi&pn=Sahay%20Foundation&mc=8398&am=100.50&cu=INR&tn=Kanyadan%20registration%20KNYDN1234567&tr=KNYDN1234567');
    expect(upiFeeLink({ vpa: 'sahay.foundation@sbi', payeeName: 'Sahay Foundation', amountPaise: 10_050, regNo: 'KNYDN1234567', merchantCode: null })).not.toContain('mc=');
  });

  it('is absent without a UPI ID or a fee', () => {
    expect(upiFeeLink({ vpa: '', payeeName: 'Sahay', amountPaise: 100, regNo: 'KNYDN1234567' })).toBeNull();
    expect(upiFeeLink({ vpa: 'a@b', payeeName: 'Sahay', amountPaise: 0, regNo: 'KNYDN1234567' })).toBeNull();
  });
});
