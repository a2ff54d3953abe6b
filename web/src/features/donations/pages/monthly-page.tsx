import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { TMonthlyPlanView } from '@sahay/server/modules/donations/monthly/monthly-plan.schema';
import { loadNamespaces, useLang, useT } from '#web/i18n/i18n.tsx';
import { formatMoney } from '#web/ui/format.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { parseRupees, rupeesText } from '../amount.public.ts';
import { CAUSE_LABELS, causeOf } from '../components/cause-select.tsx';
import { tokenOfHash, useMonthlyPlan } from '../monthly/use-monthly-plan.ts';

/**
 * /donate/monthly#<token> — a monthly donor's page, reached only by the signed link in every
 * message (decision 079), with no account: the plan (amount, day, cause, state), and pause or
 * resume, a new amount or day, stop. Nothing about the donor is shown or asked.
 */
export default function MonthlyPage() {
  const t = useT();
  usePageMeta('monthly.metaTitle', 'monthly.metaDescription');
  // The fragment exists only in the browser: the server renders the loading notice.
  const [token, setToken] = useState<string | null>(null);
  const { lang } = useLang();
  // The translations of the server's other messages ('messages') are not part of the page's first
  // download (its byte budget): they follow at once, before the donor can act. The link's own
  // refusals (a bad or stopped link) are in the page's namespace ('monthly').
  useEffect(() => {
    void loadNamespaces(lang, ['messages']).catch(() => undefined);
  }, [lang]);
  useEffect(() => {
    const read = () => setToken(tokenOfHash(window.location.hash));
    read();
    // Another link opened in the same tab changes only the fragment: no new page load.
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return (
    <div className="container page-narrow page-monthly">
      <h1>{t('monthly.heading')}</h1>
      {token === null ? <p role="status">{t('common.loading')}</p> : token === '' ? <Notice tone="warning">{t('monthly.noLink')}</Notice> : <ManagePlan key={token} token={token} />}
    </div>
  );
}

function ManagePlan({ token }: { token: string }) {
  const t = useT();
  const errorText = useErrorText();
  const { state, change, changeError, isChanging } = useMonthlyPlan(token);
  const [done, setDone] = useState<string | null>(null);
  const [isConfirmingStop, setIsConfirmingStop] = useState(false);

  if (state.phase === 'loading') return <p role="status">{t('common.loading')}</p>;
  if (state.phase === 'failed') {
    const error = errorText(state.error, 'monthly.loadFailed');
    return <FormError message={error.message} hint={error.hint} />;
  }
  const { plan } = state;
  const failure = changeError ? errorText(changeError, 'monthly.changeFailed') : undefined;
  const act = async (action: 'pause' | 'resume' | 'stop', message: string) => {
    setDone(null);
    if (await change({ action })) setDone(message);
  };

  return (
    <>
      <PlanSummary plan={plan} />
      <div role="status" aria-live="polite">
        {done && <Notice tone="success">{done}</Notice>}
      </div>
      <FormError message={failure?.message} hint={failure?.hint} />
      {plan.status === 'stopped' ? (
        <p>
          {t('monthly.startAgain')} <Link href="/donate">{t('monthly.startAgainLink')}</Link>
        </p>
      ) : (
        <>
          <section className="panel" aria-labelledby="monthly-actions-heading">
            <h2 id="monthly-actions-heading">{t('monthly.actionsHeading')}</h2>
            <div className="actions">
              {plan.status === 'active' ? (
                <button type="button" className="btn btn-primary" disabled={isChanging} onClick={() => void act('pause', t('monthly.paused'))} data-testid="monthly-pause">
                  {t('monthly.pause')}
                </button>
              ) : (
                <button type="button" className="btn btn-primary" disabled={isChanging} onClick={() => void act('resume', t('monthly.resumed'))} data-testid="monthly-resume">
                  {t('monthly.resume')}
                </button>
              )}
            </div>
          </section>
          <ChangeForm plan={plan} isBusy={isChanging} onChange={async (input) => (await change({ action: 'change', ...input })) && setDone(t('monthly.changed'))} />
          <section className="panel" aria-labelledby="monthly-stop-heading">
            <h2 id="monthly-stop-heading">{t('monthly.stopHeading')}</h2>
            <p>{t('monthly.stopText')}</p>
            {isConfirmingStop ? (
              <div className="actions">
                <button type="button" className="btn btn-primary" disabled={isChanging} onClick={() => void act('stop', t('monthly.stopped'))} data-testid="monthly-stop-confirm">
                  {t('monthly.stopConfirm')}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setIsConfirmingStop(false)}>
                  {t('monthly.keep')}
                </button>
              </div>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setIsConfirmingStop(true)} data-testid="monthly-stop">
                {t('monthly.stop')}
              </button>
            )}
          </section>
        </>
      )}
    </>
  );
}

