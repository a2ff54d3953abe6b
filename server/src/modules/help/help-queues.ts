import type { Queryable } from '#server/db/db';
import { countQueue, type QueueCount } from '#server/lib/work-queue';

/** Verification's queue: requests submitted, or whose question the requester answered, not yet published or rejected. */
export function countHelpRequestsToVerify(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `help_requests WHERE status = 'submitted' AND NOT is_erased`, since: 'requested_at' });
}

/** Verification's queue: direct gifts the receiver said they did not get, waiting for a decision. */
export function countGiftDisputes(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `help_gifts WHERE status = 'disputed'`, since: 'disputed_at' });
}

/** Finance's queue: disbursements requested and not yet approved or rejected. */
export function countDisbursementsToApprove(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `help_disbursements WHERE status = 'requested'`, since: 'requested_at' });
}

/** Finance's queue: disbursements approved and not yet paid. */
export function countDisbursementsToPay(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `help_disbursements WHERE status = 'approved'`, since: 'approved_at' });
}
