import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import type { Services } from '#server/services';
import { emailHash } from './accounts.ts';
import { userStreamId, type MemberReactivated, type MemberSuspended } from './identity.events.ts';
import { eventMetadata, type RequestMeta } from './request-meta.ts';
import { revokeAllSessions } from './sessions.ts';

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

async function changeStatus(services: Services, userId: string, to: 'suspended' | 'active', reason: string, meta: RequestMeta) {
  const member = await getMemberEntry(services.db, userId);
  if (!member || member.status === 'erased') throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  const from = to === 'suspended' ? 'active' : 'suspended';
  if (member.status !== from) {
    throw new AppError('CONFLICT', { userMessage: to === 'suspended' ? 'This member is already suspended.' : 'This member is not suspended.' });
  }
  const at = services.now().toISOString();
  const event: MemberSuspended | MemberReactivated =
    to === 'suspended'
      ? { type: 'MemberSuspended', data: { userId, reason, suspendedAt: at } }
      : { type: 'MemberReactivated', data: { userId, reason, reactivatedAt: at } };
  const version = await services.eventStore.streamVersion(userStreamId(userId));
  await services.eventStore.append(async (tx) => {
    if (to === 'suspended') await revokeAllSessions(tx, userId, services.now());
    return [{ streamId: userStreamId(userId), expected: version ?? 'stream_exists', events: [event] }];
  }, eventMetadata(meta));
  return (await getMemberEntry(services.db, userId))!;
}

/** Suspends a member (cannot sign in, shows as non-active) and signs them out everywhere. */
export function suspendMember(services: Services, userId: string, reason: string, meta: RequestMeta) {
  return changeStatus(services, userId, 'suspended', reason, meta);
}

export function reactivateMember(services: Services, userId: string, reason: string, meta: RequestMeta) {
  return changeStatus(services, userId, 'active', reason, meta);
}
