import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useSiteSettings } from '#web/features/site/hooks/use-site-settings.public.ts';
import { getActiveLang, loadNamespaces, useT } from '#web/i18n/i18n.tsx';
import { Notice } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { RegistrationForm, type SubmittedApplication } from '../components/registration-form.tsx';
import { StepsPanel, type Step, type StepId } from '../components/steps-panel.tsx';
import { readRecent } from '../recent-applications.ts';

/** PRODUCT.md §11: the next step opens 0.8 s after the application is accepted. */
export const NEXT_STEP_DELAY_MS = 800;

// The steps after the form are their own chunks, fetched while the family fills in the form, with
// their texts ('kanyadanSteps'): the page's first download stays within the public pages' budget.
const withStepTexts = <T,>(load: () => Promise<T>) => () => Promise.all([load(), loadNamespaces(getActiveLang(), ['kanyadanSteps'])]).then(([module]) => module);
const loadPayment = withStepTexts(() => import('../components/payment-step.tsx'));
const loadReceipt = withStepTexts(() => import('../components/receipt-step.tsx'));
const loadStatus = withStepTexts(() => import('../components/status-step.tsx'));
const PaymentDetails = lazy(loadPayment);
const ReceiptStep = lazy(loadReceipt);
const StatusStep = lazy(loadStatus);

const R = 'kanyadan.registration';

/**
 * /kanyadanRegistration (PRODUCT.md §7, issue 11): the family's registration form with a side
 * panel of steps — Registration, Payment (only while the registration fee setting is above ₹0),
 * Receipt/Print, Status — and the look-up by registration number. Every step stays mounted once
 * opened (hidden when not current), so going to Status and back keeps what was typed.
 */
