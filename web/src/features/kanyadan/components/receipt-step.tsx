import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { localizeHref } from '#web/i18n/lang-url.ts';
import { formatDate } from '#web/ui/format.ts';
import { useKanyadanOrigin } from '../kanyadan-page-data.ts';
import { statusWordsOf } from '../status-words.ts';
import { PrintAction } from './print-action.tsx';
import type { SubmittedApplication } from './registration-form.tsx';

const C = 'kanyadanSteps.receipt';

/**
 * The printable acknowledgement: the number, the date, the girl's name, district and state, the
 * status, what happens next and the helpline. No documents, and the Aadhaar number masked
 * (XXXX XXXX 1234). The print stylesheet (styles.css, "Kanyadan registration") prints this alone.
 */
export default function ReceiptStep({ application, onStatus }: { application: SubmittedApplication; onStatus: () => void }) {
  const t = useT();
  const { lang } = useLang();
  const settings = useSiteSettings();
  const foundation = settings.foundationName[lang] || settings.foundationName.en;
  const stateName = application.state ? t(`kanyadan.registration.states.${application.state}`) : '';
  // The status page's full address, printed: "this page" means nothing on paper (issue 32).
  const statusAddress = `${useKanyadanOrigin()}${localizeHref('/kanyadanRegistration?step=status', lang)}`;
  const [addressBefore, addressAfter = ''] = t(`${C}.next2`).split('{address}');
  const words = statusWordsOf(application.status, application.feeUtrGiven);

  return (
    <div className="kanyadan-receipt-step">
      <article className="kanyadan-receipt" aria-labelledby="kanyadan-receipt-title" data-testid="kanyadan-receipt">
        <p className="receipt-foundation">{foundation}</p>
        <h3 id="kanyadan-receipt-title">{t(`${C}.title`)}</h3>
        <dl className="facts receipt-facts">
          <div>
            <dt>{t(`${C}.regNo`)}</dt>
            <dd className="mono receipt-number" data-testid="receipt-reg-no">
              {application.regNo}
            </dd>
          </div>
          <div>
            <dt>{t(`${C}.date`)}</dt>
            <dd>{formatDate(`${application.submittedOn}T12:00:00+05:30`, lang)}</dd>
          </div>
          <div>
            <dt>{t(`${C}.girlName`)}</dt>
            <dd>{application.girlName}</dd>
          </div>
          <div>
            <dt>{t(`${C}.place`)}</dt>
            <dd>{[application.district, stateName].filter(Boolean).join(', ')}</dd>
          </div>
          {application.aadhaarMasked && (
            <div>
              <dt>{t(`${C}.aadhaar`)}</dt>
              <dd className="mono">{application.aadhaarMasked}</dd>
            </div>
          )}
          <div>
            <dt>{t(`${C}.status`)}</dt>
            <dd data-testid="receipt-status">{words ? t(words.label) : application.status}</dd>
          </div>
        </dl>
        <h4>{t(`${C}.nextHeading`)}</h4>
        <ol className="steps">
          <li>{t(`${C}.next1`)}</li>
          <li data-testid="receipt-status-address">
            {addressBefore}
            <a href={statusAddress} className="receipt-address">
              {statusAddress}
            </a>
            {addressAfter}
          </li>
          <li>{t(`${C}.next3`)}</li>
        </ol>
        <p>
          <strong>{t(`${C}.notPromise`)}</strong>
        </p>
        <p>
          {t(`${C}.helpline`)}:{' '}
          {settings.phone && (
            <>
              <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
              {' · '}
            </>
          )}
          <a href={`mailto:${settings.email}`}>{settings.email}</a>
        </p>
      </article>
      <PrintAction label={t(`${C}.print`)} testId="print-receipt" isPrimary>
        <button type="button" className="btn btn-secondary" onClick={onStatus}>
          {t(`${C}.toStatus`)}
        </button>
      </PrintAction>
    </div>
  );
}
