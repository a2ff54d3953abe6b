import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import { ZDecideDisputeSchema, type ZDisputesSchema } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { serverMessageOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatMoney } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { usePageMeta } from '#web/ui/page-meta.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { AdminGate } from '#web/features/admin/components/admin-gate.public.tsx';
import { AdminPageHeading } from '#web/features/admin/components/admin-page-heading.public.tsx';
import { Fact } from '#web/ui/fact.tsx';
import { isConflict, useFormErrors, type OnOutcome, type Outcome } from '#web/features/admin/components/staff-forms.public.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useDecideDispute, useGiftDisputes } from '../hooks/use-gift-disputes.ts';

type Dispute = z.infer<typeof ZDisputesSchema>['gifts'][number];
export type Decision = 'received' | 'not-received';

/** The schema's limit, shown beside the field (direct-gifts.schema.ts). */
const REASON_MAX = 500;
/** A client-side word, kept with the server's messages so that it translates the same way. */
export const DECISION_REQUIRED = 'Choose whether the money was received.';

interface Mutation {
  mutate: (input: { giftId: string; decision: Decision; reason: string }, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
}

/**
 * help.admin.gifts.decide with the decision and the reason once the shared schema takes them;
 * otherwise the messages beside each field, and nothing sent.
 */
export function sendDecision(mutation: Mutation, giftId: string, decision: Decision | '', reason: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }): FieldErrors {
  const parsed = ZDecideDisputeSchema.safeParse({ giftId, decision: decision || undefined, reason });
  if (!parsed.success) {
    const errors = issuesToFieldErrors(parsed.error.issues);
    // zod's own words for a missing choice are not for people.
    return decision ? errors : { ...errors, decision: [DECISION_REQUIRED] };
  }
  mutation.mutate(parsed.data, callbacks);
  return {};
}

/** The request's title in the page's language when it has one, else the other. */
function titleOf(title: Dispute['requestTitle'], lang: 'en' | 'hi'): string {
  return title[lang] ?? title[lang === 'en' ? 'hi' : 'en'] ?? '';
}

/**
 * /admin/help/disputes — direct gifts a beneficiary said never arrived (PRODUCT.md §8), for the
 * verification team: the giver's evidence (amount, UTR, screenshot, when) beside the request, the
 * oldest first, each with its decision and the reason both sides read.
 */
export default function HelpDisputesPage() {
  usePageMeta('admin.help.disputes.metaTitle', 'admin.metaDescription', { isNoIndex: true });
  return <AdminGate permission="verification">{() => <HelpDisputes />}</AdminGate>;
}

export function HelpDisputes() {
  const t = useT();
  const errorText = useErrorText();
  const disputes = useGiftDisputes();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <div className="container admin-page">
      <p className="back-link">
        <Link href="/help">{t('admin.help.backToQueue')}</Link>
      </p>
      <AdminPageHeading title={t('admin.help.disputes.heading')} />
      <p>{t('admin.help.disputes.intro')}</p>
      <div role="status" data-testid="dispute-outcome">
        {outcome && (
          <div className={`notice ${outcome.tone === 'warning' ? 'notice-warning' : 'notice-success'}`}>
            <p>{outcome.message}</p>
            {outcome.hint && <p>{outcome.hint}</p>}
          </div>
        )}
      </div>
      {disputes.isPending && <p role="status">{t('common.loading')}</p>}
      {disputes.isError && <LoadError error={errorText(disputes.error, 'admin.help.disputes.loadFailed')} onRetry={() => void disputes.refetch()} retryLabel={t('common.retry')} />}
      {disputes.data && disputes.data.gifts.length === 0 && <p data-testid="disputes-empty">{t('admin.help.disputes.empty')}</p>}
      {disputes.data?.gifts.map((gift) => (
        <DisputeCard key={gift.giftId} gift={gift} onOutcome={setOutcome} />
      ))}
    </div>
  );
}

