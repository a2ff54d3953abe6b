import { useState, type ReactNode } from 'react';
import type { TDirectGift } from '@sahay/server/modules/help/direct-gifts/direct-gifts.schema';
import { ModalDialog } from '#web/ui/modal-dialog.tsx';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatMoney } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { useErrorText } from '#web/ui/use-error-text.ts';
import { useGiftActions, useGiftsForRequest } from '../../hooks/member-direct-gifts.ts';
import { GIFT_STATUS_TONES, RECEIVED_GIFT_STATUS_LABELS } from './direct-gift-labels.ts';

interface Mutation {
  mutate: (input: { giftId: string }, options?: { onSuccess?: () => void; onError?: (error: unknown) => void }) => void;
}

/**
 * The beneficiary's answer about one gift: "I received this" is help.gifts.confirm, "I did not
 * receive this" help.gifts.reject (the gift goes to staff as a dispute).
 */
export function answerGift(
  actions: { confirm: Mutation; reject: Mutation },
  giftId: string,
  answer: 'received' | 'not-received',
  callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
): void {
  (answer === 'received' ? actions.confirm : actions.reject).mutate({ giftId }, callbacks);
}

/** Pending gifts first (the server's order kept within each part). */
export function splitGifts(gifts: readonly TDirectGift[]): { pending: TDirectGift[]; others: TDirectGift[] } {
  return { pending: gifts.filter((gift) => gift.status === 'pending'), others: gifts.filter((gift) => gift.status !== 'pending') };
}

type Outcome = { tone: 'success' | 'warning'; message: string; hint?: string };

/**
 * "Gifts sent to you directly" on /my-help/:id (PRODUCT.md §8): what givers say they paid to the
 * beneficiary's UPI — amount, UTR, when, who, and their screenshot — for the beneficiary to confirm
 * or to say it never arrived (asked once more before it goes to staff); then the earlier ones with
 * where each stands, and staff's reason once they decided a dispute.
 */
export function DirectGiftsReceived({ requestId }: { requestId: string }) {
  const t = useT();
  const gifts = useGiftsForRequest(requestId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <section aria-labelledby="direct-gifts-heading" className="panel" data-testid="direct-gifts">
      <h2 id="direct-gifts-heading">{t('myHelp.gifts.heading')}</h2>
      <p>{t('myHelp.gifts.intro')}</p>
      <div role="status" data-testid="direct-gifts-outcome">
        {outcome && (
          <div className={`notice ${outcome.tone === 'warning' ? 'notice-warning' : 'notice-success'}`}>
            <p>{outcome.message}</p>
            {outcome.hint && <p>{outcome.hint}</p>}
          </div>
        )}
      </div>
      {gifts.isPending && <p role="status">{t('common.loading')}</p>}
      {gifts.isError && <LoadFailure message={t('myHelp.gifts.loadFailed')} error={gifts.error} onRetry={() => void gifts.refetch()} />}
      {gifts.data && <GiftLists gifts={gifts.data.gifts} onOutcome={setOutcome} />}
    </section>
  );
}

