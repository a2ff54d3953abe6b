import type { Queryable } from '#server/db/db';
import { countQueue, type QueueCount } from '#server/lib/work-queue';

/** Finance's queue: donations whose donor sent proof of payment, waiting to be verified or rejected. */
export function countDonationsToVerify(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `donations WHERE status = 'proof_received'`, since: 'proof_at' });
}

/**
 * Finance's queue of gifts a filed Form 10BD does not show as they now are: recorded, verified,
 * cancelled or changed (their donor's ID or PAN name) on or after the day of their year's latest
 * filing, waiting for a revised statement (issue 31). Oldest: the earliest such change.
 */
export function countForm10BDRevisionWork(db: Queryable): Promise<QueueCount> {
  return countQueue(db, {
    from: `donations d JOIN (SELECT DISTINCT ON (financial_year) financial_year, filed_on FROM form_10bd_filings ORDER BY financial_year, version DESC) f
             ON f.financial_year = d.financial_year
           WHERE d.form_10bd_changed_at >= (f.filed_on::timestamp AT TIME ZONE 'Asia/Kolkata')`,
    since: 'd.form_10bd_changed_at',
  });
}
