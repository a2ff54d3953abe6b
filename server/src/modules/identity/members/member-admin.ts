import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import { emailHash } from '../accounts/accounts.ts';
import { PERMISSIONS, userStreamId, type Permission } from '../identity.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { revokeAllSessions } from '../accounts/sessions.ts';
import { decideChangeStatus, decidePermissionsChange, isSuperAdmin, type StatusChanger, userStream } from '../user.decider.ts';

export interface MemberListEntry {
  userId: string;
  fullName: string;
  email: string | null;
  phone: string | null;
  sponsorId: string | null;
  status: 'active' | 'suspended' | 'erased';
  isEmailVerified: boolean;
  joinedAt: string;
}

interface Row {
  user_id: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  sponsor_id: string | null;
  status: MemberListEntry['status'];
  email_verified_at: Date | null;
  joined_at: Date;
}

const COLUMNS = 'user_id, full_name, email, phone, sponsor_id, status, email_verified_at, joined_at';

function toEntry(row: Row): MemberListEntry {
  return {
    userId: row.user_id,
    fullName: row.full_name ?? '[erased]',
    email: row.email,
    phone: row.phone,
    sponsorId: row.sponsor_id,
    status: row.status,
    isEmailVerified: row.email_verified_at !== null,
    joinedAt: new Date(row.joined_at).toISOString(),
  };
}

/** Finds members by user ID, e-mail or phone (exactly) or by a part of the name. */
export async function searchMembers(services: Services, query: string, limit = 50): Promise<MemberListEntry[]> {
  const text = query.trim();
  const digits = text.replace(/[\s-]/g, '').replace(/^(\+91|91|0)(?=[6-9]\d{9}$)/, '');
  const { rows } = await services.db.query<Row>(
    `SELECT ${COLUMNS} FROM users
     WHERE role = 'member' AND (user_id = upper($1) OR email_hash = $2 OR phone = $3 OR full_name ILIKE '%' || $4 || '%')
     ORDER BY (user_id = upper($1)) DESC, joined_at DESC LIMIT $5`,
    [text, emailHash(services, text), digits, text.replace(/[%_\\]/g, (c) => `\\${c}`), limit],
  );
  return rows.map(toEntry);
}

export async function getMemberEntry(db: Queryable, userId: string): Promise<MemberListEntry | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM users WHERE user_id = $1`, [userId]);
  return rows[0] ? toEntry(rows[0]) : null;
}

/** Members who joined without a sponsor: the foundation's own direct joinees ("company directs"). */
export async function listCompanyDirects(db: Queryable, limit = 1000): Promise<MemberListEntry[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM users WHERE role = 'member' AND sponsor_id IS NULL ORDER BY joined_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toEntry);
}

/** One page of the company directs, the newest first, and how many there are in all. */
export async function pageCompanyDirects(db: Queryable, page: number, pageSize: number): Promise<{ members: MemberListEntry[]; total: number }> {
  const list = await db.query<Row>(`SELECT ${COLUMNS} FROM users WHERE role = 'member' AND sponsor_id IS NULL ORDER BY joined_at DESC, user_id LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]);
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM users WHERE role = 'member' AND sponsor_id IS NULL`);
  return { members: list.rows.map(toEntry), total: count.rows[0]?.total ?? 0 };
}

/** A member's history: what happened to the account, by whom and when — without the sealed fields. */
export async function getMemberHistory(services: Services, userId: string) {
  const events = await services.eventStore.readStream(userStreamId(userId));
  return events.map((event) => ({
    version: event.streamVersion,
    type: event.type,
    actor: event.metadata.actor,
    recordedAt: event.recordedAt.toISOString(),
    reason: (event.data as { reason?: unknown }).reason && typeof (event.data as { reason?: unknown }).reason === 'string'
      ? ((event.data as { reason: string }).reason)
      : null,
  }));
}

export const LAST_SUPER_ADMIN = 'This is the last active admin holding every permission; it cannot be suspended.';

/** pg_advisory_xact_lock's key while a super-admin is suspended ("Sahay" 5e41, 0004). */
const SUPER_ADMIN_LOCK = 0x5e410004;

/**
 * Refuses (rolling the suspension back) when no active admin holding every permission would be
 * left. Runs after the users read model (inline) has the suspension, under a lock that two such
 * suspensions take in turn, so two super-admins suspending each other at once cannot both succeed.
 */
export async function keepOneSuperAdmin(tx: Queryable, message = LAST_SUPER_ADMIN): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock($1)`, [SUPER_ADMIN_LOCK]);
  const { rows } = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND status = 'active' AND permissions @> $1::text[]`,
    [PERMISSIONS],
  );
  if ((rows[0]?.count ?? 0) === 0) throw new AppError('CONFLICT', { userMessage: message });
}

async function changeStatus(services: Services, userId: string, to: 'suspended' | 'active', reason: string, by: StatusChanger, meta: RequestMeta) {
  const now = services.now();
  await handleCommand(services, {
    stream: userStream,
    id: userId,
    decide: (state) => decideChangeStatus({ userId, to, reason, by, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx, _events, state) {
      if (to !== 'suspended') return;
      // A suspension is recorded only for an active account: the one decided on was active.
      if (isSuperAdmin(state)) await keepOneSuperAdmin(tx);
      await revokeAllSessions(tx, userId, now);
    },
  });
  return (await getMemberEntry(services.db, userId))!;
}

/** Suspends an account (cannot sign in, shows as non-active) and signs it out everywhere. */
export function suspendMember(services: Services, userId: string, reason: string, by: StatusChanger, meta: RequestMeta) {
  return changeStatus(services, userId, 'suspended', reason, by, meta);
}

export function reactivateMember(services: Services, userId: string, reason: string, by: StatusChanger, meta: RequestMeta) {
  return changeStatus(services, userId, 'active', reason, by, meta);
}

export const LAST_SUPER_ADMIN_RIGHTS = 'This is the last active admin holding every permission; their permissions cannot be reduced.';

/**
 * `admin.members.setPermissions`, PUT /api/admin/staff/{userId}/permissions. A super-admin who loses
 * a permission is checked, under the same lock as a suspension, to leave at least one active
 * super-admin: of two racing demotions of the last two, one succeeds and the other is refused.
 */
export async function setStaffPermissions(
  services: Services,
  input: { userId: string; permissions: readonly Permission[]; reason: string },
  by: StatusChanger,
  meta: RequestMeta,
): Promise<{ userId: string; permissions: Permission[] }> {
  const now = services.now();
  let wasSuperAdmin = false;
  let permissions: Permission[] = [];
  await handleCommand(services, {
    stream: userStream,
    id: input.userId,
    decide: (state) => {
      wasSuperAdmin = isSuperAdmin(state);
      const events = decidePermissionsChange({ ...input, by, now }, state);
      permissions = events[0]!.data.permissions;
      return events;
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      if (wasSuperAdmin && !PERMISSIONS.every((permission) => permissions.includes(permission))) await keepOneSuperAdmin(tx, LAST_SUPER_ADMIN_RIGHTS);
    },
  });
  return { userId: input.userId, permissions };
}
