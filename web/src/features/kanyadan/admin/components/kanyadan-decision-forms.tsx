import { useState, type FormEvent } from 'react';
import { REJECTION_REASONS, type RejectionReason } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import { ZRejectApplicationRequestSchema } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import type { FieldErrors } from '#web/api/errors.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors } from '#web/ui/use-error-text.ts';
import { useKanyadanActions } from '../hooks/use-kanyadan-application.ts';
import { useConflictNotice, useFormErrors, type OnOutcome } from '#web/features/admin/components/staff-forms.public.tsx';
import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { documentLabel, reasonLabel } from './kanyadan-labels.public.tsx';

/**
 * What the family is told for each reason, in both languages, as the server's rejection-reasons.ts
 * words it (the status page, the e-mail and the SMS). Copied because the web may load only
 * *.schema.ts files from the server; after a rejection the page shows the server's own text.
 */
export const REJECTION_TEXT: Record<RejectionReason, { en: string; hi: string }> = {
  'documents-unclear': { en: 'The documents could not be read clearly.', hi: 'दस्तावेज़ साफ़ पढ़े नहीं जा सके।' },
  'documents-missing': { en: 'A required document is missing.', hi: 'एक ज़रूरी दस्तावेज़ नहीं लगाया गया है।' },
  'details-mismatch': { en: 'The details in the form do not match the documents.', hi: 'फ़ॉर्म का विवरण दस्तावेज़ों से मेल नहीं खाता।' },
  'not-eligible': { en: 'The application does not meet the scheme’s eligibility rules.', hi: 'आवेदन योजना की पात्रता शर्तें पूरी नहीं करता।' },
  duplicate: { en: 'This girl is already registered under another application.', hi: 'यह बालिका पहले से किसी दूसरे आवेदन में पंजीकृत है।' },
  other: { en: 'The application could not be accepted.', hi: 'आवेदन स्वीकार नहीं किया जा सका।' },
};

const isReason = (value: string): value is RejectionReason => REJECTION_REASONS.some((reason) => reason === value);

/** The family's words in both languages, marked as such for screen readers. */
export function BilingualText({ text }: { text: { en: string; hi: string } }) {
  return (
    <>
      <p lang="en">{text.en}</p>
      <p lang="hi">{text.hi}</p>
    </>
  );
}

/** The documents a verifier must still open before verifying (issue 32): all but those that could not be processed. */
export function documentsToOpen(documents: TApplicationDetail['documents']): TApplicationDetail['documents'] {
  return documents.filter((document) => (document.status === 'ready' || document.status === 'processing') && !document.isOpenedByYou);
}

/** Verify: the documents are clear and match the form — so only once this verifier has opened each of them. */
export function VerifyForm({ regNo, documents, onOutcome }: { regNo: string; documents: TApplicationDetail['documents']; onOutcome: OnOutcome }) {
  const t = useT();
  const { verify } = useKanyadanActions();
  const onConflict = useConflictNotice(onOutcome);
  const { failure } = useFormErrors(verify.error, {}, 'admin.kanyadan.verifyFailed', []);
  const unopened = documentsToOpen(documents);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unopened.length > 0) return;
    verify.mutate({ regNo }, { onSuccess: () => onOutcome({ tone: 'success', message: t('admin.kanyadan.verifiedDone') }), onError: onConflict });
  }

  return (
    <section aria-labelledby="verify-heading" className="panel" data-testid="verify-form">
      <h2 id="verify-heading">{t('admin.kanyadan.verifyHeading')}</h2>
      <p>{t('admin.kanyadan.verifyHelp')}</p>
      {unopened.length > 0 && (
        <div id="verify-waits" data-testid="verify-waits">
          <p>{t('admin.kanyadan.openEveryDocument')}</p>
          <ul>
            {unopened.map((document) => (
              <li key={document.kind}>
                {t(documentLabel(document.kind))}
                {document.status === 'processing' && ` — ${t('admin.kanyadan.stillProcessing')}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <FormError message={failure?.message} hint={failure?.hint} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={verify.isPending || unopened.length > 0}
          aria-describedby={unopened.length > 0 ? 'verify-waits' : undefined}
          data-testid="verify-button"
        >
          {verify.isPending ? t('common.submitting') : t('admin.kanyadan.verify')}
        </button>
      </form>
    </section>
  );
}

/** Reject with one of the fixed reasons (the family reads its text in both languages) and perhaps a note. */
export function RejectForm({ regNo, onOutcome }: { regNo: string; onOutcome: OnOutcome }) {
  const t = useT();
  const { reject } = useKanyadanActions();
  const onConflict = useConflictNotice(onOutcome);
  const [reason, setReason] = useState<RejectionReason | ''>('');
  const [note, setNote] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const { errorsFor, failure } = useFormErrors(reject.error, clientErrors, 'admin.kanyadan.rejectFailed', ['reason', 'note']);
  const reasonErrors = errorsFor('reason');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRejectApplicationRequestSchema.safeParse({ regNo, reason: reason || undefined, note });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues));
      reject.reset();
      return;
    }
    setClientErrors({});
    reject.mutate(
      { regNo, reason: parsed.data.reason, note: parsed.data.note ?? undefined },
      {
        onSuccess: () => {
          setNote('');
          onOutcome({ tone: 'success', message: t('admin.kanyadan.rejectedDone') });
        },
        onError: onConflict,
      },
    );
  }

  return (
    <section aria-labelledby="reject-heading" className="panel" data-testid="reject-form">
      <h2 id="reject-heading">{t('admin.kanyadan.rejectHeading')}</h2>
      <p>{t('admin.kanyadan.rejectHelp')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="reject-reason">{t('admin.kanyadan.reasonLabel')}</label>
          <select
            id="reject-reason"
            name="reason"
            value={reason}
            required
            aria-invalid={reasonErrors ? true : undefined}
            aria-describedby={reasonErrors ? 'reject-reason-error' : undefined}
            onChange={(event) => setReason(isReason(event.target.value) ? event.target.value : '')}
          >
            <option value="">{t('admin.kanyadan.chooseReason')}</option>
            {REJECTION_REASONS.map((option) => (
              <option key={option} value={option}>
                {t(reasonLabel(option))}
              </option>
            ))}
          </select>
          {reasonErrors && (
            <p className="field-error" id="reject-reason-error">
              {reasonErrors.join(' ')}
            </p>
          )}
        </div>
        {reason && (
          <div className="notice" data-testid="reason-preview">
            <p>
              <strong>{t('admin.kanyadan.reasonPreview')}</strong>
            </p>
            <BilingualText text={REJECTION_TEXT[reason]} />
          </div>
        )}
        <TextField
          name="note"
          multiline
          rows={2}
          label={t('admin.kanyadan.noteLabel')}
          hint={t('admin.kanyadan.noteHint')}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          errors={errorsFor('note')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={reject.isPending} label={t('admin.kanyadan.reject')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
