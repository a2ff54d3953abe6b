import { useId, type ReactNode } from 'react';
import type { THelpRequestAdminDetail, TPayoutHolder } from '@sahay/server/modules/help/help.schema';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

const OF: Record<TPayoutHolder, MessageKey> = {
  beneficiary: 'admin.help.payoutOf.beneficiary',
  requester: 'admin.help.payoutOf.requester',
  other: 'admin.help.payoutOf.other',
  unnamed: 'admin.help.payoutOf.unnamed',
};

/** The names staff opened: the beneficiary's, the requester's as registered, and the holder's given with the bank account. */
export interface PayoutNames {
  beneficiary: string | null;
  requester: string | null;
  accountHolder: string | null;
}

/** A UPI ID's holder: the beneficiary, the requester, or the holder named with the payout (decision 061). */
function upiHolderName(holder: TPayoutHolder, names: PayoutNames): string {
  if (holder === 'beneficiary') return names.beneficiary ?? '';
  if (holder === 'requester') return names.requester ?? '';
  return names.accountHolder ?? '';
}

/**
 * A UPI ID or an account number with whose it is beside it (issue 32): "of Ravi Kumar, the
 * requester — not the beneficiary", in the warning's colour when it is not the beneficiary's own.
 */
export function PayoutWithHolder({ way, holder, names, children }: { way: 'upi' | 'bank'; holder: TPayoutHolder | null; names: PayoutNames; children: ReactNode }) {
  const t = useT();
  if (holder === null) return <>{children}</>;
  const name = way === 'upi' ? upiHolderName(holder, names) : (names.accountHolder ?? '');
  return (
    <>
      {children}
      <span className={holder === 'beneficiary' ? 'payout-holder' : 'payout-holder payout-holder-elsewhere'} data-testid={`${way}-holder`}>
        {t(OF[holder], { name })}
      </span>
    </>
  );
}

const ELSEWHERE: Record<'upi' | 'bank', Record<Exclude<TPayoutHolder, 'beneficiary'>, MessageKey>> = {
  upi: { requester: 'admin.help.payoutElsewhere.upi.requester', other: 'admin.help.payoutElsewhere.upi.other', unnamed: 'admin.help.payoutElsewhere.upi.unnamed' },
  bank: { requester: 'admin.help.payoutElsewhere.bank.requester', other: 'admin.help.payoutElsewhere.bank.other', unnamed: 'admin.help.payoutElsewhere.bank.unnamed' },
};

/** What is said for each way of paying that does not reach the beneficiary's own account; none when every way does. */
export function elsewhereKeys(holders: THelpRequestAdminDetail['payoutHolders']): MessageKey[] {
  if (!holders) return [];
  return (['upi', 'bank'] as const).flatMap((way) => {
    const holder = holders[way];
    return holder === null || holder === 'beneficiary' ? [] : [ELSEWHERE[way][holder]];
  });
}

/**
 * Before publishing (issue 32): the money would not go to the beneficiary's own account. Said
 * without names (they open with "Beneficiary and payout", each opening logged); publishing stays
 * possible, since a hospital's or a parent's account can be right (docs/decisions/061).
 */
export function PayoutElsewhereWarning({ holders, id }: { holders: THelpRequestAdminDetail['payoutHolders']; id?: string }) {
  const t = useT();
  const headingId = useId();
  const keys = elsewhereKeys(holders);
  if (keys.length === 0) return null;
  return (
    <div className="notice notice-warning" role="note" aria-labelledby={headingId} id={id} data-testid="help-payout-elsewhere">
      <p id={headingId}>
        <strong>{t('admin.help.payoutElsewhere.heading')}</strong>
      </p>
      <ul>
        {keys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p>{t('admin.help.payoutElsewhere.note')}</p>
    </div>
  );
}
