import { useT } from '#web/i18n/i18n.tsx';
import { FormError } from '#web/ui/form/form-status.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useRevealHelpBeneficiary } from '../hooks/use-help-requests.ts';
import { HELP_RELATION_LABELS } from './help-labels.public.ts';
import { Fact } from '#web/ui/fact.tsx';
import type { THelpRequestAdminDetail } from '@sahay/server/modules/help/help.schema';
import { PayoutWithHolder } from './payout-holder.tsx';

/**
 * Who the help is for and where the money goes: closed until staff press the button, since the
 * server records each opening in the access log (help.admin.reveal is a mutation for that reason,
 * never run on its own). After an erasure there is nothing to show. Beside the UPI ID and the account
 * number, whose account it is (issue 32): the beneficiary's, the requester's or someone else's.
 */
export function HelpBeneficiary({ request }: { request: Pick<THelpRequestAdminDetail, 'id' | 'payoutHolders' | 'requesterName'> }) {
  const { id } = request;
  const t = useT();
  const errorText = useErrorText();
  const reveal = useRevealHelpBeneficiary();
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
      {beneficiary && <BeneficiaryFacts beneficiary={beneficiary} request={request} />}
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

type Beneficiary = NonNullable<NonNullable<ReturnType<typeof useRevealHelpBeneficiary>['data']>['beneficiary']>;

function BeneficiaryFacts({ beneficiary, request }: { beneficiary: Beneficiary; request: Pick<THelpRequestAdminDetail, 'payoutHolders' | 'requesterName'> }) {
  const t = useT();
  const none = t('common.none');
  const names = { beneficiary: beneficiary.name, requester: request.requesterName, accountHolder: beneficiary.accountHolder };
  return (
    <div data-testid="help-beneficiary-details">
      <dl className="facts facts-grid">
        <Fact label={t('admin.help.beneficiaryName')}>{beneficiary.name}</Fact>
        <Fact label={t('admin.help.relation')}>{t(HELP_RELATION_LABELS[beneficiary.relation])}</Fact>
        <Fact label={t('admin.help.upiId')}>
          {beneficiary.upiId ? (
            <PayoutWithHolder way="upi" holder={request.payoutHolders?.upi ?? null} names={names}>
              <span className="mono">{beneficiary.upiId}</span>
            </PayoutWithHolder>
          ) : (
            none
          )}
        </Fact>
        <Fact label={t('admin.help.bankName')}>{beneficiary.bankName ?? none}</Fact>
        <Fact label={t('admin.help.accountHolder')}>{beneficiary.accountHolder ?? none}</Fact>
        <Fact label={t('admin.help.accountNumber')}>
          {beneficiary.accountNumber ? (
            <PayoutWithHolder way="bank" holder={request.payoutHolders?.bank ?? null} names={names}>
              <span className="mono">{beneficiary.accountNumber}</span>
            </PayoutWithHolder>
          ) : (
            none
          )}
        </Fact>
        <Fact label={t('admin.help.ifsc')}>{beneficiary.ifsc ? <span className="mono">{beneficiary.ifsc}</span> : none}</Fact>
      </dl>
    </div>
  );
}
