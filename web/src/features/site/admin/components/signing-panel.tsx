import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '#web/api/errors.ts';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime } from '#web/ui/format.ts';
import { FormError, SubmitButton } from '#web/ui/form/form-status.tsx';
import { TextField } from '#web/ui/form/text-field.tsx';
import { LoadError } from '#web/ui/load-error.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRemoveCertificate, useSigningStatus, useUploadCertificate, useUploadSignature } from '../hooks/use-signing.ts';

/** The server's own words for a form sent without its file (uploads/upload-messages.ts), translated like its refusals. */
const NO_FILE = 'Choose a file to upload.';

/**
 * The signatory's signature (with a preview) and the foundation's signing certificate (issue 31), on
 * the settings page. Only the certificate's public details are ever shown; finance staff (two-factor)
 * upload or remove it.
 */
export function SigningPanel({ canManageCertificate }: { canManageCertificate: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const status = useSigningStatus();
  if (status.isPending) return <p role="status">{t('common.loading')}</p>;
  if (status.isError) return <LoadError error={errorText(status.error, 'admin.signing.loadFailed')} onRetry={() => void status.refetch()} retryLabel={t('common.retry')} />;
  return (
    <>
      <SignatureSection version={status.data.signatureImage?.version ?? null} />
      <CertificateSection certificate={status.data.certificate} canManage={canManageCertificate} />
    </>
  );
}

function SignatureSection({ version }: { version: number | null }) {
  const t = useT();
  const { translateServer } = useLang();
  const errorText = useErrorText();
  const upload = useUploadSignature();
  const [file, setFile] = useState<File | null>(null);
  const [isMissing, setMissing] = useState(false);
  const failure = upload.error ? errorText(upload.error, 'admin.signing.uploadFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissing(!file);
    if (file) upload.mutate(file);
  }

  return (
    <section className="panel" aria-labelledby="signature-heading" data-testid="signature-section">
      <h2 id="signature-heading">{t('admin.signing.signatureHeading')}</h2>
      <p>{t('admin.signing.signatureIntro')}</p>
      {version === null ? (
        <p>{t('admin.signing.noSignature')}</p>
      ) : (
        <img className="signature-preview" src={`/api/admin/settings/signature/${version}`} alt={t('admin.signing.signatureAlt')} style={{ maxWidth: '100%', maxHeight: '6rem', background: '#fff' }} />
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="signature-file">{t('admin.signing.signatureFile')}</label>
          <input id="signature-file" name="signature" type="file" accept="image/png,image/jpeg,image/webp" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
          <p className="field-hint">{t('admin.signing.signatureHint')}</p>
        </div>
        <FormError message={isMissing ? translateServer(NO_FILE) : failure ? translateServer(failure.message) : undefined} hint={isMissing ? undefined : failure?.hint} />
        {upload.isSuccess && <p role="status">{t('admin.signing.signatureSaved')}</p>}
        <SubmitButton isBusy={upload.isPending} label={t('admin.signing.signatureUpload')} busyLabel={t('common.submitting')} />
      </form>
    </section>
  );
}

interface CertificateView {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validUntil: string;
  fingerprint: string;
  uploadedAt: string;
}

function CertificateSection({ certificate, canManage }: { certificate: CertificateView | null; canManage: boolean }) {
  const t = useT();
  const { lang, translateServer } = useLang();
  const errorText = useErrorText();
  const upload = useUploadCertificate();
  const remove = useRemoveCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [isMissing, setMissing] = useState(false);
  const fieldErrors = fieldErrorsOf(upload.error);
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const failure = upload.error && !hasFieldErrors ? errorText(upload.error, 'admin.signing.uploadFailed') : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMissing(!file);
    if (file) upload.mutate({ file, password }, { onSuccess: () => setPassword('') });
  }

  return (
    <section className="panel" aria-labelledby="certificate-heading" data-testid="certificate-section">
      <h2 id="certificate-heading">{t('admin.signing.certificateHeading')}</h2>
      <p>{t('admin.signing.certificateIntro')}</p>
      {certificate ? (
        <dl className="details">
          <dt>{t('admin.signing.subject')}</dt>
          <dd>{certificate.subject}</dd>
          <dt>{t('admin.signing.issuer')}</dt>
          <dd>{certificate.issuer}</dd>
          <dt>{t('admin.signing.validity')}</dt>
          <dd>
            {formatDateTime(certificate.validFrom, lang)} – {formatDateTime(certificate.validUntil, lang)}
          </dd>
          <dt>{t('admin.signing.fingerprint')}</dt>
          <dd style={{ overflowWrap: 'anywhere' }}>
            <code>{certificate.fingerprint}</code>
          </dd>
          <dt>{t('admin.signing.uploadedAt')}</dt>
          <dd>{formatDateTime(certificate.uploadedAt, lang)}</dd>
        </dl>
      ) : (
        <p>{t('admin.signing.noCertificate')}</p>
      )}
      {canManage ? (
        <form className="form" noValidate onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor="certificate-file">{t('admin.signing.certificateFile')}</label>
            <input
              id="certificate-file"
              name="certificate"
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              aria-invalid={fieldErrors.certificate ? true : undefined}
              aria-describedby={fieldErrors.certificate ? 'certificate-file-error' : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            {fieldErrors.certificate && (
              <p className="field-error" id="certificate-file-error">
                {fieldErrors.certificate.map(translateServer).join(' ')}
              </p>
            )}
          </div>
          <TextField name="password" type="password" autoComplete="off" label={t('admin.signing.password')} value={password} onChange={(event) => setPassword(event.target.value)} errors={fieldErrors.password?.map(translateServer)} />
          <FormError message={isMissing ? translateServer(NO_FILE) : failure ? translateServer(failure.message) : undefined} hint={isMissing ? undefined : failure?.hint} />
          {upload.isSuccess && <p role="status">{t('admin.signing.certificateSaved')}</p>}
          <SubmitButton isBusy={upload.isPending} label={t('admin.signing.certificateUpload')} busyLabel={t('common.submitting')} />
          {certificate && (
            <button type="button" className="button button-secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('admin.signing.certificateRemove')}
            </button>
          )}
        </form>
      ) : (
        <p className="field-hint">{t('admin.signing.financeOnly')}</p>
      )}
    </section>
  );
}
