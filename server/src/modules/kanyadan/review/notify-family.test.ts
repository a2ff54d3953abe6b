import { describe, expect, it } from 'vitest';
import { checkSmsMessage } from '#server/lib/sms';
import { renderSms } from '#server/mail/render-sms';
import { stateOf } from './notify-family.job.ts';

/** A public address longer than the foundation's is likely to be. */
const BASE = 'https://www.sahay-foundation-example.org.in';

/**
 * Every notice's SMS, in both languages with the link once, fits the 4 Unicode parts a message may
 * take (lib/sms.ts): an SMS too long would be refused by the sender and the job would fail for good.
 */
describe('notice SMS (issue 32)', () => {
  const regNo = 'KNYDN1234567';
  const longest = [
    stateOf({ type: 'KanyadanBenefitDisbursed', data: { regNo, amountPaise: 51_000_00, utr: 'ABCDR52026112912345678', paidOn: '2035-02-01', district: 'Jaipur', disbursedAt: '2035-02-01T06:00:00.000Z' } }),
    stateOf({ type: 'KanyadanApplicationRejected', data: { regNo, reason: 'documents-unclear', note: null, rejectedAt: '2031-07-01T06:00:00.000Z' } }),
    stateOf({ type: 'KanyadanFeePaid', data: { regNo, amountPaise: 100_00, utr: '123456789012', paidOn: '2031-07-01', recordedAt: '2031-07-01T06:00:00.000Z' } }),
  ];
  const messages = [
    `${renderSms('donationPledged', { reference: 'ABCD-2345' })}\n${BASE}/donate/status?reference=ABCD2345`,
    `${renderSms('donationReceipt', { reference: 'ABCD-2345' })}\n${BASE}/donate/status?reference=ABCD2345`,
    ...longest.map((state) => `${renderSms('kanyadanState', { regNo, state })}\n${BASE}/kanyadanRegistration?step=status&regNo=${regNo}`),
    `${renderSms('helpPublished', {})}\n${BASE}/help/ABCD2345`,
    `${renderSms('helpGiftToConfirm', {})}\n${BASE}/my-help/ABCD2345`,
    `${renderSms('helpPayoutPaid', { utr: 'ABCDR52026112912345678' })}\n${BASE}/my-help/ABCD2345`,
  ];

  it.each(messages)('fits one message in both languages: %s', (text) => {
    expect(() => checkSmsMessage({ to: '9876543210', text, idempotencyKey: 'job_sms' })).not.toThrow();
    expect(text.split('\n')).toHaveLength(3);
  });

  it('is in one language alone when the person’s is known', () => {
    expect(renderSms('donationPledged', { reference: 'ABCD-2345' }, { lang: 'en' })).toBe('Sahay: your donation reference is ABCD-2345. Pay with it and follow your donation here:');
    expect(renderSms('donationPledged', { reference: 'ABCD-2345' }, { lang: 'hi' })).toBe('सहाय: आपके दान का संदर्भ ABCD-2345 है। इसी से भुगतान करें और स्थिति यहाँ देखें:');
  });
});
