import { useState } from 'react';
import type { TMonthlyPlansList } from '@sahay/server/modules/donations/monthly/monthly-plan.schema';
import { trpc } from '#web/api/trpc.ts';
import { CAUSE_LABELS, causeOf } from '#web/features/donations/components/cause-select.tsx';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney } from '#web/ui/format.ts';
import { LoadError } from '#web/ui/load-error.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { ResponsiveTable } from '#web/ui/responsive-table.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';

type Filter = 'all' | 'halted' | 'active' | 'paused' | 'stopped';
const FILTERS: readonly Filter[] = ['all', 'halted', 'active', 'paused', 'stopped'];
const FILTER_LABELS: Record<Filter, MessageKey> = {
  all: 'finance.monthlyPlans.filters.all',
  halted: 'finance.monthlyPlans.filters.halted',
  active: 'finance.monthlyPlans.filters.active',
  paused: 'finance.monthlyPlans.filters.paused',
  stopped: 'finance.monthlyPlans.filters.stopped',
};

/** /admin/monthly-plans — monthly gifts by state, subscriptions the bank halted first (decision 079). IDs and amounts only: no donor. */
export default function MonthlyPlansPage() {
  usePageMeta('finance.monthlyPlans.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="finance">{() => <MonthlyPlansLoader />}</AdminGate>;
}

function MonthlyPlansLoader() {
  const t = useT();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>('all');
  const plans = trpc.donations.admin.monthlyPlans.useQuery(filter === 'all' ? {} : { status: filter });
  return (
    <div className="container admin-page">
      <AdminPageHeading title={t('finance.monthlyPlans.heading')} />
      <p>{t('finance.monthlyPlans.intro')}</p>
      <fieldset className="segmented">
        <legend>{t('finance.monthlyPlans.show')}</legend>
        {FILTERS.map((value) => (
          <label key={value} className="segmented-option">
            <input type="radio" name="monthly-filter" value={value} checked={filter === value} onChange={() => setFilter(value)} />
            <span>{t(FILTER_LABELS[value])}</span>
          </label>
        ))}
      </fieldset>
      {plans.isPending && <p role="status">{t('common.loading')}</p>}
      {plans.isError && <LoadError error={errorText(plans.error, 'finance.monthlyPlans.loadFailed')} onRetry={() => void plans.refetch()} retryLabel={t('common.retry')} />}
      {plans.data && <MonthlyPlansList list={plans.data} />}
    </div>
  );
}

export function MonthlyPlansList({ list }: { list: TMonthlyPlansList }) {
  const t = useT();
  const { lang } = useLang();
  const none = t('common.none');
  return (
    <section className="panel" aria-labelledby="monthly-plans-heading">
      <h2 id="monthly-plans-heading">{t('finance.monthlyPlans.counts', { active: list.counts.active, paused: list.counts.paused, stopped: list.counts.stopped, halted: list.counts.halted })}</h2>
      {list.plans.length === 0 ? (
        <p>{t('finance.monthlyPlans.empty')}</p>
      ) : (
        <ResponsiveTable
          label={t('finance.monthlyPlans.table')}
          testId="monthly-plans"
          rows={list.plans}
          rowKey={(plan) => plan.planId}
          columns={[
            { header: t('finance.monthlyPlans.amount'), cell: (plan) => formatMoney(plan.amountPaise) },
            { header: t('finance.monthlyPlans.day'), cell: (plan) => String(plan.dayOfMonth) },
            { header: t('finance.monthlyPlans.cause'), cell: (plan) => t(CAUSE_LABELS[causeOf(plan.cause)]) },
            { header: t('finance.monthlyPlans.kind'), cell: (plan) => t(plan.kind === 'gateway' ? 'finance.monthlyPlans.kinds.gateway' : 'finance.monthlyPlans.kinds.reminder') },
            {
              header: t('finance.monthlyPlans.state'),
              cell: (plan) =>
                plan.subscriptionStatus === 'halted' && plan.status !== 'stopped' ? (
                  <strong>{t('finance.monthlyPlans.filters.halted')}</strong>
                ) : plan.status === 'stopped' && plan.stoppedBy === 'gateway' ? (
                  t('finance.monthlyPlans.stoppedByGateway')
                ) : (
                  t(FILTER_LABELS[plan.status])
                ),
            },
            { header: t('finance.monthlyPlans.gifts'), cell: (plan) => String(plan.gifts) },
            { header: t('finance.monthlyPlans.started'), cell: (plan) => formatDate(plan.startedOn, lang) },
            { header: t('finance.monthlyPlans.subscription'), className: 'mono', cell: (plan) => plan.subscriptionId ?? none },
          ]}
        />
      )}
    </section>
  );
}
