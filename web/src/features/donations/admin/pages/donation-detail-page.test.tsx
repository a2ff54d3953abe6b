import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nProvider, loadNamespaces, type Lang } from '#web/i18n/i18n.tsx';
import type { TDonationDetail } from '@sahay/server/modules/donations/verification/get-donation.schema';
import { OnlinePaymentFacts } from './donation-detail-page.tsx';

beforeAll(async () => {
  await loadNamespaces('en', ['core', 'admin', 'messages']);
  await loadNamespaces('hi', ['core', 'admin', 'messages']);
});

const online: NonNullable<TDonationDetail['online']> = {
  orderId: 'order_O1',
  paymentId: 'pay_A1',
  refund: { status: 'pending', refundId: 'rfnd_R1', reason: 'Paid twice', requestedAt: '2026-08-10T06:00:00.000Z' },
  failedPayments: [{ paymentId: 'pay_F1', errorCode: 'BAD_REQUEST_ERROR', errorReason: 'payment_declined', failedAt: '2026-08-09T10:00:00.000Z' }],
};

function render(lang: Lang, value = online): string {
  return renderToString(
    <I18nProvider initialLang={lang}>
      <OnlinePaymentFacts online={value} />
    </I18nProvider>,
  );
}

describe('the online payment on a donation’s admin page (decision 069)', () => {
  it('shows the payment, the refund under way and the failed attempts, in English and Hindi', () => {
    const en = render('en');
    expect(en).toContain('pay_A1');
    expect(en).toContain('Taken by the gateway; the money is on its way back');
    expect(en).toContain('rfnd_R1');
    expect(en).toContain('payment_declined');
    const hi = render('hi');
    expect(hi).toContain('गेटवे ने स्वीकार किया');
    expect(hi).toContain('विफल प्रयास');
    expect(hi).not.toContain('Taken by the gateway');
  });

  it('shows no refund or failures when there are none', () => {
    const html = render('en', { ...online, refund: null, failedPayments: [] });
    expect(html).not.toContain('data-testid="refund-status"');
    expect(html).not.toContain('data-testid="failed-payments"');
  });
});
