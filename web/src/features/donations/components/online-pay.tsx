import { useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { TPaymentDetails } from '@sahay/server/modules/donations/giving/create-donation.schema';
import type { ProcedureOutput } from '#web/api/procedure-fetch.ts';
import { useProcedureMutation } from '#web/api/use-procedure.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { FormError, Notice } from '#web/ui/form/form-status.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { displayReference } from '../reference.public.ts';
import { checkoutOptionsOf, loadCheckout, type CheckoutSuccess, type TypedDonor } from '../razorpay-checkout.ts';

/** donations.confirmOnlinePayment's answer: the reference, `verified` and the receipt's serial. */
export type ConfirmedPayment = ProcedureOutput<'donations.confirmOnlinePayment'>;

/**
 * Paying a pledge online through Razorpay Checkout (issue 33; docs/decisions/068). Shown first in
 * the pay step when the pledge's answer carries a gateway order; Checkout's script is loaded only
 * when the donor taps the button. Whatever happens in Checkout, the UPI and bank-transfer ways
 * below stay on the page.
 */
export type OnlinePayState =
  | { phase: 'idle' }
  /** Checkout's script is being fetched. */
  | { phase: 'loading' }
  /** Checkout is open; `hasFailed`: a payment attempt in it failed (the donor may try again in it). */
  | { phase: 'open'; hasFailed: boolean }
  /** Checkout handed back a payment: being confirmed with the server. */
  | { phase: 'confirming'; result: CheckoutSuccess }
  | { phase: 'paid'; answer: ConfirmedPayment }
  /** Closed before paying. */
  | { phase: 'dismissed' }
  /** Closed after a failed attempt. */
  | { phase: 'failed' }
  /** The script could not be loaded (offline, blocked). */
  | { phase: 'unavailable' }
  /** The server did not confirm the payment Checkout handed back (or could not be reached): it may be asked again. */
  | { phase: 'refused'; result: CheckoutSuccess; error: unknown };

export type OnlinePayEvent =
  | { type: 'start' }
  | { type: 'loadFailed' }
  | { type: 'opened' }
  | { type: 'paymentFailed' }
  | { type: 'dismissed' }
  | { type: 'handedBack'; result: CheckoutSuccess }
  | { type: 'confirmed'; answer: ConfirmedPayment }
  | { type: 'confirmFailed'; error: unknown };

/** The pay-online part's next state. Once a payment is handed back, Checkout's later events change nothing. */
export function nextOnlinePay(state: OnlinePayState, event: OnlinePayEvent): OnlinePayState {
  switch (event.type) {
    case 'start':
      return state.phase === 'loading' || state.phase === 'open' || state.phase === 'confirming' || state.phase === 'paid' ? state : { phase: 'loading' };
    case 'loadFailed':
      return state.phase === 'loading' ? { phase: 'unavailable' } : state;
    case 'opened':
      return state.phase === 'loading' ? { phase: 'open', hasFailed: false } : state;
    case 'paymentFailed':
      return state.phase === 'open' ? { phase: 'open', hasFailed: true } : state;
    case 'dismissed':
      return state.phase === 'open' ? { phase: state.hasFailed ? 'failed' : 'dismissed' } : state;
    case 'handedBack':
      return state.phase === 'paid' ? state : { phase: 'confirming', result: event.result };
    case 'confirmed':
      return { phase: 'paid', answer: event.answer };
    case 'confirmFailed':
      return state.phase === 'confirming' ? { phase: 'refused', result: state.result, error: event.error } : state;
  }
}

/** What the part shows in each state: no hooks but the texts', so each state renders on its own (tests). */
export function OnlinePayView({ state, amountPaise, onPay, onConfirmAgain }: { state: OnlinePayState; amountPaise: number; onPay: () => void; onConfirmAgain: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const amount = formatMoney(amountPaise);
  const isBusy = state.phase === 'loading' || state.phase === 'open' || state.phase === 'confirming';
  const progress = state.phase === 'loading' ? t('onlinePay.opening') : state.phase === 'confirming' ? t('onlinePay.confirming') : '';
  const problem =
    state.phase === 'dismissed'
      ? { message: t('onlinePay.dismissed') }
      : state.phase === 'failed' || (state.phase === 'open' && state.hasFailed)
        ? { message: t('onlinePay.failed') }
        : state.phase === 'unavailable'
          ? { message: t('onlinePay.unavailable'), hint: t('common.checkConnection') }
          : state.phase === 'refused'
            ? errorText(state.error, 'onlinePay.notConfirmed')
            : undefined;
  return (
    <section aria-labelledby="online-heading" className="panel" data-testid="online-pay" data-phase={state.phase}>
      <h3 id="online-heading">{t('onlinePay.heading')}</h3>
      <p>{t('onlinePay.intro')}</p>
      <p role="status" data-testid="online-progress">
        {progress}
      </p>
      <div data-testid="online-problem">
        <FormError message={problem?.message} hint={problem?.hint} />
      </div>
      {state.phase === 'refused' ? (
        <p>
          <button type="button" className="btn btn-primary" onClick={onConfirmAgain} data-testid="online-confirm-again">
            {t('onlinePay.confirmAgain')}
          </button>
        </p>
      ) : (
        <p>
          <button type="button" className="btn btn-primary" onClick={onPay} disabled={isBusy} aria-busy={isBusy || undefined} data-testid="pay-online">
            {t(state.phase === 'idle' || isBusy ? 'onlinePay.pay' : 'onlinePay.payAgain', { amount })}
          </button>
        </p>
      )}
      <p className="field-hint">{t(state.phase === 'refused' ? 'onlinePay.refusedHint' : 'onlinePay.orOffline')}</p>
    </section>
  );
}

/** The thanks once the server has confirmed the payment: the receipt is on its way; the status page has it too. */
export function OnlinePaidView({ answer, amountPaise, contact, isFirstShown = true }: { answer: ConfirmedPayment; amountPaise: number; contact: string; isFirstShown?: boolean }) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reference = displayReference(answer.reference);
  useEffect(() => {
    if (isFirstShown) headingRef.current?.focus();
  }, [isFirstShown]);
  return (
    <section aria-labelledby="paid-heading" className="pay-step" data-testid="online-paid">
      <h2 id="paid-heading" ref={headingRef} tabIndex={-1}>
        {t('onlinePay.paidHeading', { amount: formatMoney(amountPaise) })}
      </h2>
      <Notice tone="success">
        <p>{t('onlinePay.paidText', { reference })}</p>
        <p>{t(contact ? 'onlinePay.receiptOnItsWay' : 'onlinePay.receiptOnStatus', { serial: answer.receiptSerial, contact })}</p>
      </Notice>
      <p>
        <Link href={`/donate/status?reference=${encodeURIComponent(reference)}`} state={{ contact }} className="btn btn-secondary" data-testid="online-paid-status">
          {t('onlinePay.statusLink')}
        </Link>
      </p>
    </section>
  );
}

/** The part itself: Checkout loaded on the tap, opened on the pledge's order, and what it hands back confirmed. */
export function OnlinePay({
  pay,
  donor,
  onPaid,
  isOpenedAtOnce = false,
}: {
  pay: TPaymentDetails & { razorpay: NonNullable<TPaymentDetails['razorpay']> };
  donor: TypedDonor | null;
  onPaid: (answer: ConfirmedPayment) => void;
  /** Opens Checkout as soon as it is shown: the donor has just tapped "Pay online" for an order made on demand (decision 081). */
  isOpenedAtOnce?: boolean;
}) {
  const t = useT();
  const { lang } = useLang();
  const settings = useSiteSettings();
  const [state, dispatch] = useReducer(nextOnlinePay, { phase: 'idle' });
  const confirm = useProcedureMutation('donations.confirmOnlinePayment');

  async function send(result: CheckoutSuccess) {
    dispatch({ type: 'handedBack', result });
    await confirm.mutate(result, {
      onSuccess: (answer) => {
        dispatch({ type: 'confirmed', answer });
        onPaid(answer);
      },
      onError: (error) => dispatch({ type: 'confirmFailed', error }),
    });
  }

  async function open() {
    dispatch({ type: 'start' });
    let Checkout;
    try {
      Checkout = await loadCheckout();
    } catch {
      dispatch({ type: 'loadFailed' });
      return;
    }
    const options = checkoutOptionsOf(pay, donor, { name: settings.foundationName[lang] || settings.foundationName.en || t('site.name'), description: t('onlinePay.description', { reference: displayReference(pay.reference) }) });
    try {
      const checkout = new Checkout({ ...options, handler: (result) => void send(result), modal: { ondismiss: () => dispatch({ type: 'dismissed' }) } });
      checkout.on('payment.failed', () => dispatch({ type: 'paymentFailed' }));
      dispatch({ type: 'opened' });
      checkout.open();
    } catch {
      // A script that is not the Checkout we know: as if it had not loaded.
      dispatch({ type: 'loadFailed' });
    }
  }

  // Opening Checkout follows the donor's tap that made the order: an effect of the part appearing, once.
  const hasOpened = useRef(false);
  useEffect(() => {
    if (!isOpenedAtOnce || hasOpened.current) return;
    hasOpened.current = true;
    void open();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, [isOpenedAtOnce]);

  return (
    <OnlinePayView
      state={state}
      amountPaise={pay.amountPaise}
      onPay={() => void open()}
      onConfirmAgain={() => {
        if (state.phase === 'refused') void send(state.result);
      }}
    />
  );
}

/**
 * Paying online from the status page for a pledge with no order at the gateway yet (decision 081):
 * the tap asks `donations.payOnline` (the reference and contact the donor looked it up with) for
 * the pledge's one order, then opens Checkout on it. A refusal or a gateway that cannot be reached
 * is said in a sentence; UPI and bank transfer stay below.
 */
export function OnlinePayOnDemand({ pay, contact, onPaid }: { pay: TPaymentDetails; contact: string; onPaid: (answer: ConfirmedPayment) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const [order, setOrder] = useState<NonNullable<TPaymentDetails['razorpay']> | null>(null);
  const ask = useProcedureMutation('donations.payOnline');
  if (order) return <OnlinePay pay={{ ...pay, razorpay: order }} donor={null} onPaid={onPaid} isOpenedAtOnce />;
  const problem = ask.error ? errorText(ask.error, 'onlinePay.notPrepared') : undefined;
  return (
    <section aria-labelledby="online-heading" className="panel" data-testid="online-pay" data-phase={ask.isPending ? 'preparing' : 'idle'}>
      <h3 id="online-heading">{t('onlinePay.heading')}</h3>
      <p>{t('onlinePay.intro')}</p>
      <p role="status" data-testid="online-progress">
        {ask.isPending ? t('onlinePay.preparing') : ''}
      </p>
      <div data-testid="online-problem">
        <FormError message={problem?.message} hint={problem?.hint} />
      </div>
      <p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={ask.isPending}
          aria-busy={ask.isPending || undefined}
          onClick={() => void ask.mutate({ reference: pay.reference, contact }, { onSuccess: setOrder })}
          data-testid="pay-online"
        >
          {t('onlinePay.pay', { amount: formatMoney(pay.amountPaise) })}
        </button>
      </p>
      <p className="field-hint">{t('onlinePay.orOffline')}</p>
    </section>
  );
}
