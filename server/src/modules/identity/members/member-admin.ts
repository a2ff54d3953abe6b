import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import { emailHash } from '../accounts/accounts.ts';
import { PERMISSIONS, userStreamId, type MemberReactivated, type MemberSuspended, type Permission, type StaffPermissionsChanged } from '../identity.events.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { revokeAllSessions } from '../accounts/sessions.ts';
import { evolveUser, noUser, type UserState } from '../user.decider.ts';

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

export const MEMBER_NOT_FOUND = 'Member not found';

export const ALREADY_SUSPENDED = 'This member is already suspended.';
export const NOT_SUSPENDED = 'This member is not suspended.';
export const STATUS_CHANGE_NOT_ALLOWED = 'Only an admin holding every permission this account holds can suspend or reactivate it.';
export const CANNOT_SUSPEND_SELF = 'You cannot suspend your own account.';
export const LAST_SUPER_ADMIN = 'This is the last active admin holding every permission; it cannot be suspended.';

/** Who asks: their own account and the permissions they hold. */
export interface StatusChanger {
  userId: string;
  permissions: readonly Permission[];
}

/**
 * Pure: suspend an active account, or reactivate a suspended one; the other way round is refused.
 * As with resetting two-factor and erasing, only an admin holding every permission the account holds
 * may do it (a `members` admin cannot lock out the super-admin), and nobody suspends themselves.
 */
export function decideChangeStatus(
  command: { userId: string; to: 'suspended' | 'active'; reason: string; by: StatusChanger; now: Date },
  state: UserState,
): (MemberSuspended | MemberReactivated)[] {
  if (!state.exists || state.status === 'erased') throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (command.to === 'suspended' && command.by.userId === command.userId) throw new AppError('FORBIDDEN', { userMessage: CANNOT_SUSPEND_SELF });
  if (!state.permissions.every((permission) => command.by.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: STATUS_CHANGE_NOT_ALLOWED });
  }
  const at = command.now.toISOString();
  if (command.to === 'suspended') {
    if (state.status !== 'active') throw new AppError('CONFLICT', { userMessage: ALREADY_SUSPENDED });
    return [{ type: 'MemberSuspended', data: { userId: command.userId, reason: command.reason, suspendedAt: at } }];
  }
  if (state.status !== 'suspended') throw new AppError('CONFLICT', { userMessage: NOT_SUSPENDED });
  return [{ type: 'MemberReactivated', data: { userId: command.userId, reason: command.reason, reactivatedAt: at } }];
}

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
  let isSuperAdmin = false;
  await handleCommand(services, {
    streamId: userStreamId(userId),
    evolve: evolveUser,
    initialState: noUser,
    decide: (state) => {
      isSuperAdmin = state.role === 'admin' && PERMISSIONS.every((permission) => state.permissions.includes(permission));
      return decideChangeStatus({ userId, to, reason, by, now }, state);
    },
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      if (to !== 'suspended') return;
      if (isSuperAdmin) await keepOneSuperAdmin(tx);
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

export const PERMISSIONS_ONLY_SUPER_ADMIN = 'Only an admin holding every permission can grant or revoke permissions.';
export const PERMISSIONS_ONLY_STAFF = 'Only a staff account’s permissions can be changed.';
export const PERMISSIONS_UNCHANGED = 'This account already holds exactly these permissions.';
export const CANNOT_REDUCE_OWN_RIGHTS = 'You cannot take away your own permissions; another admin holding every permission can.';
export const LAST_SUPER_ADMIN_RIGHTS = 'This is the last active admin holding every permission; their permissions cannot be reduced.';

/**
 * Pure: the staff account's permissions become exactly `permissions` (issue 15). Only an admin holding
 * every permission (a super-admin) grants or revokes, with a reason; nobody reduces their own rights;
 * a member's account has none to change. Whether a super-admin remains is checked after the append.
 */
export function decidePermissionsChange(
  command: { userId: string; permissions: readonly Permission[]; reason: string; by: StatusChanger; now: Date },
  state: UserState,
): StaffPermissionsChanged[] {
  if (!state.exists || state.status === 'erased') throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (!PERMISSIONS.every((permission) => command.by.permissions.includes(permission))) throw new AppError('FORBIDDEN', { userMessage: PERMISSIONS_ONLY_SUPER_ADMIN });
  if (state.role !== 'admin') throw new AppError('CONFLICT', { userMessage: PERMISSIONS_ONLY_STAFF });
  const next = PERMISSIONS.filter((permission) => command.permissions.includes(permission));
  if (command.by.userId === command.userId && state.permissions.some((permission) => !next.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: CANNOT_REDUCE_OWN_RIGHTS });
  }
  const previous = PERMISSIONS.filter((permission) => state.permissions.includes(permission));
  if (previous.length === next.length && previous.every((permission, index) => permission === next[index])) {
    throw new AppError('CONFLICT', { userMessage: PERMISSIONS_UNCHANGED });
  }
  return [
    {
      type: 'StaffPermissionsChanged',
      data: { userId: command.userId, permissions: next, previous, reason: command.reason, changedBy: command.by.userId, changedAt: command.now.toISOString() },
    },
  ];
}

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
    streamId: userStreamId(input.userId),
    evolve: evolveUser,
    initialState: noUser,
    decide: (state) => {
      wasSuperAdmin = state.role === 'admin' && state.status === 'active' && PERMISSIONS.every((permission) => state.permissions.includes(permission));
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
