import { useState } from 'react';
import type { TStartMonthlyPlanResponse } from '@sahay/server/modules/donations/monthly/monthly-plan.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { formatMoney } from '#web/ui/format.ts';
import { Notice } from '#web/ui/form/form-status.tsx';
import { useNamespaceTexts } from '#web/i18n/use-namespace-texts.ts';
import { loadCheckout, type CheckoutConstructor, type SubscriptionCheckoutOptions, type TypedDonor } from '../razorpay-checkout.ts';

type Authorising = 'idle' | 'opening' | 'done' | 'closed' | 'failed';

/**
 * After "every month" on /donate (decision 079): what was set up, where the manage link went (never
 * shown here: anyone can type anyone's e-mail), and with the gateway the button that opens
 * Checkout on the subscription for the donor to authorise UPI AutoPay, an e-mandate or a card.
 */
export default function MonthlyStarted({ answer, donor }: { answer: TStartMonthlyPlanResponse; donor: TypedDonor }) {
  const t = useT();
  const settings = useSiteSettings();
  const { lang } = useLang();
  const [authorising, setAuthorising] = useState<Authorising>('idle');
  const vars = { amount: formatMoney(answer.amountPaise), day: answer.dayOfMonth, date: answer.firstOn };
  // Its texts are a namespace of their own (the donate pages' byte budget): loaded with this panel.
  const hasTexts = useNamespaceTexts('monthly', true);

  async function authorise() {
    if (!answer.razorpay) return;
    setAuthorising('opening');
    let Checkout: CheckoutConstructor;
    try {
      Checkout = await loadCheckout();
    } catch {
      setAuthorising('failed');
      return;
    }
    const prefill: Record<string, string> = {};
    if (donor.donorName.trim()) prefill.name = donor.donorName.trim();
    if (donor.email.trim()) prefill.email = donor.email.trim();
    if (donor.phone.trim()) prefill.contact = donor.phone.replace(/[\s-]/g, '');
    const options: SubscriptionCheckoutOptions = {
      key: answer.razorpay.keyId,
      subscription_id: answer.razorpay.subscriptionId,
      name: settings.foundationName[lang] || settings.foundationName.en || t('site.name'),
      description: t('monthly.started.checkoutDescription', vars),
      prefill,
      handler: () => setAuthorising('done'),
      modal: { ondismiss: () => setAuthorising((current) => (current === 'done' ? current : 'closed')) },
    };
    new Checkout(options).open();
  }

  if (!hasTexts) return <p role="status">{t('common.loading')}</p>;
  return (
    <section className="panel" aria-labelledby="monthly-started-heading" data-testid="monthly-started">
      <h2 id="monthly-started-heading">{t('monthly.started.heading')}</h2>
      <p>{t('monthly.started.text', vars)}</p>
      <p>{t(answer.linkSentBy === 'email' ? 'monthly.started.linkByEmail' : 'monthly.started.linkBySms')}</p>
      {answer.razorpay ? (
        <>
          <p>{t('monthly.started.authoriseText', vars)}</p>
          {authorising === 'done' ? (
            <Notice tone="success">{t('monthly.started.authorised', vars)}</Notice>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void authorise()} disabled={authorising === 'opening'} data-testid="monthly-authorise">
              {t('monthly.started.authorise')}
            </button>
          )}
          {authorising === 'closed' && <p role="status">{t('monthly.started.closed')}</p>}
          {authorising === 'failed' && <Notice tone="warning">{t('monthly.started.failed')}</Notice>}
        </>
      ) : (
        <p>{t('monthly.started.reminderText', vars)}</p>
      )}
    </section>
  );
}