function DisputeCard({ gift, onOutcome }: { gift: Dispute; onOutcome: OnOutcome }) {
  const t = useT();
  const { lang } = useLang();
  const headingId = useId();
  const title = titleOf(gift.requestTitle, lang);
  const none = t('common.none');
  return (
    <article className="panel" aria-labelledby={headingId} data-testid={`dispute-${gift.giftId}`}>
      <h2 id={headingId}>{t('admin.help.disputes.cardHeading', { amount: formatMoney(gift.amountPaise), id: gift.requestId })}</h2>
      <dl className="facts facts-grid">
        <Fact label={t('admin.help.disputes.request')}>
          <Link href={`/help/${gift.requestId}`} className="mono">
            {gift.requestId}
          </Link>{' '}
          <span className="cell-wrap">{title}</span>
        </Fact>
        <Fact label={t('admin.help.disputes.beneficiary')}>
          <span className="mono">{gift.requesterId}</span>
        </Fact>
        <Fact label={t('admin.help.disputes.giver')}>
          {gift.giverName ?? none} (<span className="mono">{gift.giverId}</span>)
        </Fact>
        <Fact label={t('admin.help.disputes.amount')} testId="dispute-amount">
          {formatMoney(gift.amountPaise)}
        </Fact>
        <Fact label={t('admin.help.disputes.utr')} testId="dispute-utr">
          <span className="mono">{gift.utr}</span>
        </Fact>
        <Fact label={t('admin.help.disputes.sentAt')}>{formatDateTime(gift.submittedAt, lang)}</Fact>
        <Fact label={t('admin.help.disputes.disputedAt')}>{gift.disputedAt ? formatDateTime(gift.disputedAt, lang) : none}</Fact>
        <Fact label={t('admin.help.disputes.screenshot')}>
          <a href={gift.screenshotUrl} target="_blank" rel="noopener noreferrer" data-testid="dispute-screenshot">
            {t('admin.help.disputes.openScreenshot')}
            <span className="visually-hidden"> {t('admin.help.disputes.newWindow')}</span>
          </a>
        </Fact>
      </dl>
      <p className="field-hint">{t('admin.help.disputes.sides')}</p>
      <DecisionForm gift={gift} onOutcome={onOutcome} />
    </article>
  );
}

function DecisionForm({ gift, onOutcome }: { gift: Dispute; onOutcome: OnOutcome }) {
  const t = useT();
  const { translateServer } = useLang();
  const decide = useDecideDispute();
  const groupId = useId();
  const [decision, setDecision] = useState<Decision | ''>('');
  const [reason, setReason] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(decide.error, clientErrors, 'admin.help.disputes.decideFailed', ['decision', 'reason']);
  const decisionErrors = errorsFor('decision');
  const amount = formatMoney(gift.amountPaise);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = sendDecision(decide, gift.giftId, decision, reason, {
      onSuccess: () =>
        onOutcome({ tone: 'success', message: t(decision === 'received' ? 'admin.help.disputes.receivedDone' : 'admin.help.disputes.notReceivedDone', { amount, id: gift.requestId }) }),
      onError: (error) => {
        // Another admin decided first: said above the list, which is asked for again.
        if (!isConflict(error)) return;
        const message = serverMessageOf(error);
        onOutcome({ tone: 'warning', message: t('admin.help.conflict'), hint: message ? translateServer(message) : undefined });
      },
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      decide.reset();
      const target = found.decision ? form.querySelector<HTMLInputElement>('input[name="decision"]') : (form.elements.namedItem('reason') as HTMLElement | null);
      target?.focus();
    }
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="dispute-decision-form">
      <fieldset className="segmented" aria-describedby={decisionErrors ? `${groupId}-error` : undefined}>
        <legend>{t('admin.help.disputes.decision')}</legend>
        {(['received', 'not-received'] as const).map((option) => (
          <label key={option} className="segmented-option">
            <input
              type="radio"
              name="decision"
              value={option}
              checked={decision === option}
              onChange={() => {
                setDecision(option);
                setClientErrors({ ...clientErrors, decision: undefined });
              }}
            />
            <span>{t(option === 'received' ? 'admin.help.disputes.received' : 'admin.help.disputes.notReceived')}</span>
          </label>
        ))}
        {decisionErrors && (
          <p className="field-error" id={`${groupId}-error`}>
            {decisionErrors.join(' ')}
          </p>
        )}
      </fieldset>
      <TextField
        name="reason"
        multiline
        rows={3}
        required
        label={t('admin.help.disputes.reasonLabel')}
        hint={t('admin.help.disputes.reasonHint')}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setClientErrors({ ...clientErrors, reason: undefined });
        }}
        errors={errorsFor('reason')}
      />
      <FormError message={failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={decide.isPending} label={t('admin.help.disputes.submit')} busyLabel={t('common.submitting')} />
    </form>
  );
}
