import { useId, useState, type FormEvent } from 'react';
import type { TProfile } from '@sahay/server/modules/identity/profile/profile.schema';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { ImageFileField, imageFileProblem, uploadPercent } from './image-file-field.tsx';
import { useRemoveIdPhoto, useUploadIdPhoto } from '../hooks/use-id-photo.ts';

/**
 * The photo on the member's I-card (issue 16), uploaded like the UPI QR: a real progress bar, then
 * the server crops it to a passport-like portrait and strips its metadata, and the profile is asked
 * again until it is ready. The preview is served to the member only; the public card check
 * (/verify) never shows it. The member can remove it: the card is then drawn without one.
 */
export function IdPhotoUpload({ userId, idPhoto }: { userId: string; idPhoto: TProfile['idPhoto'] }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const headingId = useId();
  const { state, upload } = useUploadIdPhoto(userId);
  const remove = useRemoveIdPhoto();
  const [fileError, setFileError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('idPhoto') as HTMLInputElement;
    const file = input.files?.[0];
    const problem = imageFileProblem(file, t('idCard.photo.choose'), translateServer);
    setFileError(problem);
    if (problem || !file) {
      input.focus();
      return;
    }
    remove.reset();
    upload(file);
  }

  const isUploading = state.phase === 'uploading';
  const uploadError = state.phase === 'failed' ? errorText(state.error, 'idCard.photo.failed') : undefined;
  const removeError = remove.error ? errorText(remove.error, 'idCard.photo.removeFailed') : undefined;
  const isProcessing = idPhoto.status === 'processing';
  const hasSomethingToRemove = idPhoto.url !== null || isProcessing;
  const status = isProcessing
    ? t('idCard.photo.processing')
    : remove.isSuccess && idPhoto.status === 'none'
      ? t('idCard.photo.removed')
      : state.phase === 'uploaded' && idPhoto.status === 'ready'
        ? t('idCard.photo.ready')
        : '';

  return (
    <div className="id-photo-upload" role="group" aria-labelledby={headingId} data-testid="id-photo">
      <h3 id={headingId}>{t('idCard.photo.heading')}</h3>
      <p>{t('idCard.photo.intro')}</p>
      {idPhoto.url ? (
        // 300 × 375 as served; shown at half that.
        <img className="id-photo-image" src={idPhoto.url} alt={t('idCard.photo.alt')} width={150} height={188} data-testid="id-photo-image" />
      ) : (
        <p>{t('idCard.photo.none')}</p>
      )}
      <p role="status" data-testid="id-photo-status">
        {status}
      </p>
      {idPhoto.status === 'rejected' && (
        <div role="alert" className="form-error">
          <p>{t('idCard.photo.rejected')}</p>
        </div>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <ImageFileField
          name="idPhoto"
          label={t('idCard.photo.label')}
          hint={t('idCard.photo.hint')}
          error={fileError}
          onChange={() => setFileError(null)}
          progress={isUploading ? { label: t('idCard.photo.uploading', { percent: formatNumber(uploadPercent(state)) }), percent: uploadPercent(state), testId: 'id-photo-progress' } : null}
        />
        <FormError message={uploadError?.message} hint={uploadError?.hint} />
        <p className="actions">
          <SubmitButton isBusy={isUploading} label={t('idCard.photo.upload')} busyLabel={t('idCard.photo.uploadingShort')} />
          {hasSomethingToRemove && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={remove.isPending || isUploading}
              aria-busy={remove.isPending || undefined}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? t('idCard.photo.removing') : t('idCard.photo.remove')}
            </button>
          )}
        </p>
      </form>
      <FormError message={removeError?.message} hint={removeError?.hint} />
    </div>
  );
}
