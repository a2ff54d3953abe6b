import { afterCommit, type Queryable } from '#server/db/db';

/** What keeps resolved sessions in this process (a SessionCache): told to forget an account. */
interface KeptSessions {
  forget(userId: string | null): void;
}

/** Every session cache of this process, for sessionsChanged(); a cache adds itself when it starts. */
export const keptSessions = new Set<KeptSessions>();

/**
 * Call from any write that can change what a session resolves to, with the account (null: every
 * account); this process's caches forget it once q's transaction has committed. Other processes
 * hear of it from the database's triggers (session-cache.ts).
 */
export function sessionsChanged(q: Queryable, userId: string | null): void {
  afterCommit(q, () => {
    for (const cache of keptSessions) cache.forget(userId);
  });
}
