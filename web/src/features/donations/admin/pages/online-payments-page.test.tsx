import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { ONLINE_PAYMENT_DIFFERENCE_KINDS, ONLINE_PAYMENT_FLAG_REASONS } from '@sahay/server/modules/donations/online/online-payments.schema';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import { DIFFERENCE_LABELS, FLAG_REASON_LABELS, FlaggedPayments, NightlyChecks } from './online-payments-page.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

const flags = {
  total: 2,
  items: [
    { paymentId: 'pay_A1', orderId: 'order_O1', reference: 'ABCD-2345', reason: 'amount-differs' as const, paidPaise: 100_000, paidCurrency: 'INR', expectedPaise: 150_000, flaggedAt: '2026-08-10T06:00:00.000Z' },
    { paymentId: 'pay_B2', orderId: null, reference: null, reason: 'currency-differs' as const, paidPaise: 5_000, paidCurrency: 'USD', expectedPaise: null, flaggedAt: '2026-08-09T06:00:00.000Z' },
  ],
};

function render(lang: Lang, value = flags): string {
  return renderToString(
    <Router ssrPath="/online-payments">
      <I18nProvider initialLang={lang}>
        <FlaggedPayments flags={value} />
      </I18nProvider>
    </Router>,
  );
}

describe('the flagged online payments (decision 069)', () => {
  it('names every reason the server can give', () => {
    expect(Object.keys(FLAG_REASON_LABELS).sort()).toEqual([...ONLINE_PAYMENT_FLAG_REASONS].sort());
  });

  it('lists each with why, what was paid and pledged, the donation and the IDs, in English and Hindi', () => {
    const en = render('en');
    expect(en).toContain('Another amount than the donation’s');
    expect(en).toContain('₹1,000');
    expect(en).toContain('₹1,500');
    expect(en).toContain('USD 50.00');
    expect(en).toContain('href="/donations/ABCD2345"');
    expect(en).toContain('pay_B2');
    const hi = render('hi');
    expect(hi).toContain('दान की राशि से अलग राशि');
    expect(hi).not.toContain('Another amount');
  });

  it('says when there is nothing to look into', () => {
    expect(render('en', { total: 0, items: [] })).toContain('No online payment is waiting to be looked into.');
  });
});

describe('the nightly checks (decision 069)', () => {
  const checks = [
    {
      date: '2026-08-10',
      capturedCount: 3,
      capturedPaise: 300_000,
      verifiedCount: 2,
      verifiedPaise: 200_000,
      differences: [{ kind: 'captured-not-verified' as const, paymentId: 'pay_X1', reference: null, gatewayPaise: 100_000, verifiedPaise: null, isFlagged: true }],
      checkedAt: '2026-08-11T00:00:05.000Z',
    },
    { date: '2026-08-09', capturedCount: 1, capturedPaise: 50_000, verifiedCount: 1, verifiedPaise: 50_000, differences: [], checkedAt: '2026-08-10T00:00:05.000Z' },
  ];
  function renderChecks(lang: Lang, value = checks): string {
    return renderToString(
      <Router ssrPath="/online-payments">
        <I18nProvider initialLang={lang}>
          <NightlyChecks checks={value} />
        </I18nProvider>
      </Router>,
    );
  }

  it('names every kind of difference the server can give', () => {
    expect(Object.keys(DIFFERENCE_LABELS).sort()).toEqual([...ONLINE_PAYMENT_DIFFERENCE_KINDS].sort());
  });

  it('gives each day’s counts, says whether they match, and lists each difference, in English and Hindi', () => {
    const en = renderChecks('en');
    expect(en).toContain('They match.');
    expect(en).toContain('Differences: 1.');
    expect(en).toContain('Captured at Razorpay, but no donation verified by it');
    expect(en).toContain('(also in the flagged list)');
    expect(en).toContain('pay_X1');
    const hi = renderChecks('hi');
    expect(hi).toContain('दोनों मेल खाते हैं।');
    expect(hi).not.toContain('They match.');
    expect(renderChecks('en', [])).toContain('No day has been checked yet.');
  });
});
