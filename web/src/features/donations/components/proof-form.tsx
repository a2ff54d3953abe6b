import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { utrKindOf } from '../reference.public.ts';
import { useSubmitProof } from '../hooks/use-submit-proof.ts';

/** PRODUCT.md §11; the server checks the same, with these very messages (so they translate alike). */
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TOO_LARGE = 'The file is larger than 5 MB. Please choose a smaller one.';
const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded.';

/**
 * The donor's proof of payment: the UTR (which kind is which, said plainly) and, if they like, a
 * screenshot, sent with a real progress bar. A failed send keeps what was entered and can be
 * retried; the server's answer about a field is shown beside that field.
 */
export function ProofForm({ reference, contact, onSent, afterSent }: { reference: string; contact: string; onSent?: (status: string) => void; afterSent?: ReactNode }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const fileId = useId();
  const proof = useSubmitProof({ onSent });
  const [utr, setUtr] = useState('');
  const [clientErrors, setClientErrors] = useState<{ utr?: string; screenshot?: string }>({});

  const serverErrors = proof.state.phase === 'failed' ? fieldErrorsOf(proof.state.error) : {};
  const utrErrors = clientErrors.utr ? [clientErrors.utr] : serverErrors.utr?.map(translateServer);
  const fileError = clientErrors.screenshot ?? serverErrors.screenshot?.map(translateServer).join(' ');
  const hasFieldErrors = Boolean(utrErrors?.length || fileError || serverErrors.contact);
  const failure = proof.state.phase === 'failed' && !hasFieldErrors ? errorText(proof.state.error, 'donate.proof.failed') : undefined;
  const isSending = proof.state.phase === 'sending';
  const percent = proof.state.phase === 'sending' && proof.state.total > 0 ? Math.min(100, Math.round((proof.state.loaded / proof.state.total) * 100)) : 0;
  const kind = utrKindOf(utr);

  if (proof.state.phase === 'sent') {
    return (
      <div role="status" className="notice notice-success" data-testid="proof-sent">
        <p>
          <strong>{t('donate.proof.thanks')}</strong>
        </p>
        <p>{t('donate.proof.next')}</p>
        {afterSent}
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem('screenshot') as HTMLInputElement;
    const file = input.files?.[0] ?? null;
    const errors: { utr?: string; screenshot?: string } = {};
    if (utr.trim() === '') errors.utr = translateServer('Enter the UTR (the bank’s reference) of your payment.');
    else if (!kind) errors.utr = translateServer('Enter the UTR: 12 digits for UPI or IMPS, or 16 to 22 letters and digits for NEFT or RTGS.');
    if (file && !IMAGE_TYPES.includes(file.type)) errors.screenshot = translateServer(WRONG_TYPE);
    else if (file && file.size > MAX_BYTES) errors.screenshot = translateServer(TOO_LARGE);
    setClientErrors(errors);
    if (errors.utr || errors.screenshot) {
      (form.elements.namedItem(errors.utr ? 'utr' : 'screenshot') as HTMLElement | null)?.focus();
      return;
    }
    proof.send({ reference, contact, utr, screenshot: file });
  }

  return (
    <form className="form" noValidate onSubmit={onSubmit} data-testid="proof-form">
      <TextField
        name="utr"
        label={t('donate.proof.utr')}
        hint={t('donate.proof.utrHint')}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        value={utr}
        onChange={(event) => setUtr(event.target.value)}
        errors={utrErrors}
      />
      <p className="field-hint" data-testid="utr-kind">
        {kind === 'upi-imps' && t('donate.proof.kindUpi')}
        {kind === 'neft-rtgs' && t('donate.proof.kindNeft')}
      </p>
      <div className="field">
        <label htmlFor={fileId}>{t('donate.proof.screenshot')}</label>
        <p className="field-hint" id={`${fileId}-hint`}>
          {t('donate.proof.screenshotHint')}
        </p>
        <input
          id={fileId}
          name="screenshot"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={fileError ? true : undefined}
          onChange={() => setClientErrors((current) => ({ ...current, screenshot: undefined }))}
        />
        {fileError && (
          <p className="field-error" id={`${fileId}-error`}>
            {fileError}
          </p>
        )}
      </div>
      {isSending && proof.state.phase === 'sending' && proof.state.hasFile && (
        <div className="upload-progress">
          <label htmlFor={`${fileId}-progress`}>{t('donate.proof.uploading', { percent: formatNumber(percent) })}</label>
          <progress id={`${fileId}-progress`} max={100} value={percent} data-testid="proof-progress" />
        </div>
      )}
      <FormError message={serverErrors.contact ? serverErrors.contact.map(translateServer).join(' ') : failure?.message} hint={failure?.hint} />
      <SubmitButton isBusy={isSending} label={proof.state.phase === 'failed' ? t('donate.proof.retry') : t('donate.proof.submit')} busyLabel={t('common.submitting')} />
    </form>
  );
}
