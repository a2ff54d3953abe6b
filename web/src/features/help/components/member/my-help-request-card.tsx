import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ZAnswerHelpQuestionRequestSchema, type TMyHelpRequest } from '@sahay/server/modules/help/help.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDate, formatMoney, formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useMyHelpActions } from '../../hooks/member-help-requests.ts';
import { CATEGORY_LABELS, CLOSE_REASON_LABELS, STATUS_HELP, STATUS_LABELS, STATUS_TONES } from './member-help-labels.ts';

/** The longest answer the schema takes (help.schema.ts ZAnswerHelpQuestionRequestSchema). */
export const ANSWER_MAX = 2000;

interface Mutation<TInput> {
  mutate: (input: TInput, options?: { onSuccess?: () => void }) => void;
}

/**
 * Sends the member's answer with help.answer once the shared schema takes it; otherwise returns
 * its messages (English, server messages) and sends nothing.
 */
export function sendAnswer(answer: Mutation<{ id: string; answer: string }>, id: string, text: string, onSuccess: () => void): string[] {
  const parsed = ZAnswerHelpQuestionRequestSchema.safeParse({ id, answer: text });
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  answer.mutate(parsed.data, { onSuccess });
  return [];
}

/** Closes the member's own published request with help.close. */
export function sendClose(close: Mutation<{ id: string }>, id: string, onSuccess: () => void): void {
  close.mutate({ id }, { onSuccess });
}

/** The title in the page's language when the member wrote one, else the other. */
export function titleIn(title: TMyHelpRequest['title'], lang: 'en' | 'hi'): { text: string; lang: 'en' | 'hi' } {
  const other = lang === 'en' ? 'hi' : 'en';
  return title[lang] ? { text: title[lang], lang } : { text: title[other] ?? '', lang: other };
}

/**
 * One of the member's requests: what it is and where it stands, and what the member can do now —
 * answer staff's question, read why it was not accepted, open its public page, or close it.
 */
export function MyHelpRequestCard({ request, onNotice }: { request: TMyHelpRequest; onNotice: (message: string) => void }) {
  const t = useT();
  const { lang } = useLang();
  const headingId = useId();
  const title = titleIn(request.title, lang);
  const none = t('common.none');
  const isOpenForGifts = request.status === 'published' || request.status === 'closed';

  return (
    <article className="panel" aria-labelledby={headingId} data-testid={`my-help-${request.id}`}>
      <h2 id={headingId}>
        <span lang={title.lang}>{title.text}</span>
      </h2>
      <p>
        <span className={`badge ${STATUS_TONES[request.status] ?? 'badge-used'}`} data-testid="my-help-status">
          {t(STATUS_LABELS[request.status])}
        </span>{' '}
        {t(STATUS_HELP[request.status])}
      </p>
      <dl className="facts facts-grid">
        <div>
          <dt>{t('myHelp.requestNumber')}</dt>
          <dd className="mono">{request.id}</dd>
        </div>
        <div>
          <dt>{t('myHelp.category')}</dt>
          <dd>{t(CATEGORY_LABELS[request.category])}</dd>
        </div>
        <div>
          <dt>{t('myHelp.amountNeeded')}</dt>
          <dd>{formatMoney(request.amountNeededPaise)}</dd>
        </div>
        {isOpenForGifts && (
          <div>
            <dt>{t('myHelp.raised')}</dt>
            <dd>{formatMoney(request.raisedPaise)}</dd>
          </div>
        )}
        <div>
          <dt>{t('myHelp.requestedOn')}</dt>
          <dd>{formatDate(request.requestedAt, lang)}</dd>
        </div>
        {request.status === 'published' && (
          <div>
            <dt>{t('myHelp.closesOn')}</dt>
            <dd>{request.closesOn ? formatDate(request.closesOn, lang) : none}</dd>
          </div>
        )}
        {request.status === 'closed' && request.closedReason && (
          <div>
            <dt>{t('myHelp.closedBecause')}</dt>
            <dd>{t(CLOSE_REASON_LABELS[request.closedReason])}</dd>
          </div>
        )}
      </dl>
      {request.status === 'information_requested' && request.question && <QuestionAndAnswer request={request} question={request.question} onNotice={onNotice} />}
      {request.status === 'rejected' && (
        <div className="notice notice-warning" data-testid="my-help-rejection">
          <p>
            <strong>{t('myHelp.rejectionReason')}</strong>
          </p>
          <p className="message-text">{request.rejectionReason ?? none}</p>
          <p>{t('myHelp.rejectedNext')}</p>
        </div>
      )}
      {isOpenForGifts && (
        <p>
          <Link href={`/help/${request.id}`} data-testid="my-help-public-link">
            {t('myHelp.publicPage')}
          </Link>
          <br />
          <Link href={`/my-help/${request.id}`} data-testid="my-help-withdraw-link">
            {t('myHelp.withdraw.link')}
          </Link>
        </p>
      )}
      {request.status === 'published' && <CloseRequest id={request.id} onNotice={onNotice} />}
    </article>
  );
}

