import { useId, useRef, useState, type FormEvent } from 'react';
import {
  HELP_ID_KIND_VALUES,
  ZAskHelpQuestionRequestSchema,
  ZCheckHelpIdentityRequestSchema,
  ZCloseHelpRequestSchema,
  ZExtendHelpRequestSchema,
  ZHelpRequestIdRequestSchema,
  ZRejectHelpRequestSchema,
  type THelpRequestAdminDetail,
} from '@sahay/server/modules/help/help.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { serverMessageOf } from '#web/api/errors.ts';
import { SelectField } from '#web/ui/form/select-field.tsx';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatDate, formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useHelpActions } from '../hooks/use-help-requests.ts';
import { HELP_ID_KIND_LABELS, type HelpIdKind } from './help-labels.public.ts';
import { elsewhereKeys, PayoutElsewhereWarning } from './payout-holder.tsx';
import { isConflict, todayInIndia, useFormErrors, type OnOutcome, type Outcome } from '#web/features/admin/components/staff-forms.public.tsx';

type Detail = THelpRequestAdminDetail;

/** The schema's limits, shown beside the fields (help.schema.ts). */
const QUESTION_MAX = 1000;
const REASON_MAX = 500;
/** A published request is open at most this many days ahead (the decider's HELP_OPEN_DAYS). */
const OPEN_DAYS = 90;

export interface HelpAbilities {
  /** The staff member asked for this help themselves: another must decide (the server refuses them). */
  isOwnRequest: boolean;
  canCheckIdentity: boolean;
  canAsk: boolean;
  /** Publish is shown before publishing, disabled with `publishBlocker` until the server would take it. */
  canPublish: boolean;
  publishBlocker: 'answer-awaited' | 'identity-not-matched' | null;
  canReject: boolean;
  canClose: boolean;
  canExtend: boolean;
}

/** What staff may do with the request now: the moves the decider allows (help-request.decider.ts), which the server checks again. */
export function helpAbilitiesFor(detail: Pick<Detail, 'status' | 'identityCheck' | 'requesterId'>, staffId: string): HelpAbilities {
  const isOwnRequest = staffId === detail.requesterId;
  const may = !isOwnRequest;
  const isUndecided = detail.status === 'submitted' || detail.status === 'information_requested';
  const isPublished = detail.status === 'published';
  return {
    isOwnRequest,
    canCheckIdentity: may && isUndecided,
    canAsk: may && detail.status === 'submitted',
    canPublish: may && isUndecided,
    publishBlocker: detail.status === 'information_requested' ? 'answer-awaited' : detail.identityCheck?.isMatched ? null : 'identity-not-matched',
    canReject: may && isUndecided,
    canClose: may && isPublished,
    canExtend: may && isPublished,
  };
}

// ---- each decision, from the form's values to its procedure (tested without a browser) ----

interface Mutation<TInput> {
  mutate: (input: TInput, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
}
export interface Callbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}
type Actions = { [K in keyof ReturnType<typeof useHelpActions>]: Mutation<Parameters<ReturnType<typeof useHelpActions>[K]['mutate']>[0]> };

/** Runs the mutation when the shared schema takes the input; otherwise returns its field errors and sends nothing. */
function run<TInput>(mutation: Mutation<TInput>, parsed: { success: true; data: TInput } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } }, callbacks: Callbacks): FieldErrors {
  if (!parsed.success) return issuesToFieldErrors(parsed.error.issues);
  mutation.mutate(parsed.data, callbacks);
  return {};
}

export const sendIdentityCheck = (actions: Pick<Actions, 'checkIdentity'>, id: string, idKind: string, isMatched: boolean, callbacks: Callbacks) =>
  run(actions.checkIdentity, ZCheckHelpIdentityRequestSchema.safeParse({ id, idKind: idKind || undefined, isMatched }), callbacks);
export const sendQuestion = (actions: Pick<Actions, 'ask'>, id: string, question: string, callbacks: Callbacks) => run(actions.ask, ZAskHelpQuestionRequestSchema.safeParse({ id, question }), callbacks);
export const sendPublish = (actions: Pick<Actions, 'publish'>, id: string, callbacks: Callbacks) => run(actions.publish, ZHelpRequestIdRequestSchema.safeParse({ id }), callbacks);
export const sendReject = (actions: Pick<Actions, 'reject'>, id: string, reason: string, callbacks: Callbacks) => run(actions.reject, ZRejectHelpRequestSchema.safeParse({ id, reason }), callbacks);
export const sendClose = (actions: Pick<Actions, 'close'>, id: string, callbacks: Callbacks) => run(actions.close, ZCloseHelpRequestSchema.safeParse({ id }), callbacks);
export const sendExtend = (actions: Pick<Actions, 'extend'>, id: string, closesOn: string, callbacks: Callbacks) => run(actions.extend, ZExtendHelpRequestSchema.safeParse({ id, closesOn }), callbacks);

