import { useState, type FormEvent } from 'react';
import type { TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { ImageFileField, imageFileProblem, uploadPercent } from './image-file-field.tsx';
import { useUploadQrCode } from '../hooks/use-upload-qr-code.ts';

/**
 * The UPI QR image for receiving help: uploaded with a real progress bar, then processed by the
 * server (re-encoded, metadata stripped); the profile is asked again until the image is ready.
 */
export function QrCodeUpload({ userId, qrCode }: { userId: string; qrCode: TProfile['qrCode'] }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const { state, upload } = useUploadQrCode(userId);
  const [fileError, setFileError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('qrCode') as HTMLInputElement;
    const file = input.files?.[0];
    const problem = imageFileProblem(file, t('profile.qr.choose'), translateServer);
    setFileError(problem);
    if (problem || !file) {
      input.focus();
      return;
    }
    upload(file);
  }

  const isUploading = state.phase === 'uploading';
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
        <ImageFileField
          name="qrCode"
          label={t('profile.qr.label')}
          hint={t('profile.qr.hint')}
          error={fileError}
          onChange={() => setFileError(null)}
          progress={isUploading ? { label: t('profile.qr.uploading', { percent: formatNumber(uploadPercent(state)) }), percent: uploadPercent(state), testId: 'upload-progress' } : null}
        />
        <FormError message={uploadError?.message} hint={uploadError?.hint} />
        <SubmitButton isBusy={isUploading} label={t('profile.qr.upload')} busyLabel={t('profile.qr.uploadingShort')} />
      </form>
    </div>
  );
}
