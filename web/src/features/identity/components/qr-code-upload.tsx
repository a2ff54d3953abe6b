import { useId, useState, type FormEvent } from 'react';
import type { TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useUploadQrCode } from '../hooks/use-upload-qr-code.ts';

/** PRODUCT.md §11; the server checks the same (its messages, so they translate alike). */
const MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller one.';
const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded.';

/**
 * The UPI QR image for receiving help: uploaded with a real progress bar, then processed by the
 * server (re-encoded, metadata stripped); the profile is asked again until the image is ready.
 */
export function QrCodeUpload({ userId, qrCode }: { userId: string; qrCode: TProfile['qrCode'] }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const inputId = useId();
  const errorId = useId();
  const { state, upload } = useUploadQrCode(userId);
  const [fileError, setFileError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('qrCode') as HTMLInputElement;
    const file = input.files?.[0];
    const problem = !file ? t('profile.qr.choose') : !IMAGE_TYPES.includes(file.type) ? translateServer(WRONG_TYPE) : file.size > MAX_BYTES ? translateServer(TOO_LARGE) : null;
    setFileError(problem);
    if (problem || !file) {
      input.focus();
      return;
    }
    upload(file);
  }

  const isUploading = state.phase === 'uploading';
  const percent = isUploading && state.total > 0 ? Math.min(100, Math.round((state.loaded / state.total) * 100)) : 0;
  const uploadError = state.phase === 'failed' ? errorText(state.error, 'profile.qr.failed') : undefined;
  const isProcessing = qrCode.status === 'processing';

  return (
    <div className="qr-upload">
      {qrCode.url ? (
        <img className="qr-image" src={qrCode.url} alt={t('profile.qr.alt')} width={200} height={200} data-testid="qr-image" />
      ) : (
        <p>{t('profile.qr.none')}</p>
      )}
      <p role="status" data-testid="qr-status">
        {isProcessing && t('profile.qr.processing')}
        {!isProcessing && state.phase === 'uploaded' && qrCode.status === 'ready' && t('profile.qr.ready')}
      </p>
      {qrCode.status === 'rejected' && (
        <div role="alert" className="form-error">
          <p>{t('profile.qr.rejected')}</p>
        </div>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{t('profile.qr.label')}</label>
          <p className="field-hint" id={`${inputId}-hint`}>
            {t('profile.qr.hint')}
          </p>
          <input
            id={inputId}
            name="qrCode"
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={[`${inputId}-hint`, fileError ? errorId : ''].filter(Boolean).join(' ')}
            aria-invalid={fileError ? true : undefined}
            onChange={() => setFileError(null)}
          />
          {fileError && (
            <p className="field-error" id={errorId}>
              {fileError}
            </p>
          )}
        </div>
        {isUploading && (
          <div className="upload-progress">
            <label htmlFor={`${inputId}-progress`}>{t('profile.qr.uploading', { percent: formatNumber(percent) })}</label>
            <progress id={`${inputId}-progress`} max={100} value={percent} data-testid="upload-progress" />
          </div>
        )}
        <FormError message={uploadError?.message} hint={uploadError?.hint} />
        <SubmitButton isBusy={isUploading} label={t('profile.qr.upload')} busyLabel={t('profile.qr.uploadingShort')} />
      </form>
    </div>
  );
}
