import type { Queryable } from '#server/db/db';
import { countQueue, type QueueCount } from '#server/lib/work-queue';

/** Content's queue: contact messages nobody has marked handled. */
export function countOpenContactMessages(db: Queryable): Promise<QueueCount> {
  return countQueue(db, { from: `contact_messages WHERE handled_at IS NULL`, since: 'received_at' });
}
