import { useState, type FormEvent } from 'react';
import { ZEraseApplicationRequestSchema } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { useT } from '#web/i18n/i18n.tsx';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useKanyadanActions } from '../hooks/use-kanyadan-application.ts';
import { useConflictNotice, useFormErrors, type OnOutcome } from '#web/features/admin/components/staff-forms.public.tsx';

/**
 * Erase the girl's and her family's personal data for good (their request, or the law): the
 * application's key is destroyed. The reason stays in the record, so it must name nobody (the
 * server's schema checks it here first); a box to tick as well, since nothing brings it back.
 */
export function EraseForm({ regNo, onOutcome }: { regNo: string; onOutcome: OnOutcome }) {
  const t = useT();
  const { erase } = useKanyadanActions();
  const onConflict = useConflictNotice(onOutcome);
  const [reason, setReason] = useState('');
  const [reasonErrors, setReasonErrors] = useState<string[] | undefined>(undefined);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isConfirmMissing, setIsConfirmMissing] = useState(false);
  const { errorsFor, failure } = useFormErrors(erase.error, reasonErrors ? { reason: reasonErrors } : {}, 'admin.kanyadan.eraseFailed', ['reason']);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZEraseApplicationRequestSchema.safeParse({ regNo, reason });
    if (!parsed.success) {
      setReasonErrors(parsed.error.issues.map((issue) => issue.message));
      erase.reset();
      (event.currentTarget.elements.namedItem('erase-reason') as HTMLElement | null)?.focus();
      return;
    }
    setReasonErrors(undefined);
    if (!isConfirmed) {
      setIsConfirmMissing(true);
      (event.currentTarget.elements.namedItem('erase-confirm') as HTMLElement | null)?.focus();
      return;
    }
    setIsConfirmMissing(false);
    erase.mutate(
      { regNo, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setReason('');
          onOutcome({ tone: 'success', message: t('admin.kanyadan.erasedDone') });
        },
        onError: onConflict,
      },
    );
  }

  return (
    <section aria-labelledby="erase-heading" className="panel" data-testid="erase-form">
      <h2 id="erase-heading">{t('admin.kanyadan.eraseHeading')}</h2>
      <p>{t('admin.kanyadan.eraseHelp')}</p>
      <form className="form" noValidate onSubmit={onSubmit}>
        <TextField
          name="erase-reason"
          multiline
          required
          label={t('admin.kanyadan.eraseReason')}
          hint={t('admin.kanyadan.eraseReasonHint')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          errors={errorsFor('reason')}
        />
        <div className="field">
          <div className="field-check">
            <input
              id="erase-confirm"
              type="checkbox"
              name="erase-confirm"
              checked={isConfirmed}
              aria-invalid={isConfirmMissing || undefined}
              aria-describedby={isConfirmMissing ? 'erase-confirm-error' : undefined}
              onChange={(event) => setIsConfirmed(event.target.checked)}
            />
            <label htmlFor="erase-confirm">{t('admin.kanyadan.eraseConfirm')}</label>
          </div>
          {isConfirmMissing && (
            <p className="field-error" id="erase-confirm-error">
              {t('admin.kanyadan.eraseConfirmFirst')}
            </p>
          )}
        </div>
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={erase.isPending} label={t('admin.kanyadan.erase')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}
