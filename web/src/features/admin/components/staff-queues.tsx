import { Link } from 'wouter';
import type { QueueId, TQueue } from '@sahay/server/modules/admin/dashboard/queues.schema';
import { useLang, useT, type MessageKey } from '#web/i18n/i18n.tsx';
import { usePlural, type PluralKey } from '#web/i18n/plural.ts';
import { formatDateTime, formatNumber } from '#web/ui/format.ts';

/** Where each queue is worked, and its name. */
const QUEUE_PAGES: Record<QueueId, { href: string; label: MessageKey }> = {
  donationsToVerify: { href: '/donations?status=proof_received', label: 'admin.queues.donationsToVerify' },
  form10bdRevisions: { href: '/form-10bd', label: 'admin.queues.form10bdRevisions' },
  kanyadanToVerify: { href: '/kanyadan?status=submitted', label: 'admin.queues.kanyadanToVerify' },
  kanyadanFinance: { href: '/kanyadan?status=payment_pending', label: 'admin.queues.kanyadanFinance' },
  helpRequestsToVerify: { href: '/help', label: 'admin.queues.helpRequestsToVerify' },
  giftDisputes: { href: '/help/disputes', label: 'admin.queues.giftDisputes' },
  disbursementsToApprove: { href: '/disbursements?status=requested', label: 'admin.queues.disbursementsToApprove' },
  disbursementsToPay: { href: '/disbursements?status=approved', label: 'admin.queues.disbursementsToPay' },
  contactMessages: { href: '/contact', label: 'admin.queues.contactMessages' },
};

/** "waiting 5 minutes / 3 hours / 2 days": the largest whole unit, in the reader's language and its plural forms. */
export function waitingText(seconds: number, plural: (key: PluralKey, count: number) => string): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural('admin.queues.waitingMinutes', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural('admin.queues.waitingHours', hours);
  return plural('admin.queues.waitingDays', Math.floor(hours / 24));
}

/**
 * The queues the admin may work, each a card with its count, its oldest item's wait and a link.
 * The list is refreshed in place: no live region (a count changing every 10 s would interrupt a
 * screen reader), and the time of the last count is shown instead.
 */
export function StaffQueues({ queues, checkedAt }: { queues: readonly TQueue[]; checkedAt: string }) {
  const t = useT();
  const { lang } = useLang();
  const plural = usePlural();
  if (queues.length === 0) return <p>{t('admin.queues.none')}</p>;
  return (
    <>
      <ul className="queue-list" data-testid="staff-queues">
        {queues.map((queue) => {
          const page = QUEUE_PAGES[queue.id];
          return (
            <li key={queue.id} className={queue.count > 0 ? 'queue queue-waiting' : 'queue'} data-queue={queue.id}>
              <Link href={page.href}>
                <span className="queue-count" data-testid={`queue-count-${queue.id}`}>
                  {formatNumber(queue.count)}
                </span>{' '}
                <span className="queue-label">{t(page.label)}</span>
              </Link>
              <p className="queue-age">
                {queue.oldestAgeSeconds === null ? t('admin.queues.empty') : waitingText(queue.oldestAgeSeconds, plural)}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="hint">{t('admin.queues.checkedAt', { time: formatDateTime(checkedAt, lang) })}</p>
    </>
  );
}
