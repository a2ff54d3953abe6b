import type { Queryable } from '#server/db/db';
import { getMemberCards } from '#server/modules/identity/identity.api';
import { TEAM_LEVELS } from './team.projection.ts';
import { TEAM_PAGE_SIZE, type TTeamMember, type TTeamSummary } from './team.schema.ts';
import { tierFor } from './tiers.ts';

async function levelCounts(db: Queryable, userId: string): Promise<Map<number, number>> {
  const { rows } = await db.query<{ depth: number; members: number }>(`SELECT depth, members FROM team_level_counts WHERE ancestor = $1`, [userId]);
  return new Map(rows.map((row) => [row.depth, row.members]));
}

export async function getImpact(db: Queryable, userId: string): Promise<{ verifiedGivingPaise: number; fundsRaisedPaise: number }> {
  const { rows } = await db.query<{ verified_giving_paise: number; funds_raised_paise: number }>(
    `SELECT verified_giving_paise, funds_raised_paise FROM member_impact WHERE user_id = $1`,
    [userId],
  );
  return { verifiedGivingPaise: Number(rows[0]?.verified_giving_paise ?? 0), fundsRaisedPaise: Number(rows[0]?.funds_raised_paise ?? 0) };
}

/** The dashboard's figures in one round trip: the level counts and the impact row. */
export async function getTeamSummary(db: Queryable, userId: string): Promise<TTeamSummary> {
  const { rows } = await db.query<{ team_size: number; direct: number; giving: number | null; raised: number | null }>(
    `SELECT (SELECT coalesce(sum(members), 0)::int FROM team_level_counts WHERE ancestor = $1) AS team_size,
            (SELECT coalesce(max(members), 0)::int FROM team_level_counts WHERE ancestor = $1 AND depth = 1) AS direct,
            i.verified_giving_paise AS giving, i.funds_raised_paise AS raised
     FROM (SELECT 1) AS one LEFT JOIN member_impact i ON i.user_id = $1`,
    [userId],
    // The dashboard's first query, asked at every visit: prepared once per connection.
    { name: 'sahay_team_summary' },
  );
  const row = rows[0]!;
  const impact = { verifiedGivingPaise: Number(row.giving ?? 0), fundsRaisedPaise: Number(row.raised ?? 0) };
  return {
    userId,
    directJoinees: row.direct,
    teamSize: row.team_size,
    ...impact,
    tier: tierFor(impact.verifiedGivingPaise, impact.fundsRaisedPaise),
  };
}

export async function getTeamLevels(db: Queryable, userId: string): Promise<{ level: number; count: number }[]> {
  const counts = await levelCounts(db, userId);
  return Array.from({ length: TEAM_LEVELS }, (_, index) => ({ level: index + 1, count: counts.get(index + 1) ?? 0 }));
}

async function toMembers(db: Queryable, ids: readonly string[]): Promise<TTeamMember[]> {
  const cards = await getMemberCards(db, ids);
  const sponsorIds = [...new Set([...cards.values()].map((card) => card.sponsorId).filter((id): id is string => id !== null))];
  const sponsors = await getMemberCards(db, sponsorIds);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    if (!card) return [];
    return [{ ...card, sponsorName: card.sponsorId ? (sponsors.get(card.sponsorId)?.fullName ?? null) : null }];
  });
}

/** One page of the members at a level of the team, in joining order. */
export async function getLevelMembers(db: Queryable, userId: string, level: number, page: number) {
  const count = (await levelCounts(db, userId)).get(level) ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / TEAM_PAGE_SIZE));
  const { rows } = await db.query<{ descendant: string }>(
    `SELECT descendant FROM team_closure WHERE ancestor = $1 AND depth = $2 ORDER BY joined_at, descendant LIMIT $3 OFFSET $4`,
    [userId, level, TEAM_PAGE_SIZE, (page - 1) * TEAM_PAGE_SIZE],
  );
  return { level, page, pageCount, count, members: await toMembers(db, rows.map((row) => row.descendant)) };
}

/** Direct joinees, split as PRODUCT.md §4 asks: active (e-mail confirmed, not suspended) and not. */
export async function getDirectJoinees(db: Queryable, userId: string): Promise<{ active: TTeamMember[]; nonActive: TTeamMember[] }> {
  const { rows } = await db.query<{ descendant: string }>(
    `SELECT descendant FROM team_closure WHERE ancestor = $1 AND depth = 1 ORDER BY joined_at, descendant LIMIT 5000`,
    [userId],
  );
  const members = await toMembers(db, rows.map((row) => row.descendant));
  return { active: members.filter((member) => member.isActive), nonActive: members.filter((member) => !member.isActive) };
}
