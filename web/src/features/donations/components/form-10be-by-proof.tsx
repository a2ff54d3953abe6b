import { useProcedureQuery } from '#web/api/use-procedure.ts';
import { useT } from '#web/i18n/i18n.tsx';
import { FormError } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { Form10BECertificates } from './form-10be-certificates.tsx';

/** /donate/status after the one-time code: the certificates of the donations given with the contact the code proved (donations.form10be.getForProof). */
export function Form10BEByProof({ proof }: { proof: string }) {
  const t = useT();
  const errorText = useErrorText();
  const mine = useProcedureQuery('donations.form10be.getForProof', { proof });
  const failure = mine.error ? errorText(mine.error, 'form10be.loadFailed') : undefined;
  return (
    <Form10BECertificates
      certificates={mine.data?.certificates}
      dueOn={mine.data?.form10bdDueOn}
      proof={proof}
      isSection
      status={
        <>
          {mine.isLoading && <p role="status">{t('common.loading')}</p>}
          <FormError message={failure?.message} hint={failure?.hint} />
        </>
      }
    />
  );
}