function PlanSummary({ plan }: { plan: TMonthlyPlanView }) {
  const t = useT();
  const statusText = plan.status === 'stopped' ? t(plan.stoppedBy === 'gateway' ? 'monthly.status.stoppedByBank' : 'monthly.status.stopped') : t(`monthly.status.${plan.status}`);
  return (
    <section className="panel" aria-labelledby="monthly-plan-heading" data-testid="monthly-plan">
      <h2 id="monthly-plan-heading">{t('monthly.planHeading')}</h2>
      <dl className="facts">
        <dt>{t('monthly.amount')}</dt>
        <dd>{formatMoney(plan.amountPaise)}</dd>
        <dt>{t('monthly.day')}</dt>
        <dd>{t('monthly.dayOfMonth', { day: plan.dayOfMonth })}</dd>
        <dt>{t('monthly.cause')}</dt>
        <dd>{t(CAUSE_LABELS[causeOf(plan.cause)])}</dd>
        <dt>{t('monthly.howPaid')}</dt>
        <dd>{t(plan.kind === 'gateway' ? 'monthly.kind.gateway' : 'monthly.kind.reminder')}</dd>
        <dt>{t('monthly.state')}</dt>
        <dd data-testid="monthly-status">{statusText}</dd>
        {plan.nextOn && (
          <>
            <dt>{t(plan.kind === 'gateway' ? 'monthly.nextCharge' : 'monthly.nextReminder')}</dt>
            <dd>{plan.nextOn}</dd>
          </>
        )}
        <dt>{t('monthly.gifts')}</dt>
        <dd>{plan.gifts}</dd>
      </dl>
      {plan.subscriptionStatus === 'halted' && plan.status !== 'stopped' && <Notice tone="warning">{t('monthly.halted')}</Notice>}
    </section>
  );
}

function ChangeForm({ plan, isBusy, onChange }: { plan: TMonthlyPlanView; isBusy: boolean; onChange: (input: { amountPaise?: number; dayOfMonth?: number }) => Promise<unknown> }) {
  const t = useT();
  const { translateServer } = useLang();
  const [amount, setAmount] = useState(rupeesText(plan.amountPaise));
  const [day, setDay] = useState(String(plan.dayOfMonth));
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseRupees(amount);
    if (parsed.kind !== 'ok') {
      setError(t('donate.amountInvalid'));
      return;
    }
    setError(null);
    const input: { amountPaise?: number; dayOfMonth?: number } = {};
    if (parsed.paise !== plan.amountPaise) input.amountPaise = parsed.paise;
    if (Number(day) !== plan.dayOfMonth) input.dayOfMonth = Number(day);
    if (Object.keys(input).length === 0) {
      setError(translateServer('Give a new amount or a new day.'));
      return;
    }
    void onChange(input);
  }
  return (
    <section className="panel" aria-labelledby="monthly-change-heading">
      <h2 id="monthly-change-heading">{t('monthly.changeHeading')}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField name="amount" label={t('monthly.newAmount')} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} errors={error ? [error] : undefined} />
        {plan.kind === 'reminder' ? (
          <div className="field">
            <label htmlFor="monthly-day">{t('monthly.newDay')}</label>
            <select id="monthly-day" name="dayOfMonth" value={day} onChange={(event) => setDay(event.target.value)}>
              {Array.from({ length: 28 }, (_, index) => index + 1).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="field-hint">{t('monthly.dayFixed')}</p>
        )}
        <SubmitButton isBusy={isBusy} label={t('monthly.save')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
