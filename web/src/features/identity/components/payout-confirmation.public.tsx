import { useCallback } from 'react';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { IFSC_NOT_IN_LIST } from '@sahay/server/modules/identity/profile/profile.schema';
import type { useIfscLookup } from '../hooks/use-ifsc-lookup.public.ts';

/** The payout details as they are about to be saved, read back to the member. */
export interface PayoutReadBack {
  upiId: string;
  accountHolder: string;
  accountNumber: string;
  ifsc: string;
  /** From the published list (identity.lookUpIfsc); null when not known yet. */
  bankName: string | null;
}

/** What the step says around the details: the member's own profile by default. */
export interface PayoutConfirmationTexts {
  heading: string;
  intro: string;
  confirm: string;
}

/**
 * The step between "Save" (or "Send") and saving when payout details were typed: each detail read
 * back ("Account holder …, account number …, IFSC … (State Bank of India)") with Confirm and Change.
 * The profile uses its own words; a help request and the staff's Kanyadan benefit form pass theirs.
 */
export function PayoutConfirmation({
  payout,
  isBusy,
  onConfirm,
  onChange,
  texts,
  testId = 'payout-confirmation',
}: {
  payout: PayoutReadBack;
  isBusy: boolean;
  onConfirm: () => void;
  onChange: () => void;
  texts?: PayoutConfirmationTexts;
  testId?: string;
}) {
  const t = useT();
  const words = texts ?? { heading: t('profile.confirm.heading'), intro: t('profile.confirm.intro'), confirm: t('profile.confirm.confirm') };
  const hasBank = payout.accountNumber !== '';
  const bank = { holder: payout.accountHolder, number: payout.accountNumber, ifsc: payout.ifsc, bank: payout.bankName ?? '' };
  // A stable callback runs once, when the step appears; an inline one would run on every render
  // (pressing Confirm re-renders) and pull focus back from the buttons. Focusing alone scrolled only
  // the heading into view, leaving the buttons under a phone's fixed bottom menu (issue 32): the
  // whole step is brought into view instead, above the menu (the page's scroll-padding, styles.css).
  const focusOnAppear = useCallback((heading: HTMLHeadingElement | null) => {
    heading?.focus({ preventScroll: true });
    heading?.parentElement?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section className="panel" aria-labelledby="payout-confirm-heading" data-testid={testId}>
      {/* Focused when it appears, so a screen reader reads the details back at once. */}
      <h3 id="payout-confirm-heading" tabIndex={-1} ref={focusOnAppear}>
        {words.heading}
      </h3>
      <p>{words.intro}</p>
      <ul>
        {payout.upiId !== '' && <li>{t('profile.confirm.upi', { upiId: payout.upiId })}</li>}
        {hasBank && <li>{payout.bankName ? t('profile.confirm.bankWithName', bank) : t('profile.confirm.bank', bank)}</li>}
        {payout.upiId === '' && !hasBank && <li>{t('profile.confirm.none')}</li>}
      </ul>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={isBusy} aria-busy={isBusy || undefined}>
          {isBusy ? t('common.submitting') : words.confirm}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onChange} disabled={isBusy}>
          {t('profile.confirm.change')}
        </button>
      </div>
    </section>
  );
}

/**
 * Under the IFSC field: the bank's name once a full IFSC is typed, or that the list does not have it
 * — unless the field already shows that rule as its error (after Save), so it is not said twice.
 */
export function IfscBankStatus({ lookup, isListRuleShown = false }: { lookup: Pick<ReturnType<typeof useIfscLookup>, 'data' | 'isLoading'>; isListRuleShown?: boolean }) {
  const t = useT();
  const { translateServer } = useLang();
  const isNotInList = lookup.data !== undefined && !lookup.data.isInList;
  const isRuleSaid = isNotInList && !lookup.isLoading && !isListRuleShown;
  function text(): string {
    if (lookup.isLoading) return t('profile.ifscLookingUp');
    if (lookup.data?.bankName) return t('profile.ifscBank', { bank: lookup.data.bankName });
    return isRuleSaid ? translateServer(IFSC_NOT_IN_LIST) : '';
  }
  // The error style draws a warning sign, so it is used only while the rule is said here.
  return (
    <p className={isRuleSaid ? 'field-error' : 'field-hint'} role="status" data-testid="ifsc-bank">
      {text()}
    </p>
  );
}
