import type { TApplicationStatus } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { QrSvg } from '#web/ui/qr-svg.tsx';
import { upiFeeLink } from '../upi-link.ts';
import { CopyField, useCopyAnnouncer } from '#web/ui/form/copy-field.tsx';
import { FeeProofForm } from './fee-proof-form.tsx';

const P = 'kanyadanSteps.payment';

/**
 * How to pay the registration fee, when one applies (PRODUCT.md §7): what the fee is for and that
 * it buys no promise, the amount, and the foundation's UPI ID (QR code and a link that opens a
 * payment app) and bank account from settings, with the registration number as the reference.
 * The family pays, then sends the payment's UTR; a finance admin finds and records the payment. Its own chunk (the QR encoder
 * comes with it): most families never see it.
 */
export default function PaymentDetails({
  regNo,
  feePaise,
  phone,
  utrGiven = null,
  onUtrSent,
}: {
  regNo: string;
  feePaise: number;
  phone?: string;
  utrGiven?: string | null;
  onUtrSent?: (status: TApplicationStatus) => void;
}) {
  const t = useT();
  const { lang } = useLang();
  const settings = useSiteSettings();
  const { announce, region } = useCopyAnnouncer();
  const amount = formatMoney(feePaise);
  const payee = settings.upiPayeeName || settings.foundationName[lang] || settings.foundationName.en;
  const merchantCode = settings.upiIsMerchant && settings.upiMerchantCode ? settings.upiMerchantCode : null;
  // The QR's text; a tap-to-pay link only to a merchant VPA, since UPI apps refuse one with an amount to a personal VPA (issue 33).
  const upiLink = upiFeeLink({ vpa: settings.upiVpa, payeeName: payee, amountPaise: feePaise, regNo, merchantCode });
  const bankRows = [
    { label: t(`${P}.accountName`), value: settings.bankAccountName, isMono: false },
    { label: t(`${P}.accountNumber`), value: settings.bankAccountNumber, isMono: true },
    { label: t(`${P}.ifsc`), value: settings.bankIfsc, isMono: true },
    { label: t(`${P}.bankName`), value: settings.bankName, isMono: false },
  ].filter((row) => row.value !== '');
  const hasBank = settings.bankAccountNumber !== '' && settings.bankIfsc !== '';

  return (
    <div className="payment-details" data-testid="kanyadan-payment">
      <p className="fee-amount" data-testid="fee-amount">
        {t(`${P}.amount`, { amount })}
      </p>
      <Notice tone="warning">
        <p>{t(`${P}.why`)}</p>
      </Notice>
      <p>
        <strong>{t(`${P}.reference`, { regNo })}</strong>
      </p>
      {upiLink && (
        <section className="panel" aria-labelledby={`upi-${regNo}`}>
          <h3 id={`upi-${regNo}`}>{t(`${P}.upiHeading`)}</h3>
          <p>{t(merchantCode ? `${P}.upiIntro` : `${P}.upiScanIntro`)}</p>
          <div data-testid="fee-upi-qr" data-qr-text={upiLink}>
            <QrSvg text={upiLink} label={t(`${P}.qrLabel`, { amount, payee, regNo })} />
          </div>
          {merchantCode ? (
            <p>
              <a className="btn btn-primary" href={upiLink} data-testid="fee-upi-link">
                {t(`${P}.openUpi`, { amount })}
              </a>
            </p>
          ) : (
            <p data-testid="fee-upi-steps">{t(`${P}.upiTypeSteps`, { vpa: settings.upiVpa, amount, regNo })}</p>
          )}
          <CopyField label={t(`${P}.vpa`)} value={settings.upiVpa} onCopy={announce} />
          <CopyField label={t(`${P}.payee`)} value={payee} onCopy={announce} isMono={false} />
        </section>
      )}
      {hasBank && (
        <section className="panel" aria-labelledby={`bank-${regNo}`}>
          <h3 id={`bank-${regNo}`}>{t(`${P}.bankHeading`)}</h3>
          {bankRows.map((row) => (
            <CopyField key={row.label} label={row.label} value={row.value} onCopy={announce} isMono={row.isMono} />
          ))}
        </section>
      )}
      {!upiLink && !hasBank && (
        <Notice tone="warning">
          <p>{t(`${P}.noDetails`)}</p>
          {settings.phone && (
            <p>
              <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
            </p>
          )}
        </Notice>
      )}
      {region}
      <p>{t(`${P}.after`)}</p>
      <FeeProofForm regNo={regNo} phone={phone} utrGiven={utrGiven} onSent={onUtrSent} />
    </div>
  );
}