export default function KanyadanRegistrationPage() {
  const t = useT();
  usePageMeta(`${R}.metaTitle`, `${R}.metaDescription`);
  const settings = useSiteSettings();
  const query = new URLSearchParams(useSearch());
  const [current, setCurrent] = useState<StepId>(() => (query.get('step') === 'status' ? 'status' : 'registration'));
  const [opened, setOpened] = useState<ReadonlySet<StepId>>(() => new Set([current]));
  const [submitted, setSubmitted] = useState<SubmittedApplication | null>(null);
  const [isNewForm, setIsNewForm] = useState(false);
  // The newest application made on this device (recent-applications.ts), when the family comes back.
  const [returningRegNo, setReturningRegNo] = useState<string | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);
  const isStepAsked = query.has('step');

  // A family that applied from this device first sees that application, not an empty form (issue 32):
  // the Status step with its number filled in. The list lives in localStorage, which the server
  // rendering the page cannot read, so this happens once the page runs in the browser.
  useEffect(() => {
    if (isStepAsked) return;
    const [latest] = readRecent(typeof localStorage === 'undefined' ? undefined : localStorage);
    if (!latest) return;
    setReturningRegNo(latest);
    setCurrent('status');
    setOpened((seen) => new Set([...seen, 'status']));
  }, [isStepAsked]);

  const feePaise = settings.kanyadanFeePaise;
  const hasPayment = feePaise > 0;
  const steps: Step[] = [
    { id: 'registration', isAvailable: true, isDone: submitted !== null && !isNewForm },
    ...(hasPayment ? [{ id: 'payment' as const, isAvailable: submitted !== null, isDone: false }] : []),
    { id: 'receipt', isAvailable: submitted !== null, isDone: false },
    { id: 'status', isAvailable: true, isDone: false },
  ];

  function goTo(step: StepId) {
    clearTimeout(timerRef.current);
    setCurrent(step);
    setOpened((seen) => (seen.has(step) ? seen : new Set([...seen, step])));
    // The new step's heading takes focus, so a screen reader starts reading there.
    requestAnimationFrame(() => document.getElementById(`kanyadan-${step}-heading`)?.focus());
  }

  function onSubmitted(application: SubmittedApplication) {
    setSubmitted(application);
    setIsNewForm(false);
    timerRef.current = setTimeout(() => goTo(hasPayment ? 'payment' : 'receipt'), NEXT_STEP_DELAY_MS);
  }

  function prepare() {
    void loadReceipt();
    void loadStatus();
    if (hasPayment) void loadPayment();
  }

  const isShown = (step: StepId) => current === step;
  const isMounted = (step: StepId) => opened.has(step) || current === step;
  const loading = <p role="status">{t('common.loading')}</p>;

  return (
    <div className="container page-kanyadan">
      <div className="kanyadan-intro">
        <h1>{t(`${R}.heading`)}</h1>
        <p>
          {t(`${R}.intro`)} <Link href="/KanyadanYojna">{t(`${R}.aboutLink`)}</Link>
        </p>
      </div>
      <div className="kanyadan-layout">
        <StepsPanel steps={steps} current={current} onSelect={goTo} />
        <div className="kanyadan-main">
          <section hidden={!isShown('registration')} aria-labelledby="kanyadan-registration-heading" data-testid="step-registration">
            <h2 id="kanyadan-registration-heading" tabIndex={-1}>
              {t(`${R}.steps.registration`)}
            </h2>
            {submitted && !isNewForm ? (
              <div role="status" className="notice notice-success" data-testid="kanyadan-sent">
                <p>
                  <strong>{t(`${R}.submit.sentTitle`)}</strong>
                </p>
                <p>{t(`${R}.submit.sentText`, { regNo: submitted.regNo })}</p>
                <p className="actions">
                  <button type="button" className="btn btn-primary" onClick={() => goTo(hasPayment ? 'payment' : 'receipt')}>
                    {hasPayment ? t(`${R}.steps.payment`) : t(`${R}.steps.receipt`)}
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => setIsNewForm(true)}>
                    {t(`${R}.submit.another`)}
                  </button>
                </p>
              </div>
            ) : (
              <RegistrationForm onSubmitted={onSubmitted} onPrepare={prepare} />
            )}
          </section>

          {hasPayment && (
            <section hidden={!isShown('payment')} aria-labelledby="kanyadan-payment-heading" data-testid="step-payment">
              <h2 id="kanyadan-payment-heading" tabIndex={-1}>
                {t(`${R}.payment.heading`)}
              </h2>
              {submitted && isMounted('payment') && (
                <Suspense fallback={loading}>
                  <PaymentDetails
                    regNo={submitted.regNo}
                    feePaise={feePaise}
                    onUtrSent={(status) => setSubmitted((current) => current && { ...current, feeUtrGiven: status.feeUtrGiven })}
                  />
                  <p>
                    <button type="button" className="btn btn-secondary" onClick={() => goTo('receipt')}>
                      {t(`${R}.payment.toReceipt`)}
                    </button>
                  </p>
                </Suspense>
              )}
            </section>
          )}

          <section hidden={!isShown('receipt')} aria-labelledby="kanyadan-receipt-heading" data-testid="step-receipt">
            <h2 id="kanyadan-receipt-heading" tabIndex={-1}>
              {t(`${R}.receipt.heading`)}
            </h2>
            {submitted && isMounted('receipt') ? (
              <Suspense fallback={loading}>
                <ReceiptStep application={submitted} onStatus={() => goTo('status')} />
              </Suspense>
            ) : (
              <Notice>
                <p>{t(`${R}.receipt.none`)}</p>
              </Notice>
            )}
          </section>

          <section hidden={!isShown('status')} aria-labelledby="kanyadan-status-heading" data-testid="step-status">
            <h2 id="kanyadan-status-heading" tabIndex={-1}>
              {t(`${R}.status.heading`)}
            </h2>
            {isMounted('status') && (
              <Suspense fallback={loading}>
                <StatusStep
                  key={submitted?.regNo ?? returningRegNo ?? ''}
                  initialRegNo={submitted?.regNo ?? returningRegNo ?? ''}
                  onNewApplication={returningRegNo && !submitted ? () => goTo('registration') : undefined}
                />
              </Suspense>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
