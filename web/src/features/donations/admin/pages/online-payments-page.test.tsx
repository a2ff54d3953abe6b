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
  total: 3,
  openCount: 2,
  items: [
    { paymentId: 'pay_A1', orderId: 'order_O1', reference: 'ABCD-2345', reason: 'amount-differs' as const, paidPaise: 100_000, paidCurrency: 'INR', expectedPaise: 150_000, flaggedAt: '2026-08-10T06:00:00.000Z', resolution: null },
    { paymentId: 'pay_B2', orderId: null, reference: null, reason: 'currency-differs' as const, paidPaise: 5_000, paidCurrency: 'USD', expectedPaise: null, flaggedAt: '2026-08-09T06:00:00.000Z', resolution: null },
    {
      paymentId: 'pay_C3',
      orderId: 'order_O3',
      reference: 'CCCC-2345',
      reason: 'paid-twice' as const,
      paidPaise: 20_000,
      paidCurrency: 'INR',
      expectedPaise: 20_000,
      flaggedAt: '2026-08-08T06:00:00.000Z',
      resolution: { resolvedAt: '2026-08-09T09:00:00.000Z', note: 'Refunded in the Razorpay dashboard' },
    },
  ],
};

function render(lang: Lang, value = flags, canResolve = false): string {
  return renderToString(
    <Router ssrPath="/online-payments">
      <I18nProvider initialLang={lang}>
        <FlaggedPayments flags={value} canResolve={canResolve} />
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

  it('lists the open flags apart from the resolved ones, with what was done, and offers "Mark resolved" only on open ones (decision 081)', () => {
    const en = render('en', flags, true);
    expect(en).toContain('Flagged payments still open (2)');
    expect(en).toContain('Resolved (1)');
    expect(en).toContain('Refunded in the Razorpay dashboard');
    expect(en).toContain('data-testid="resolve-pay_A1"');
    expect(en).toContain('data-testid="resolve-pay_B2"');
    expect(en).not.toContain('data-testid="resolve-pay_C3"');
    const [openPart, resolvedPart] = en.split('data-testid="resolved-payments"');
    expect(openPart).not.toContain('pay_C3');
    expect(resolvedPart).toContain('pay_C3');
    const hi = render('hi', flags, true);
    expect(hi).toContain('खुले चिह्नित भुगतान (2)');
    expect(hi).toContain('निपटा हुआ दर्ज करें');
    expect(hi).not.toContain('Mark resolved');
  });

  it('says when there is nothing to look into', () => {
    expect(render('en', { total: 0, openCount: 0, items: [] })).toContain('No online payment is waiting to be looked into.');
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
      differences: [
        { kind: 'captured-not-verified' as const, paymentId: 'pay_X1', reference: null, gatewayPaise: 100_000, verifiedPaise: null, isFlagged: true },
        { kind: 'captured-not-settled' as const, paymentId: 'pay_Y1', reference: 'YYYY-2345', gatewayPaise: 40_000, verifiedPaise: 40_000, isFlagged: false },
      ],
      settlements: { settledCount: 2, settledPaise: 150_000, feesPaise: 3_540, creditedPaise: 146_460, capturedOn: '2026-08-03', capturedCount: 4 },
      checkedAt: '2026-08-11T00:00:05.000Z',
    },
    { date: '2026-08-09', capturedCount: 1, capturedPaise: 50_000, verifiedCount: 1, verifiedPaise: 50_000, differences: [], settlements: null, checkedAt: '2026-08-10T00:00:05.000Z' },
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
    expect(en).toContain('Differences: 2.');
    expect(en).toContain('Settled to the bank that day: 2 payments (₹1,500; Razorpay’s fees ₹35.40; credited ₹1,464.60).');
    expect(en).toContain('no settlement has paid it to the bank yet');
    expect(en).toContain('Captured at Razorpay, but no donation verified by it');
    expect(en).toContain('(also in the flagged list)');
    expect(en).toContain('pay_X1');
    const hi = renderChecks('hi');
    expect(hi).toContain('दोनों मेल खाते हैं।');
    expect(hi).not.toContain('They match.');
    expect(hi).toContain('उस दिन बैंक में सेटलमेंट: 2 भुगतान');
    expect(renderChecks('en', [])).toContain('No day has been checked yet.');
  });
});
