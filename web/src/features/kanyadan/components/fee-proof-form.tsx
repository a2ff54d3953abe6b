import { useState, type FormEvent } from 'react';
import type { TApplicationStatus } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { mutateProcedure } from '#web/api/procedure-fetch.ts';
import { fieldErrorsOf, type FieldErrors } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { lazyModule } from '#web/lib/lazy-module.ts';
import { FormError, Notice, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { issuesToFieldErrors, useErrorText } from '#web/ui/use-error-text.ts';
import { loadServerMessages } from '../load-server-messages.ts';

const P = 'kanyadanSteps.payment';
const routesSchema = lazyModule(() => import('@sahay/server/modules/kanyadan/kanyadan-routes.schema'));

/**
 * After paying the fee, the family gives the bank's UTR (with the phone of the application), so
 * finance can find the money; the payment counts once finance records it. The same UTR again
 * changes nothing; a corrected one replaces it. Once given, the status reads "fee reference
 * received, being checked" (status-words.ts).
 */
export function FeeProofForm({
  regNo,
  phone: initialPhone = '',
  utrGiven = null,
  onSent,
}: {
  regNo: string;
  phone?: string;
  utrGiven?: string | null;
  /** The application's status as the server answered the UTR: the page shows it at once (issue 32). */
  onSent?: (status: TApplicationStatus) => void;
}) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const [values, setValues] = useState({ phone: initialPhone, utr: '' });
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<unknown>(null);
  const [sentUtr, setSentUtr] = useState<string | null>(utrGiven);
  const [isSending, setIsSending] = useState(false);

  const serverErrors = fieldErrorsOf(error);
  const errorsFor = (field: 'phone' | 'utr') => ({ ...serverErrors, ...clientErrors })[field]?.map(translateServer);
  const failure = error && !serverErrors.phone && !serverErrors.utr ? errorText(error, `${P}.utrFailed`) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSending(true);
    try {
      const [schema] = await Promise.all([routesSchema.load(), loadServerMessages(lang)]);
      const parsed = schema?.ZSubmitFeeProofRequestSchema.safeParse({ regNo, ...values });
      if (parsed && !parsed.success) {
        setClientErrors(issuesToFieldErrors(parsed.error.issues));
        return;
      }
      setClientErrors({});
      setError(null);
      const status = await mutateProcedure('kanyadan.submitFeeProof', parsed?.data ?? { regNo, ...values });
      setSentUtr(status.feeUtrGiven);
      onSent?.(status);
    } catch (caught) {
      setError(caught);
    } finally {
      setIsSending(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`fee-utr-${regNo}`} data-testid="fee-proof">
      <h3 id={`fee-utr-${regNo}`}>{t(`${P}.utrHeading`)}</h3>
      <p>{t(`${P}.utrIntro`)}</p>
      {sentUtr && (
        <Notice tone="success">
          <p data-testid="fee-utr-sent">{t(`${P}.utrSent`, { utr: sentUtr })}</p>
        </Notice>
      )}
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          name="phone"
          type="tel"
          label={t(`${P}.utrPhone`)}
          autoComplete="tel"
          inputMode="tel"
          required
          maxLength={16}
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.target.value })}
          errors={errorsFor('phone')}
        />
        <TextField
          name="utr"
          label={t(`${P}.utr`)}
          hint={t(`${P}.utrHint`)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={30}
          className="mono"
          value={values.utr}
          onChange={(event) => setValues({ ...values, utr: event.target.value })}
          errors={errorsFor('utr')}
        />
        <FormError message={failure?.message} hint={failure?.hint} />
        <SubmitButton isBusy={isSending} label={t(`${P}.utrSend`)} busyLabel={t(`${P}.utrSending`)} />
      </form>
    </section>
  );
}
