import type { Projection } from '#server/event-store/types';
import type { IdentityEvent } from '#server/modules/identity/identity.api';

export const TEAM_LEVELS = 20;

/**
 * The team tree: for each new member, a row for each of their sponsors up to 20 levels above, and
 * the per-level counts of those sponsors moved by one — in the registration's transaction. Rows are
 * inserted only once (a replayed event changes nothing), and counts move only for inserted rows.
 * Counts are updated in (ancestor, depth) order, so concurrent registrations never deadlock.
 */
export const teamProjection: Projection<'team_closure' | 'team_level_counts', IdentityEvent> = {
  name: 'team_tree',
  tables: ['team_closure', 'team_level_counts'],
  handles: ['AccountRegistered'],
  async apply(event, { tx, tables }) {
    if (event.type !== 'AccountRegistered' || event.data.role !== 'member' || !event.data.sponsorId) return;
    await tx.query(
      `WITH above AS (
         SELECT $1::text AS ancestor, 1 AS depth
         UNION ALL
         SELECT ancestor, depth + 1 FROM ${tables.team_closure} WHERE descendant = $1 AND depth < ${TEAM_LEVELS}
       ), inserted AS (
         INSERT INTO ${tables.team_closure} (ancestor, depth, joined_at, descendant)
         SELECT ancestor, depth, $3, $2 FROM above
         ON CONFLICT DO NOTHING
         RETURNING ancestor, depth
       )
       INSERT INTO ${tables.team_level_counts} (ancestor, depth, members)
       SELECT ancestor, depth, 1 FROM inserted ORDER BY ancestor, depth
       ON CONFLICT (ancestor, depth) DO UPDATE SET members = ${tables.team_level_counts}.members + 1`,
      [event.data.sponsorId, event.data.userId, event.data.joinedAt],
    );
  },
};
