import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TApplicationStatus } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { fieldErrorsOf, httpStatusOf, serverMessageOf, type FieldErrors } from '#web/api/errors.ts';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { useApplicationStatus } from '../hooks/use-application-status.ts';
import { loadServerMessages } from '../load-server-messages.ts';
import { readRecent } from '../recent-applications.ts';
import { statusWordsOf } from '../status-words.ts';
import { PrintAction } from './print-action.tsx';

const routesSchema = lazyModule(() => import('@sahay/server/modules/kanyadan/kanyadan-routes.schema'));
const PaymentDetails = lazy(() => import('./payment-step.tsx'));

const S = 'kanyadan.registration.status';

/**
 * The Status step: look an application up by its registration number and the phone given in it
 * (kanyadan.getStatus), see its state in plain words, a rejection's reason in the page's language
 * and what to do next; below, the numbers of applications made on this device, each of which
 * fills in the look-up. `onNewApplication`: the family came back to the page and sees their newest
 * application from this device first, with a way to the empty form.
 */
export default function StatusStep({ initialRegNo = '', onNewApplication }: { initialRegNo?: string; onNewApplication?: () => void }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const status = useApplicationStatus();
  const [values, setValues] = useState({ regNo: initialRegNo, phone: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [isChecking, setIsChecking] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);

  // The device's list lives in localStorage, outside React (and absent while the server renders).
  useEffect(() => {
    setRecent(readRecent(typeof localStorage === 'undefined' ? undefined : localStorage));
  }, []);

  const serverErrors = fieldErrorsOf(status.error);
  const fieldErrors: FieldErrors = { ...serverErrors, ...clientErrors };
  const errorsFor = (field: 'regNo' | 'phone') => fieldErrors[field]?.map(translateServer);
  const failure = lookupFailure();
  function lookupFailure(): { message: string; hint?: string } | undefined {
    if (!status.error || serverErrors.regNo || serverErrors.phone) return undefined;
    if (httpStatusOf(status.error) === 429) {
      const message = serverMessageOf(status.error);
      return { message: message ? translateServer(message) : t(`${S}.tooMany`), hint: message ? t(`${S}.tooMany`) : undefined };
    }
    return errorText(status.error, `${S}.failed`);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsChecking(true);
    const [schema] = await Promise.all([routesSchema.load(), loadServerMessages(lang)]);
    setIsChecking(false);
    const parsed = schema?.ZGetApplicationStatusRequestSchema.safeParse(values);
    if (parsed && !parsed.success) {
      const found = issuesToFieldErrors(parsed.error.issues);
      setClientErrors(found);
      const first = (['regNo', 'phone'] as const).find((field) => found[field]);
      if (first) (formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setClientErrors({});
    await status.lookup(parsed?.data ?? values);
  }

  function fillNumber(regNo: string) {
    setValues((current) => ({ ...current, regNo }));
    setClientErrors({});
    // The phone is still needed: the cursor goes there.
    requestAnimationFrame(() => (formRef.current?.elements.namedItem('phone') as HTMLElement | null)?.focus());
  }

  return (
    <div className="kanyadan-status-step">
      {onNewApplication ? (
        // A family back on the page: their newest application from this device first (issue 32).
        <div className="notice notice-info no-print" data-testid="kanyadan-returning">
          <p>
            {t(`${S}.returning`, { regNo: initialRegNo })} {t(`${S}.intro`)}
          </p>
          <p className="actions">
            <button type="button" className="btn btn-secondary" onClick={onNewApplication}>
              {t('kanyadan.registration.submit.another')}
            </button>
          </p>
        </div>
      ) : (
        <p className="no-print">{t(`${S}.intro`)}</p>
      )}
      <form ref={formRef} className="form no-print" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => {
          void routesSchema.load();
          void loadServerMessages(lang);
        }} data-testid="kanyadan-status-form">
        <TextField
          name="regNo"
          label={t(`${S}.regNo`)}
          hint={t(`${S}.regNoHint`)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={20}
          value={values.regNo}
          onChange={(event) => setValues({ ...values, regNo: event.target.value })}
          errors={errorsFor('regNo')}
        />
        <TextField
          name="phone"
          type="tel"
          label={t(`${S}.phone`)}
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={16}
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.target.value })}
          errors={errorsFor('phone')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={status.isLooking || isChecking} label={t(`${S}.submit`)} busyLabel={t(`${S}.checking`)} />
      </form>
      {status.data && <ApplicationFound data={status.data} phone={values.phone} onChanged={status.replace} />}

      <section className="panel recent-applications no-print" aria-labelledby="kanyadan-recent-heading" data-testid="kanyadan-recent">
        <h3 id="kanyadan-recent-heading">{t(`${S}.recentHeading`)}</h3>
        {recent.length === 0 ? (
          <p>{t(`${S}.recentNone`)}</p>
        ) : (
          <>
            <p className="field-hint">{t(`${S}.recentHint`)}</p>
            <ul className="recent-list">
              {recent.map((regNo) => (
                <li key={regNo}>
                  <button type="button" className="btn btn-secondary mono" aria-label={t(`${S}.useNumber`, { regNo })} onClick={() => fillNumber(regNo)}>
                    {regNo}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}

function ApplicationFound({ data, phone, onChanged }: { data: TApplicationStatus; phone: string; onChanged: (data: TApplicationStatus) => void }) {
  const t = useT();
  const { lang } = useLang();
  const settings = useSiteSettings();
  const headingId = useId();
  // A state this page does not know yet (a newer server) is shown as the server names it.
  const words = statusWordsOf(data.status, data.feeUtrGiven);
  // A family that lost the acknowledgement prints this instead: the number, the date and the state,
  // and nothing about the girl or her family (the look-up shows none either).
  const foundation = settings.foundationName[lang] || settings.foundationName.en;

  return (
    <section className="panel kanyadan-status-slip" aria-labelledby={headingId} data-testid="kanyadan-found">
      <p className="receipt-foundation print-only">{foundation}</p>
      <h3 id={headingId}>{t(`${S}.found`, { regNo: data.regNo })}</h3>
      <div role="status">
        <dl className="facts">
          <div>
            <dt>{t(`${S}.state`)}</dt>
            <dd data-testid="kanyadan-state">{words ? t(words.label) : data.status}</dd>
          </div>
          <div>
            <dt>{t(`${S}.submittedOn`)}</dt>
            <dd>{formatDate(`${data.submittedOn}T12:00:00+05:30`, lang)}</dd>
          </div>
          {data.feePaise > 0 && (
            <div>
              <dt>{t(`${S}.fee`)}</dt>
              <dd>{formatMoney(data.feePaise)}</dd>
            </div>
          )}
          {data.rejection && (
            <div>
              <dt>{t(`${S}.reason`)}</dt>
              <dd data-testid="kanyadan-reason">{data.rejection.text[lang] || data.rejection.text.en}</dd>
            </div>
          )}
          {data.rejection?.note && (
            <div>
              <dt>{t(`${S}.note`)}</dt>
              <dd>{data.rejection.note}</dd>
            </div>
          )}
        </dl>
        {words && (
          <>
            <h4>{t(`${S}.whatNext`)}</h4>
            <p data-testid="kanyadan-next">{t(words.next, words.vars)}</p>
          </>
        )}
      </div>
      {data.status === 'rejected' && settings.phone && (
        <p>
          {t('kanyadanSteps.receipt.helpline')}: <a href={`tel:${settings.phone.replace(/[\s-]/g, '')}`}>{settings.phone}</a>
        </p>
      )}
      <p className="print-only" data-testid="kanyadan-printed-on">
        {t(`${S}.printedOn`, { date: formatDate(new Date().toISOString(), lang) })}
      </p>
      <PrintAction label={t(`${S}.print`)} testId="print-status" />
      {data.status === 'payment_pending' && data.feePaise > 0 && (
        <div className="no-print">
          <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
            <PaymentDetails regNo={data.regNo} feePaise={data.feePaise} phone={phone} utrGiven={data.feeUtrGiven} onUtrSent={onChanged} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
