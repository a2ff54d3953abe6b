import { Link } from 'wouter';
import { useLang, useT } from '#web/i18n/i18n.tsx';
import { formatDateTime, formatMoney } from '#web/ui/format.ts';
import { LoadFailure } from '#web/ui/load-failure.tsx';
import { useGivenGifts } from '../../hooks/member-direct-gifts.ts';
import { GIFT_STATUS_TONES, GIVEN_GIFT_STATUS_LABELS } from './direct-gift-labels.ts';
import { titleIn } from './my-help-request-card.tsx';

/**
 * "Gifts you gave directly" on /my-help: each gift the member said they paid straight to someone's
 * request, and where it stands — waiting for the beneficiary, confirmed, or with staff and what
 * they decided. Nothing is shown to a member who has given none.
 */
export function GiftsGiven() {
  const t = useT();
  const { lang } = useLang();
  const given = useGivenGifts();
  if (given.isError) return <LoadFailure message={t('myHelp.gifts.givenLoadFailed')} error={given.error} onRetry={() => void given.refetch()} />;
  if (!given.data || given.data.gifts.length === 0) return null;
  return (
    <section aria-labelledby="gifts-given-heading" className="panel" data-testid="gifts-given">
      <h2 id="gifts-given-heading">{t('myHelp.gifts.givenHeading')}</h2>
      <p>{t('myHelp.gifts.givenIntro')}</p>
      <ul className="gift-list">
        {given.data.gifts.map((gift) => {
          const title = titleIn(gift.requestTitle, lang);
          return (
            <li key={gift.giftId} className="gift" data-testid={`given-${gift.giftId}`}>
              <span className="gift-amount">{formatMoney(gift.amountPaise)}</span>
              <span className="gift-donor">
                <Link href={`/help/${gift.requestId}`}>
                  <span lang={title.lang === lang ? undefined : title.lang}>{title.text || gift.requestId}</span>
                </Link>
              </span>
              <p className="gift-meta">
                {t('myHelp.gifts.utr', { utr: gift.utr })} · {t('myHelp.gifts.sentAt', { date: formatDateTime(gift.submittedAt, lang) })}
              </p>
              <p className="gift-meta" data-testid="given-status">
                <span className={`badge ${GIFT_STATUS_TONES[gift.status] ?? 'badge-used'}`}>{t(GIVEN_GIFT_STATUS_LABELS[gift.status])}</span>
                {gift.decisionReason && (gift.status === 'received' || gift.status === 'not-received') && <> {t('myHelp.gifts.staffReason', { reason: gift.decisionReason })}</>}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
