import type { Queryable } from '#server/db/db';
import { countQueue, type QueueCount } from '#server/lib/work-queue';

/** Finance's queue: donations whose donor sent proof of payment, waiting to be verified or rejected. */
export function countDonationsToVerify(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `donations WHERE status = 'proof_received'`, since: 'proof_at' });
}