function GiftLists({ gifts, onOutcome }: { gifts: readonly TDirectGift[]; onOutcome: (outcome: Outcome) => void }) {
  const t = useT();
  const errorText = useErrorText();
  const actions = useGiftActions();
  const [asking, setAsking] = useState<TDirectGift | null>(null);
  if (gifts.length === 0) return <p data-testid="direct-gifts-empty">{t('myHelp.gifts.empty')}</p>;
  const { pending, others } = splitGifts(gifts);
  const isBusy = actions.confirm.isPending || actions.reject.isPending;

  function answer(gift: TDirectGift, said: 'received' | 'not-received') {
    const amount = formatMoney(gift.amountPaise);
    answerGift(actions, gift.giftId, said, {
      onSuccess: () => {
        setAsking(null);
        onOutcome({ tone: 'success', message: t(said === 'received' ? 'myHelp.gifts.confirmedDone' : 'myHelp.gifts.rejectedDone', { amount }) });
      },
      onError: (error) => {
        setAsking(null);
        const text = errorText(error, 'myHelp.gifts.answerFailed');
        onOutcome({ tone: 'warning', message: text.message, hint: text.hint });
      },
    });
  }

  return (
    <>
      <h3>{t('myHelp.gifts.pendingHeading')}</h3>
      {pending.length === 0 ? (
        <p data-testid="direct-gifts-none-pending">{t('myHelp.gifts.nonePending')}</p>
      ) : (
        <ul className="gift-list" data-testid="direct-gifts-pending">
          {pending.map((gift) => (
            <GiftItem key={gift.giftId} gift={gift}>
              <p className="actions gift-meta">
                {/* Each name begins with the words the button shows (WCAG 2.5.3, label in name), then says which gift it answers. */}
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  disabled={isBusy}
                  onClick={() => answer(gift, 'received')}
                  aria-label={`${t('myHelp.gifts.confirm')} (${formatMoney(gift.amountPaise)}, ${t('myHelp.gifts.utr', { utr: gift.utr })})`}
                  data-testid="gift-confirm"
                >
                  {t('myHelp.gifts.confirm')}
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={isBusy}
                  onClick={() => setAsking(gift)}
                  aria-label={`${t('myHelp.gifts.reject')} (${formatMoney(gift.amountPaise)}, ${t('myHelp.gifts.utr', { utr: gift.utr })})`}
                  data-testid="gift-reject"
                >
                  {t('myHelp.gifts.reject')}
                </button>
              </p>
            </GiftItem>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <>
          <h3>{t('myHelp.gifts.earlierHeading')}</h3>
          <ul className="gift-list" data-testid="direct-gifts-earlier">
            {others.map((gift) => (
              <GiftItem key={gift.giftId} gift={gift}>
                <p className="gift-meta" data-testid="gift-status">
                  <span className={`badge ${GIFT_STATUS_TONES[gift.status] ?? 'badge-used'}`}>{t(RECEIVED_GIFT_STATUS_LABELS[gift.status])}</span>
                  {gift.decisionReason && (gift.status === 'received' || gift.status === 'not-received') && (
                    <> {t('myHelp.gifts.staffReason', { reason: gift.decisionReason })}</>
                  )}
                </p>
              </GiftItem>
            ))}
          </ul>
        </>
      )}
      {asking && (
        <ModalDialog title={t('myHelp.gifts.rejectHeading', { amount: formatMoney(asking.amountPaise) })} closeLabel={t('myHelp.gifts.rejectCancel')} onClose={() => setAsking(null)} testId="gift-reject-dialog">
          <p>{t('myHelp.gifts.rejectExplain', { utr: asking.utr })}</p>
          <p className="actions">
            <button type="button" className="btn btn-primary" disabled={isBusy} aria-busy={actions.reject.isPending || undefined} onClick={() => answer(asking, 'not-received')} data-testid="gift-reject-yes">
              {actions.reject.isPending ? t('myHelp.sending') : t('myHelp.gifts.rejectYes')}
            </button>
          </p>
        </ModalDialog>
      )}
    </>
  );
}

/** One gift: the amount, who says they sent it, the UTR and when, and their screenshot; then `children` (the answer, or the status). */
function GiftItem({ gift, children }: { gift: TDirectGift; children: ReactNode }) {
  const t = useT();
  const { lang } = useLang();
  return (
    <li className="gift" data-testid={`gift-${gift.giftId}`}>
      <span className="gift-amount">{formatMoney(gift.amountPaise)}</span>
      <span className="gift-donor">{t('myHelp.gifts.from', { name: gift.giverName ?? t('myHelp.gifts.aMember') })}</span>
      <p className="gift-meta">
        {t('myHelp.gifts.utr', { utr: gift.utr })} · {t('myHelp.gifts.sentAt', { date: formatDateTime(gift.submittedAt, lang) })} ·{' '}
        <a href={gift.screenshotUrl} target="_blank" rel="noopener noreferrer" data-testid="gift-screenshot">
          {t('myHelp.gifts.screenshot')}
          <span className="visually-hidden"> {t('myHelp.gifts.newWindow')}</span>
        </a>
      </p>
      {children}
    </li>
  );
}
