import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { TPaymentDetails } from '@sahay/server/modules/donations/giving/create-donation.schema';
import { useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { QrSvg } from '#web/ui/qr-svg.tsx';
import { rupeesText } from '../amount.public.ts';
import { deviceStorage, rememberLastReference } from '../last-reference.ts';
import { displayReference } from '../reference.public.ts';
import { CopyField, useCopyAnnouncer } from '#web/ui/form/copy-field.tsx';
import { ProofForm } from './proof-form.tsx';
import { useFcraTexts } from '../hooks/use-fcra-texts.ts';
import { useOnlinePayTexts } from '../hooks/use-online-pay-texts.ts';
import type { TypedDonor } from '../razorpay-checkout.ts';
import { OnlinePaidView, OnlinePay, OnlinePayOnDemand, type ConfirmedPayment } from './online-pay.tsx';

/**
 * How to pay a pledge: its reference; with the payment gateway's order, paying online first
 * (Razorpay Checkout, loaded on the tap: online-pay.tsx); a UPI QR code and a upi:// link that opens the payment app on
 * a phone, the bank details, each with a Copy button; then the proof form. Loaded only once a
 * pledge exists (its own chunk: most of the donate page's first visit never needs it).
 */
export default function PayStep({
  pay,
  contact,
  onProofSent,
  isFirstShown = false,
  donor = null,
  canPayOnline = false,
}: {
  pay: TPaymentDetails;
  contact: string;
  /** The gateway is configured and the pledge has no order yet (the status page, decision 081): "Pay online" makes it on the tap. */
  canPayOnline?: boolean;
  /** What the donor typed into the form (on /donate), to prefill Checkout with; nothing else is sent. */
  donor?: TypedDonor | null;
  /** Called once the proof is accepted; the thanks stay on screen (on /donate, with a link to the status). */
  onProofSent?: (status: string) => void;
  /** Just created: the step takes focus, so a screen reader starts reading here. */
  isFirstShown?: boolean;
}) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { announce, region } = useCopyAnnouncer();
  const reference = displayReference(pay.reference);
  const amount = formatMoney(pay.amountPaise);
  // Settings may lack some bank fields on a new installation: show what there is, nothing empty.
  const bankRows = (
    [
      { key: 'account-name', label: 'donate.pay.accountName', value: pay.bank.accountName, isMono: false },
      { key: 'account-number', label: 'donate.pay.accountNumber', value: pay.bank.accountNumber, isMono: true },
      { key: 'ifsc', label: 'donate.pay.ifsc', value: pay.bank.ifsc, isMono: true },
      { key: 'bank-name', label: 'donate.pay.bankName', value: pay.bank.bankName, isMono: false },
    ] as const
  ).filter((row) => row.value !== '');
  const hasBankDetails = pay.bank.accountNumber !== '' && pay.bank.ifsc !== '';
  // A foreign contribution's account is headed as the FCRA account, in texts loaded for it.
  const hasFcraTexts = useFcraTexts(pay.isForeignContribution);
  const isForeign = pay.isForeignContribution && hasFcraTexts;
  // Paying online's texts come only with a gateway order (their own namespace: the page's byte budget).
  const hasOnlineTexts = useOnlinePayTexts(Boolean(pay.razorpay) || canPayOnline);
  const [paid, setPaid] = useState<ConfirmedPayment | null>(null);

  // Moving focus is an effect of the step appearing, not derived state.
  useEffect(() => {
    if (isFirstShown) headingRef.current?.focus();
  }, [isFirstShown]);
  // Kept on this device, so /donate/status offers it next time (issue 32).
  useEffect(() => rememberLastReference(deviceStorage(), pay.reference), [pay.reference]);

  // Paid online and confirmed: the receipt is on its way; nothing more to pay or prove.
  if (paid) return <OnlinePaidView answer={paid} amountPaise={pay.amountPaise} contact={contact} />;

  return (
    <section aria-labelledby="pay-heading" className="pay-step" data-testid="pay-step">
      <h2 id="pay-heading" ref={headingRef} tabIndex={-1}>
        {t('donate.pay.heading', { amount })}
      </h2>
      <div className="notice">
        <p>{t('donate.pay.referenceIntro')}</p>
        <p className="donation-reference mono" data-testid="donation-reference">
          {reference}
        </p>
        <CopyField label={t('donate.pay.reference')} value={reference} onCopy={announce} />
        <p>{t('donate.pay.referenceKeep')}</p>
      </div>

      {pay.razorpay && hasOnlineTexts && <OnlinePay pay={{ ...pay, razorpay: pay.razorpay }} donor={donor} onPaid={setPaid} />}
      {!pay.razorpay && canPayOnline && contact !== '' && hasOnlineTexts && <OnlinePayOnDemand pay={pay} contact={contact} onPaid={setPaid} />}

      {pay.upiQrText && (
        <section aria-labelledby="upi-heading" className="panel" data-testid="upi-section">
          <h3 id="upi-heading">{t('donate.pay.upiHeading')}</h3>
          {/* A tap-to-pay link only to a merchant VPA: UPI apps refuse one with an amount to a personal VPA (issue 33). */}
          <p>{t(pay.upiLink ? 'donate.pay.upiIntro' : 'donate.pay.upiScanIntro')}</p>
          <div data-testid="upi-qr" data-qr-text={pay.upiQrText}>
            <QrSvg text={pay.upiQrText} label={t('donate.pay.qrLabel', { amount, payee: pay.payeeName, reference })} />
          </div>
          {pay.upiLink ? (
            <>
              <p>
                <a className="btn btn-primary" href={pay.upiLink} data-testid="upi-link">
                  {t('donate.pay.openUpiApp', { amount })}
                </a>
              </p>
              <p className="field-hint">{t('donate.pay.upiLinkHint')}</p>
            </>
          ) : (
            <>
              <h4 id="upi-steps-heading">{t('donate.pay.upiStepsHeading')}</h4>
              <ol aria-labelledby="upi-steps-heading" data-testid="upi-steps">
                <li>{t('donate.pay.upiStepOpen')}</li>
                <li>{t('donate.pay.upiStepVpa', { vpa: pay.vpa, payee: pay.payeeName })}</li>
                <li>{t('donate.pay.upiStepAmount', { amount })}</li>
                <li>{t('donate.pay.upiStepRemark', { reference })}</li>
              </ol>
            </>
          )}
          <CopyField label={t('donate.pay.vpa')} value={pay.vpa} onCopy={announce} testId="copy-vpa" />
          <CopyField label={t('donate.pay.payee')} value={pay.payeeName} onCopy={announce} isMono={false} />
          <CopyField label={t('donate.pay.amount')} value={rupeesText(pay.amountPaise)} onCopy={announce} />
        </section>
      )}
      {!pay.upiQrText && !pay.isForeignContribution && pay.amountPaise > pay.upiCapPaise && (
        <p data-testid="upi-above-cap">{t('donate.pay.aboveUpiCap', { cap: formatMoney(pay.upiCapPaise) })}</p>
      )}

      {hasBankDetails && (
        <section aria-labelledby="bank-heading" className="panel" data-testid={isForeign ? 'fcra-account' : 'bank-account'}>
          <h3 id="bank-heading">{t(isForeign ? 'fcra.payHeading' : 'donate.pay.bankHeading')}</h3>
          <p>{t(isForeign ? 'fcra.payIntro' : 'donate.pay.bankIntro', { reference })}</p>
          {bankRows.map((row) => (
            <CopyField key={row.key} label={t(row.label)} value={row.value} onCopy={announce} isMono={row.isMono} testId={`copy-${row.key}`} />
          ))}
        </section>
      )}
      {!pay.upiQrText && !hasBankDetails && (
        <Notice tone="warning">
          <p>{t('donate.pay.noDetails')}</p>
        </Notice>
      )}
      {region}

      <section aria-labelledby="proof-heading" className="panel">
        <h3 id="proof-heading">{t('donate.proof.heading')}</h3>
        <p>{t('donate.proof.intro')}</p>
        <ProofForm
          reference={pay.reference}
          contact={contact}
          onSent={onProofSent}
          afterSent={
            <Link href={`/donate/status?reference=${encodeURIComponent(reference)}`} state={{ contact }} className="btn btn-secondary" data-testid="see-status">
              {t('donate.proof.seeStatus')}
            </Link>
          }
        />
      </section>
      <p>
        {t('donate.pay.later')}{' '}
        <Link href={`/donate/status?reference=${encodeURIComponent(reference)}`}>{t('donate.pay.statusLink')}</Link>
      </p>
    </section>
  );
}
