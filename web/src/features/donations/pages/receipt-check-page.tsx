import { useParams, useSearch } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useVerifyReceipt } from '../hooks/use-verify-receipt.ts';

/** The serial arrives as one path segment with its slashes escaped (PREFIX%2F2026-27%2F000123). */
function serialOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * /donate/receipt/:serial?s=… — the public check behind the QR code on a donation receipt, as the
 * I-card check is for cards: genuine or not, and what the receipt must say (serial, amount, date),
 * never who gave. The server renders the shell; the browser asks once it has hydrated.
 */
export default function ReceiptCheckPage() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  usePageMeta('receiptCheck.metaTitle', 'receiptCheck.metaDescription', { isNoIndex: true });
  const { serial = '' } = useParams<{ serial?: string }>();
  const signature = new URLSearchParams(useSearch()).get('s') ?? '';
  const result = useVerifyReceipt({ serial: serialOf(serial), signature });
  const failure = result.error ? errorText(result.error, 'receiptCheck.failed') : undefined;
  const data = result.data;

  return (
    <div className="container page-narrow">
      <h1>{t('receiptCheck.heading')}</h1>
      <div role="status" data-testid="receipt-check">
        {result.isLoading && <p className="loading">{t('receiptCheck.checking')}</p>}
        {data?.isGenuine === false && (
          <div className="verdict verdict-bad">
            <p className="verdict-title">{t('receiptCheck.notGenuine')}</p>
            <p>{t('receiptCheck.notGenuineHelp')}</p>
          </div>
        )}
        {data?.isGenuine && (
          <div className={data.isCancelled ? 'verdict verdict-bad' : 'verdict verdict-good'}>
            <p className="verdict-title">{t(data.isCancelled ? 'receiptCheck.cancelled' : 'receiptCheck.genuine')}</p>
            {data.isCancelled && <p>{t('receiptCheck.cancelledHelp')}</p>}
            <dl className="facts">
              <div>
                <dt>{t('receiptCheck.serial')}</dt>
                <dd className="mono">{data.serial ?? serialOf(serial)}</dd>
              </div>
              {data.amountPaise !== undefined && (
                <div>
                  <dt>{t('receiptCheck.amount')}</dt>
                  <dd>{formatMoney(data.amountPaise)}</dd>
                </div>
              )}
              {data.issuedOn && (
                <div>
                  <dt>{t('receiptCheck.issuedOn')}</dt>
                  <dd>{formatDate(data.issuedOn, lang)}</dd>
                </div>
              )}
            </dl>
          </div>
        )}
      </div>
      {failure && (
        <div role="alert" className="form-error">
          <p>{failure.message}</p>
          {failure.hint && <p className="form-error-hint">{failure.hint}</p>}
        </div>
      )}
      <p className="field-hint">{t('receiptCheck.about')}</p>
    </div>
  );
}
