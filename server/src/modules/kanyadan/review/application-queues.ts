import type { Queryable } from '#server/db/db';
import { countQueue, type QueueCount } from '#server/lib/work-queue';

/** Verification's queue: applications submitted (and, with a fee, paid) and not yet decided. */
export function countApplicationsToVerify(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `kanyadan_applications WHERE status IN ('submitted', 'paid') AND NOT is_erased`, since: 'submitted_at' });
}

/** Finance's Kanyadan work: fees whose UTR the family gave, and benefits to approve or to pay. */
export function countKanyadanFinanceWork(db: Queryable): Promise<QueueCount> {
  return countQueue(db, {
    from: `kanyadan_applications
            WHERE NOT is_erased AND ((status = 'payment_pending' AND fee_utr_given IS NOT NULL) OR status IN ('benefit_requested', 'benefit_approved'))`,
    since: 'updated_at',
  });
}