/** The calendar day `days` after a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** On a conflict (someone else acted first), says so above the actions; the page has been asked for again already. */
function useOnError(onOutcome: OnOutcome): (error: unknown) => void {
  const t = useT();
  const { translateServer } = useLang();
  return (error) => {
    if (!isConflict(error)) return;
    const message = serverMessageOf(error);
    onOutcome({ tone: 'warning', message: t('admin.help.conflict'), hint: message ? translateServer(message) : undefined });
  };
}

// ---- the page's parts ----

/**
 * Identity, questions and the decision, as far as this staff member may take them, with what
 * happened last told above them (a form may be gone once the page is refreshed).
 */
export function HelpRequestActions({ detail, staffId }: { detail: Detail; staffId: string }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const can = helpAbilitiesFor(detail, staffId);
  return (
    <>
      {outcome && (
        <div role={outcome.tone === 'warning' ? 'alert' : 'status'} className={`notice ${outcome.tone === 'warning' ? 'notice-warning' : 'notice-success'}`} data-testid="help-action-outcome">
          <p>{outcome.message}</p>
          {outcome.hint && <p>{outcome.hint}</p>}
        </div>
      )}
      {can.isOwnRequest && (
        <div className="notice notice-warning" role="note" data-testid="help-own-request">
          <p>{t('admin.help.ownRequest')}</p>
        </div>
      )}
      <IdentitySection detail={detail} canCheck={can.canCheckIdentity} onOutcome={setOutcome} />
      <QuestionsSection detail={detail} canAsk={can.canAsk} onOutcome={setOutcome} />
      {(can.canPublish || can.canReject) && (
        <section aria-labelledby="help-decision-heading" className="panel" data-testid="help-decision">
          <h2 id="help-decision-heading">{t('admin.help.decisionHeading')}</h2>
          {can.canPublish && <PublishForm id={detail.id} blocker={can.publishBlocker} payoutHolders={detail.payoutHolders} onOutcome={setOutcome} />}
          {can.canReject && <RejectForm id={detail.id} onOutcome={setOutcome} />}
        </section>
      )}
      {(can.canClose || can.canExtend) && (
        <section aria-labelledby="help-published-heading" className="panel" data-testid="help-published-actions">
          <h2 id="help-published-heading">{t('admin.help.publishedHeading')}</h2>
          {can.canExtend && detail.closesOn && <ExtendForm id={detail.id} closesOn={detail.closesOn} onOutcome={setOutcome} />}
          {can.canClose && <CloseForm id={detail.id} onOutcome={setOutcome} />}
        </section>
      )}
    </>
  );
}

