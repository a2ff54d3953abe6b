import { useState } from 'react';
import { BENEFIT_FROM_AGE, type KanyadanStatus } from '@sahay/server/modules/kanyadan/submission/kanyadan-fields.schema';
import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { hasPermission, type StaffView } from '@sahay/server/shared/access';
import { useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { formatNumber } from '#web/ui/format.ts';
import { ApproveBenefitForm, BenefitRequestForm, PaymentForm } from './kanyadan-benefit-forms.tsx';
import { RejectForm, VerifyForm } from './kanyadan-decision-forms.tsx';
import { EraseForm } from './kanyadan-erase-form.tsx';
import type { Outcome } from '#web/features/admin/components/staff-forms.public.tsx';
import { SmsText } from './kanyadan-sms-text.tsx';

export interface KanyadanAbilities {
  /** Open the unmasked details and the documents (each view is recorded). */
  canReveal: boolean;
  canVerify: boolean;
  canReject: boolean;
  canRequestBenefit: boolean;
  /** Verified, but the girl is not 18 yet: the page says when the benefit can be asked for. */
  isTooYoungForBenefit: boolean;
  canApproveBenefit: boolean;
  canDisburse: boolean;
  canRecordFee: boolean;
  canErase: boolean;
}

/**
 * What the signed-in admin may do with the application now, by its state and their permissions —
 * the moves the server's decider allows (application.decider.ts), so no button leads to a certain
 * refusal. The server checks both again. Nothing can be done with an erased application.
 */
export function abilitiesFor(application: Pick<TApplicationDetail, 'status' | 'isErased' | 'ageToday'>, staff: StaffView): KanyadanAbilities {
  const isVerifier = hasPermission(staff, 'verification') && !application.isErased;
  const isFinance = hasPermission(staff, 'finance') && !application.isErased;
  const { status } = application;
  const isAdult = application.ageToday !== null && application.ageToday >= BENEFIT_FROM_AGE;
  return {
    canReveal: isVerifier,
    canVerify: isVerifier && (status === 'submitted' || status === 'paid'),
    // A fee not yet paid is no reason to keep a plainly ineligible application waiting.
    canReject: isVerifier && (status === 'submitted' || status === 'paid' || status === 'payment_pending'),
    canRequestBenefit: isVerifier && status === 'verified' && isAdult,
    isTooYoungForBenefit: isVerifier && status === 'verified' && !isAdult,
    canApproveBenefit: isFinance && status === 'benefit_requested',
    canDisburse: isFinance && status === 'benefit_approved',
    canRecordFee: isFinance && status === 'payment_pending',
    canErase: isVerifier,
  };
}

/** Who acts next, for an admin who cannot (the other team's step, or nothing left to do). */
const NEXT_STEPS: Record<KanyadanStatus, MessageKey> = {
  submitted: 'admin.kanyadan.next.submitted',
  payment_pending: 'admin.kanyadan.next.payment_pending',
  paid: 'admin.kanyadan.next.paid',
  verified: 'admin.kanyadan.next.verified',
  rejected: 'admin.kanyadan.next.rejected',
  benefit_requested: 'admin.kanyadan.next.benefit_requested',
  benefit_approved: 'admin.kanyadan.next.benefit_approved',
  disbursed: 'admin.kanyadan.next.disbursed',
};

/**
 * The decisions open to this admin, the text for the family's SMS, and what happened last: a
 * decision's result or a conflict stays told here after the refresh has replaced the form.
 */
export function KanyadanActions({ application, staff }: { application: TApplicationDetail; staff: StaffView }) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const can = abilitiesFor(application, staff);
  const { regNo } = application;
  const hasDecision = can.canVerify || can.canReject || can.canRequestBenefit || can.canApproveBenefit || can.canDisburse || can.canRecordFee;

  return (
    <>
      {outcome && (
        <div
          role={outcome.tone === 'warning' ? 'alert' : 'status'}
          className={`notice ${outcome.tone === 'warning' ? 'notice-warning' : 'notice-success'}`}
          data-testid="action-outcome"
        >
          <p>{outcome.message}</p>
          {outcome.hint && <p>{outcome.hint}</p>}
        </div>
      )}
      {application.smsText && <SmsText text={application.smsText} />}
      {!application.isErased && !hasDecision && (
        <section aria-labelledby="next-step-heading" className="panel" data-testid="next-step">
          <h2 id="next-step-heading">{t('admin.kanyadan.nextHeading')}</h2>
          <p>{t(NEXT_STEPS[application.status])}</p>
          {can.isTooYoungForBenefit && application.ageToday !== null && (
            <p data-testid="too-young">{t('admin.kanyadan.tooYoung', { age: formatNumber(application.ageToday), from: formatNumber(BENEFIT_FROM_AGE) })}</p>
          )}
        </section>
      )}
      {can.canVerify && <VerifyForm regNo={regNo} documents={application.documents} onOutcome={setOutcome} />}
      {can.canReject && <RejectForm regNo={regNo} onOutcome={setOutcome} />}
      {can.canRecordFee && <PaymentForm kind="fee" regNo={regNo} feePaise={application.feePaise} utrGiven={application.feeUtrGiven} onOutcome={setOutcome} />}
      {can.canRequestBenefit && <BenefitRequestForm regNo={regNo} onOutcome={setOutcome} />}
      {can.canApproveBenefit && <ApproveBenefitForm regNo={regNo} range={application.benefitRange} onOutcome={setOutcome} />}
      {can.canDisburse && <PaymentForm kind="disburse" regNo={regNo} feePaise={application.feePaise} onOutcome={setOutcome} />}
      {can.canErase && <EraseForm regNo={regNo} onOutcome={setOutcome} />}
    </>
  );
}