function QuestionAndAnswer({ request, question, onNotice }: { request: TMyHelpRequest; question: string; onNotice: (message: string) => void }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const { answer } = useMyHelpActions();
  const [text, setText] = useState('');
  const [clientErrors, setClientErrors] = useState<string[]>([]);
  const serverErrors = fieldErrorsOf(answer.error).answer;
  const shownErrors = (clientErrors.length > 0 ? clientErrors : (serverErrors ?? [])).map(translateServer);
  const failure = answer.error && !serverErrors?.length ? errorText(answer.error, 'myHelp.answerFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = sendAnswer(answer, request.id, text, () => {
      setText('');
      onNotice(t('myHelp.answerSent', { id: request.id }));
    });
    setClientErrors(problems);
    if (problems.length > 0) answer.reset();
  }

  return (
    <section className="notice" aria-label={t('myHelp.questionHeading')} data-testid="my-help-question">
      <h3>{t('myHelp.questionHeading')}</h3>
      <p className="message-text">{question}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="answer"
          multiline
          rows={4}
          label={t('myHelp.answerLabel')}
          hint={`${t('myHelp.answerHint')} ${t('myHelp.form.counter', { count: formatNumber(text.trim().length), max: formatNumber(ANSWER_MAX) })}`}
          maxLength={ANSWER_MAX}
          required
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setClientErrors([]);
          }}
          errors={shownErrors}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={answer.isPending} label={t('myHelp.sendAnswer')} busyLabel={t('myHelp.sending')} />
      </form>
    </section>
  );
}

/** "Close this request", asked once more before it is done: a closed request takes no new gifts, for good. */
function CloseRequest({ id, onNotice }: { id: string; onNotice: (message: string) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const questionId = useId();
  const { close } = useMyHelpActions();
  const [isConfirming, setIsConfirming] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const failure = close.error ? errorText(close.error, 'myHelp.closeFailed') : undefined;

  return (
    <div data-testid="my-help-close">
      {!isConfirming && (
        <button ref={buttonRef} type="button" className="btn btn-secondary" onClick={() => setIsConfirming(true)} data-testid="my-help-close-button">
          {t('myHelp.closeRequest')}
        </button>
      )}
      {isConfirming && (
        <div className="notice notice-warning" role="alertdialog" aria-labelledby={questionId} data-testid="my-help-close-confirm">
          <p id={questionId}>{t('myHelp.closeConfirm', { id })}</p>
          <p className="actions">
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={close.isPending}
              aria-busy={close.isPending || undefined}
              onClick={() => sendClose(close, id, () => onNotice(t('myHelp.closedDone', { id })))}
              data-testid="my-help-close-yes"
            >
              {close.isPending ? t('myHelp.closing') : t('myHelp.closeYes')}
            </button>
            {/* The question takes focus on its safe answer: Enter closes nothing. */}
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
              {t('myHelp.closeNo')}
            </button>
          </p>
        </div>
      )}
      <FormError message={failure?.message} hint={failure?.hint} />
    </div>
  );
}