function IdentitySection({ detail, canCheck, onOutcome }: { detail: Detail; canCheck: boolean; onOutcome: OnOutcome }) {
  const t = useT();
  const { lang } = useLang();
  const { checkIdentity } = useHelpActions();
  const onError = useOnError(onOutcome);
  const [idKind, setIdKind] = useState<HelpIdKind | ''>(detail.identityCheck?.idKind ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(checkIdentity.error, clientErrors, 'admin.help.identityFailed', ['idKind']);
  const last = detail.identityCheck;

  function check(isMatched: boolean) {
    const found = sendIdentityCheck({ checkIdentity }, detail.id, idKind, isMatched, {
      onSuccess: () => onOutcome({ tone: 'success', message: t(isMatched ? 'admin.help.identityMatchedDone' : 'admin.help.identityNotMatchedDone') }),
      onError,
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) checkIdentity.reset();
  }

  return (
    <section aria-labelledby="help-identity-heading" className="panel" data-testid="help-identity">
      <h2 id="help-identity-heading">{t('admin.help.identityHeading')}</h2>
      <p data-testid="help-identity-last">
        {last ? (
          <>
            <span className={`badge ${last.isMatched ? 'badge-unused' : 'badge-suspended'}`}>{t(last.isMatched ? 'admin.help.matched' : 'admin.help.notMatched')}</span>{' '}
            {t('admin.help.identityLast', { kind: t(HELP_ID_KIND_LABELS[last.idKind]), by: last.checkedBy, at: formatDateTime(last.checkedAt, lang) })}
          </>
        ) : (
          t('admin.help.identityNone')
        )}
      </p>
      {canCheck && (
        <form className="form" noValidate onSubmit={(event) => event.preventDefault()} data-testid="help-identity-form">
          <p className="field-hint">{t('admin.help.identityHelp')}</p>
          <SelectField
            name="idKind"
            label={t('admin.help.idKind')}
            value={idKind}
            onChange={(event) => setIdKind(HELP_ID_KIND_VALUES.find((kind) => kind === event.target.value) ?? '')}
            errors={errorsFor('idKind')}
          >
            <option value="">{t('admin.help.choose')}</option>
            {HELP_ID_KIND_VALUES.map((kind) => (
              <option key={kind} value={kind}>
                {t(HELP_ID_KIND_LABELS[kind])}
              </option>
            ))}
          </SelectField>
          <FormError message={failure?.message} hint={failure?.hint} />
          <p className="actions">
            <button type="button" className="btn btn-primary" disabled={checkIdentity.isPending} onClick={() => check(true)} data-testid="help-identity-matched">
              {t('admin.help.recordMatched')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={checkIdentity.isPending} onClick={() => check(false)} data-testid="help-identity-not-matched">
              {t('admin.help.recordNotMatched')}
            </button>
          </p>
        </form>
      )}
    </section>
  );
}

function QuestionsSection({ detail, canAsk, onOutcome }: { detail: Detail; canAsk: boolean; onOutcome: OnOutcome }) {
  const t = useT();
  const { lang } = useLang();
  const { ask } = useHelpActions();
  const onError = useOnError(onOutcome);
  const [question, setQuestion] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(ask.error, clientErrors, 'admin.help.askFailed', ['question']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = sendQuestion({ ask }, detail.id, question, {
      onSuccess: () => {
        setQuestion('');
        onOutcome({ tone: 'success', message: t('admin.help.askedDone') });
      },
      onError,
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) ask.reset();
  }

  return (
    <section aria-labelledby="help-questions-heading" className="panel" data-testid="help-questions">
      <h2 id="help-questions-heading">{t('admin.help.questionsHeading')}</h2>
      {detail.questions.length === 0 ? (
        <p>{t('admin.help.noQuestions')}</p>
      ) : (
        <ol data-testid="help-question-list">
          {detail.questions.map((entry, index) => (
            <li key={`${entry.askedAt}-${index}`}>
              <p className="message-text">{entry.question ?? t('admin.help.beneficiaryErased')}</p>
              <p className="field-hint">{t('admin.help.askedBy', { by: entry.askedBy, at: formatDateTime(entry.askedAt, lang) })}</p>
              {entry.answer === null ? (
                <p>
                  <strong>{t('admin.help.waitingForAnswer')}</strong>
                </p>
              ) : (
                <>
                  <p>
                    <strong>{t('admin.help.answerHeading')}</strong>
                  </p>
                  <p className="message-text" data-testid="help-answer">
                    {entry.answer}
                  </p>
                  {entry.answeredAt && <p className="field-hint">{t('admin.help.answeredAt', { at: formatDateTime(entry.answeredAt, lang) })}</p>}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {detail.status === 'information_requested' && <p data-testid="help-question-open">{t('admin.help.questionOpen')}</p>}
      {canAsk && (
        <form className="form" noValidate onSubmit={onSubmit} data-testid="help-ask-form">
          <TextField
            name="question"
            multiline
            rows={3}
            label={t('admin.help.questionLabel')}
            hint={t('admin.help.questionHint')}
            maxLength={QUESTION_MAX}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            errors={errorsFor('question')}
          />
          <FormError message={failure?.message} hint={failure?.hint} />
          <SubmitButton isBusy={ask.isPending} label={t('admin.help.ask')} busyLabel={t('common.submitting')} />
        </form>
      )}
    </section>
  );
}

const BLOCKER_TEXT: Record<NonNullable<HelpAbilities['publishBlocker']>, MessageKey> = {
  'answer-awaited': 'admin.help.publishNeedsAnswer',
  'identity-not-matched': 'admin.help.publishNeedsIdentity',
};

function PublishForm({
  id,
  blocker,
  payoutHolders,
  onOutcome,
}: {
  id: string;
  blocker: HelpAbilities['publishBlocker'];
  payoutHolders: THelpRequestAdminDetail['payoutHolders'];
  onOutcome: OnOutcome;
}) {
  const t = useT();
  const { publish } = useHelpActions();
  const onError = useOnError(onOutcome);
  const { failure } = useFormErrors(publish.error, {}, 'admin.help.publishFailed', []);
  const blockerId = useId();
  const warningId = useId();
  // The warning is read with the button: publishing stays possible once it has been seen (decision 061).
  const describedBy = [blocker ? blockerId : null, elsewhereKeys(payoutHolders).length > 0 ? warningId : null].filter(Boolean).join(' ');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    sendPublish({ publish }, id, { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.help.publishedDone') }), onError });
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="help-publish-form">
      <h3>{t('admin.help.publishHeading')}</h3>
      <p>{t('admin.help.publishHelp', { days: OPEN_DAYS })}</p>
      {blocker && (
        <p id={blockerId} className="field-hint" data-testid="help-publish-blocker">
          {t(BLOCKER_TEXT[blocker])}
        </p>
      )}
      <PayoutElsewhereWarning holders={payoutHolders} id={warningId} />
      <FormError message={failure?.message} hint={failure?.hint} />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={publish.isPending || blocker !== null}
        aria-describedby={describedBy || undefined}
        aria-busy={publish.isPending || undefined}
        data-testid="help-publish"
      >
        {publish.isPending ? t('common.submitting') : t('admin.help.publish')}
      </button>
    </form>
  );
}

function RejectForm({ id, onOutcome }: { id: string; onOutcome: OnOutcome }) {
  const t = useT();
  const { reject } = useHelpActions();
  const onError = useOnError(onOutcome);
  const [reason, setReason] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(reject.error, clientErrors, 'admin.help.rejectFailed', ['reason']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = sendReject({ reject }, id, reason, {
      onSuccess: () => {
        setReason('');
        onOutcome({ tone: 'success', message: t('admin.help.rejectedDone') });
      },
      onError,
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) reject.reset();
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="help-reject-form">
      <h3>{t('admin.help.rejectHeading')}</h3>
      <TextField
        name="reason"
        multiline
        rows={3}
        required
        label={t('admin.help.reasonLabel')}
        hint={t('admin.help.reasonHint')}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        errors={errorsFor('reason')}
      />
      <FormError message={failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={reject.isPending} label={t('admin.help.reject')} busyLabel={t('common.submitting')} />
    </form>
  );
}

function ExtendForm({ id, closesOn, onOutcome }: { id: string; closesOn: string; onOutcome: OnOutcome }) {
  const t = useT();
  const { lang } = useLang();
  const { extend } = useHelpActions();
  const onError = useOnError(onOutcome);
  const [date, setDate] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(extend.error, clientErrors, 'admin.help.extendFailed', ['closesOn']);
  const today = todayInIndia();
  const latest = addDays(today, OPEN_DAYS);
  const earliest = addDays(closesOn > today ? closesOn : today, 1);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = sendExtend({ extend }, id, date, { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.help.extendedDone', { date: formatDate(date, lang) }) }), onError });
    setClientErrors(found);
    if (Object.keys(found).length > 0) extend.reset();
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="help-extend-form">
      <h3>{t('admin.help.extendHeading')}</h3>
      <p>{t('admin.help.extendHelp', { date: formatDate(closesOn, lang), days: OPEN_DAYS })}</p>
      <TextField
        name="closesOn"
        type="date"
        label={t('admin.help.closesOnLabel')}
        min={earliest}
        max={latest}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        errors={errorsFor('closesOn')}
      />
      <FormError message={failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={extend.isPending} label={t('admin.help.extend')} busyLabel={t('common.submitting')} />
    </form>
  );
}

/** Closing is final: asked once more before it is done. */
function CloseForm({ id, onOutcome }: { id: string; onOutcome: OnOutcome }) {
  const t = useT();
  const { close } = useHelpActions();
  const onError = useOnError(onOutcome);
  const questionId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { failure } = useFormErrors(close.error, {}, 'admin.help.closeFailed', []);

  return (
    <div data-testid="help-close-form">
      <h3>{t('admin.help.closeHeading')}</h3>
      <p>{t('admin.help.closeHelp')}</p>
      {!isConfirming ? (
        <button ref={buttonRef} type="button" className="btn btn-secondary" onClick={() => setIsConfirming(true)} data-testid="help-close">
          {t('admin.help.close')}
        </button>
      ) : (
        <div className="notice notice-warning" role="alertdialog" aria-labelledby={questionId}>
          <p id={questionId}>{t('admin.help.closeConfirm', { id })}</p>
          <p className="actions">
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={close.isPending}
              onClick={() => sendClose({ close }, id, { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.help.closedDone') }), onError })}
              data-testid="help-close-yes"
            >
              {close.isPending ? t('common.submitting') : t('admin.help.closeYes')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              autoFocus
              onClick={() => {
                setIsConfirming(false);
                close.reset();
                requestAnimationFrame(() => buttonRef.current?.focus());
              }}
            >
              {t('admin.help.closeNo')}
            </button>
          </p>
        </div>
      )}
      <FormError message={failure?.message} hint={failure?.hint} />
    </div>
  );
}
