import type { Queryable } from '#server/db/db';
import type { QueueCount } from '#server/lib/work-queue';
import { countDonationsToVerify, countForm10BDRevisionWork } from '#server/modules/donations/donations.api';
import { countDisbursementsToApprove, countDisbursementsToPay, countGiftDisputes, countHelpRequestsToVerify } from '#server/modules/help/help.api';
import { hasPermission, type Permission, type Role } from '#server/modules/identity/identity.api';
import { countApplicationsToVerify, countKanyadanFinanceWork } from '#server/modules/kanyadan/kanyadan.api';
import { countOpenContactMessages } from '#server/modules/site/site.api';
import type { QueueId, TQueuesResponse } from './queues.schema.ts';

/** Each queue with the permission whose holders work it, and how to count it. */
const QUEUES: ReadonlyArray<{ id: QueueId; permission: Permission; count: (db: Queryable) => Promise<QueueCount> }> = [
  { id: 'donationsToVerify', permission: 'finance', count: countDonationsToVerify },
  { id: 'form10bdRevisions', permission: 'finance', count: countForm10BDRevisionWork },
  { id: 'kanyadanToVerify', permission: 'verification', count: countApplicationsToVerify },
  { id: 'kanyadanFinance', permission: 'finance', count: countKanyadanFinanceWork },
  { id: 'helpRequestsToVerify', permission: 'verification', count: countHelpRequestsToVerify },
  { id: 'giftDisputes', permission: 'verification', count: countGiftDisputes },
  { id: 'disbursementsToApprove', permission: 'finance', count: countDisbursementsToApprove },
  { id: 'disbursementsToPay', permission: 'finance', count: countDisbursementsToPay },
  { id: 'contactMessages', permission: 'content', count: countOpenContactMessages },
];

/**
 * `admin.getQueues`, GET /api/admin/queues: the queues the caller's permissions let them work, each
 * with its count and its oldest item's age. Counted fresh on every call (the dashboard asks every
 * 10 s): each count reads a status index of one table, so it stays cheap (bench/admin).
 */
export async function listQueues(
  services: { db: Queryable; now: () => Date },
  user: { role: Role; permissions: readonly Permission[] },
): Promise<TQueuesResponse> {
  const mine = QUEUES.filter((queue) => hasPermission(user, queue.permission));
  const now = services.now();
  const counts = await Promise.all(mine.map((queue) => queue.count(services.db)));
  return {
    queues: mine.map((queue, index) => {
      const { count, oldestAt } = counts[index]!;
      return {
        id: queue.id,
        count,
        oldestAt: oldestAt?.toISOString() ?? null,
        oldestAgeSeconds: oldestAt ? Math.max(0, Math.floor((now.getTime() - oldestAt.getTime()) / 1000)) : null,
      };
    }),
    checkedAt: now.toISOString(),
  };
}
