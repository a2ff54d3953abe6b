import { useT } from '#web/i18n/i18n.tsx';
import { FormError } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRevealHelpBeneficiary } from '../hooks/use-help-requests.ts';
import { HELP_RELATION_LABELS } from './help-labels.public.ts';
import { Fact } from '#web/ui/fact.tsx';

/**
 * Who the help is for and where the money goes: closed until staff press the button, since the
 * server records each opening in the access log (help.admin.reveal is a mutation for that reason,
 * never run on its own). After an erasure there is nothing to show.
 */
export function HelpBeneficiary({ id }: { id: string }) {
  const t = useT();
  const errorText = useErrorText();
  const reveal = useRevealHelpBeneficiary();
  const none = t('common.none');
  const beneficiary = reveal.data?.beneficiary;

  return (
    <section aria-labelledby="help-beneficiary-heading" className="panel" data-testid="help-beneficiary">
      <h2 id="help-beneficiary-heading">{t('admin.help.beneficiaryHeading')}</h2>
      {!reveal.data && (
        <>
          <p>{t('admin.help.revealNote')}</p>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={reveal.isPending}
            aria-busy={reveal.isPending || undefined}
            onClick={() => reveal.mutate({ id })}
            data-testid="help-reveal"
          >
            {reveal.isPending ? t('admin.help.revealing') : t('admin.help.reveal')}
          </button>
          {reveal.error && <FormError {...errorText(reveal.error, 'admin.help.revealFailed')} />}
        </>
      )}
      {reveal.data && beneficiary === null && <p data-testid="help-beneficiary-erased">{t('admin.help.beneficiaryErased')}</p>}
      {beneficiary && (
        <div data-testid="help-beneficiary-details">
          <dl className="facts facts-grid">
            <Fact label={t('admin.help.beneficiaryName')}>{beneficiary.name}</Fact>
            <Fact label={t('admin.help.relation')}>{t(HELP_RELATION_LABELS[beneficiary.relation])}</Fact>
            <Fact label={t('admin.help.upiId')}>{beneficiary.upiId ? <span className="mono">{beneficiary.upiId}</span> : none}</Fact>
            <Fact label={t('admin.help.bankName')}>{beneficiary.bankName ?? none}</Fact>
            <Fact label={t('admin.help.accountHolder')}>{beneficiary.accountHolder ?? none}</Fact>
            <Fact label={t('admin.help.accountNumber')}>{beneficiary.accountNumber ? <span className="mono">{beneficiary.accountNumber}</span> : none}</Fact>
            <Fact label={t('admin.help.ifsc')}>{beneficiary.ifsc ? <span className="mono">{beneficiary.ifsc}</span> : none}</Fact>
          </dl>
        </div>
      )}
      {reveal.data && (
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => reveal.reset()}>
            {t('admin.help.hideDetails')}
          </button>
        </p>
      )}
    </section>
  );
}
