import { useParams, useSearch } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate } from '#web/ui/format.ts';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useVerifyCard } from '../hooks/use-verify-card.ts';

/**
 * /verify/:memberId?s=… — the public check behind the QR code on a member's I-card (PRODUCT.md §3).
 * The server renders the page shell; the browser asks community.verifyCard once it has hydrated
 * (the server's page renderer has public site data only). A wrong signature gets one plain answer.
 * No photo here, ever (privacy): the member's I-card photo is on the card they print, and served to
 * them and to staff only; anyone may scan a card, so this page shows the name, join date and status.
 */
export default function VerifyCardPage() {
  const t = useT();
  const { lang } = useLang();
  const errorText = useErrorText();
  usePageMeta('verifyCard.metaTitle', 'verifyCard.metaDescription', { isNoIndex: true });
  const { memberId = '' } = useParams<{ memberId?: string }>();
  const signature = new URLSearchParams(useSearch()).get('s') ?? '';
  const result = useVerifyCard({ userId: memberId, signature });
  const failure = result.error ? errorText(result.error, 'verifyCard.failed') : undefined;

  return (
    <div className="container page-narrow">
      <h1>{t('verifyCard.heading')}</h1>
      <div role="status" data-testid="verify-result">
        {result.isLoading && <p className="loading">{t('verifyCard.checking')}</p>}
        {result.data?.isGenuine === false && (
          <div className="verdict verdict-bad">
            <p className="verdict-title">{t('verifyCard.notGenuine')}</p>
            <p>{t('verifyCard.notGenuineHelp')}</p>
          </div>
        )}
        {result.data?.isGenuine && (
          <div className="verdict verdict-good">
            <p className="verdict-title">{t('verifyCard.genuine')}</p>
            <dl className="facts">
              <div>
                <dt>{t('verifyCard.name')}</dt>
                <dd>{result.data.fullName}</dd>
              </div>
              <div>
                <dt>{t('verifyCard.userId')}</dt>
                <dd className="mono">{memberId.toUpperCase()}</dd>
              </div>
              <div>
                <dt>{t('verifyCard.joined')}</dt>
                <dd>{result.data.joinedAt ? formatDate(result.data.joinedAt, lang) : t('common.none')}</dd>
              </div>
              <div>
                <dt>{t('verifyCard.status')}</dt>
                <dd>{t(result.data.isActive ? 'verifyCard.active' : 'verifyCard.notActive')}</dd>
              </div>
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
      <p className="field-hint">{t('verifyCard.about')}</p>
    </div>
  );
}
