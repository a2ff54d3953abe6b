import type { z } from 'zod';
import { hasPermission } from '../access.ts';
import { decideUpdateProfile, PROFILE_NOT_FOUND } from '../user.decider.ts';
import type { Queryable } from '#server/db/db';
import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { Services } from '#server/services';
import { userStreamId, type Permission, type ProfileDetails, type Role } from '../identity.events.ts';
import { assertIfscsInList } from './ifsc-list.ts';
import { type TProfile, type ZUpdateProfileRequestSchema } from './profile.schema.ts';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import { streamVersionSql } from '#server/event-store/queries';

export const PROFILE_NOT_YOURS = 'You can only see your own profile.';
export const PROFILE_EDIT_NOT_YOURS = 'You can only change your own profile.';

export interface Viewer {
  userId: string;
  role: Role;
  permissions: Permission[];
}

/** Admins who look after members may see any member's profile and I-card photo. */
export function canReadAnyProfile(viewer: Viewer): boolean {
  return hasPermission(viewer, 'members');
}

/**
 * Where a member's money goes (UPI ID, bank account, IFSC, the UPI QR image) is for the member and
 * for finance only (issue 29; docs/decisions/043): a `members` admin, who signs in without a second
 * factor, sees the rest of the profile but not these.
 */
export function canReadPayoutOf(viewer: Viewer, userId: string): boolean {
  return userId === viewer.userId || hasPermission(viewer, 'finance');
}

/** Where the processed QR image of an upload is served (an authorised route, never a public folder). */
export function qrCodeUrl(userId: string, uploadId: string): string {
  return `/api/users/profile-assets/${userId}/qr-code/${uploadId}`;
}

/** Where the processed I-card photo of an upload is served (an authorised route, never a public folder). */
export function idPhotoUrl(userId: string, uploadId: string): string {
  return `/api/users/profile-assets/${userId}/id-photo/${uploadId}`;
}

interface ProfileRow {
  user_id: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  pin_code: string | null;
  sponsor_id: string | null;
  sponsor_name: string | null;
  joined_at: Date;
  email_verified_at: Date | null;
  status: string;
  upi_id: string | null;
  bank_name: string | null;
  account_holder: string | null;
  account_number: string | null;
  ifsc: string | null;
  other_script_name: string | null;
  qr_status: TProfile['qrCode']['status'] | null;
  qr_upload_id: string | null;
  qr_file: string | null;
  id_photo_status: TProfile['idPhoto']['status'] | null;
  id_photo_upload_id: string | null;
  id_photo_file: string | null;
}

type DetailColumns = 'phone' | 'address' | 'city' | 'state' | 'pin_code' | 'upi_id' | 'bank_name' | 'account_holder' | 'account_number' | 'ifsc' | 'other_script_name';

/** The form's fields from the read models' columns (users and member_profiles). */
function detailsOf(row: Pick<ProfileRow, DetailColumns>): TProfile['details'] {
  return {
    phone: row.phone ?? '',
    address: row.address ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    pinCode: row.pin_code ?? '',
    upiId: row.upi_id,
    bankName: row.bank_name,
    accountHolder: row.account_holder,
    accountNumber: row.account_number,
    ifsc: row.ifsc,
    otherScriptName: row.other_script_name,
  };
}

/**
 * A member's profile. Who may see it is part of the query: the row comes back only when it is the
 * viewer's own or the viewer may read any, so a missed check upstream still returns nothing.
 */
export async function getProfile(db: Queryable, viewer: Viewer, userId: string): Promise<TProfile> {
  const mayReadAny = canReadAnyProfile(viewer);
  if (userId !== viewer.userId && !mayReadAny) throw new AppError('FORBIDDEN', { userMessage: PROFILE_NOT_YOURS });
  const { rows } = await db.query<ProfileRow>(
    `SELECT u.user_id, u.full_name, u.email, u.phone, u.address, u.city, u.state, u.pin_code, u.sponsor_id, s.full_name AS sponsor_name,
            u.joined_at, u.email_verified_at, u.status,
            p.upi_id, p.bank_name, p.account_holder, p.account_number, p.ifsc, p.other_script_name, p.qr_status, p.qr_upload_id, p.qr_file,
            p.id_photo_status, p.id_photo_upload_id, p.id_photo_file
     FROM users u
     LEFT JOIN users s ON s.user_id = u.sponsor_id
     LEFT JOIN member_profiles p ON p.user_id = u.user_id
     WHERE u.user_id = $1 AND u.status <> 'erased' AND (u.user_id = $2 OR $3::boolean)`,
    [userId, viewer.userId, mayReadAny],
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', { userMessage: PROFILE_NOT_FOUND });
  const showsPayout = canReadPayoutOf(viewer, userId);
  const details = detailsOf(row);
  return {
    userId: row.user_id,
    fullName: row.full_name ?? '',
    email: row.email ?? '',
    joinedAt: new Date(row.joined_at).toISOString(),
    sponsorId: row.sponsor_id,
    sponsorName: row.sponsor_name,
    isEmailVerified: row.email_verified_at !== null,
    isActive: row.status === 'active' && row.email_verified_at !== null,
    details: showsPayout ? details : { ...details, upiId: null, bankName: null, accountHolder: null, accountNumber: null, ifsc: null },
    qrCode: {
      status: showsPayout ? (row.qr_status ?? 'none') : 'none',
      url: showsPayout && row.qr_file && row.qr_upload_id ? qrCodeUrl(row.user_id, row.qr_upload_id) : null,
    },
    idPhoto: {
      status: row.id_photo_status ?? 'none',
      url: row.id_photo_file && row.id_photo_upload_id ? idPhotoUrl(row.user_id, row.id_photo_upload_id) : null,
    },
  };
}

/**
 * Saves the member's own profile: one ProfileUpdated on the member's stream with the whole form
 * sealed under the member's key. Saving without a change records nothing. Two saves at once: the
 * second is decided again on the first one's result, so neither undoes the other.
 */
export async function updateProfile(
  services: Services,
  viewer: Viewer,
  update: z.output<typeof ZUpdateProfileRequestSchema>,
  meta: RequestMeta,
): Promise<TProfile> {
  assertIfscsInList({ ifsc: update.ifsc });
  const userId = viewer.userId;
  const streamId = userStreamId(userId);
  const now = services.now();
  await handleCommand(services, {
    async read(tx) {
      const row = await readDetails(tx, userId);
      return { state: row ? { fullName: row.fullName, details: row.details } : null, versions: { [streamId]: row?.version ?? null } };
    },
    decide: async (state, { seal }) => [{ streamId, events: await decideUpdateProfile({ userId, update, now }, state, (details) => seal(streamId, details)) }],
    metadata: eventMetadata(meta),
  });
  return getProfile(services.db, viewer, userId);
}

/** The form as the read models hold it, with the stream version they reflect (one statement, one snapshot). */
async function readDetails(tx: Queryable, userId: string): Promise<{ fullName: string; details: ProfileDetails; version: number } | null> {
  const { rows } = await tx.query<Pick<ProfileRow, 'full_name' | DetailColumns> & { version: number }>(
    `SELECT u.full_name, u.phone, u.address, u.city, u.state, u.pin_code, p.upi_id, p.bank_name, p.account_holder, p.account_number, p.ifsc, p.other_script_name, ${streamVersionSql(`'user-' || u.user_id`)} AS version
     FROM users u LEFT JOIN member_profiles p ON p.user_id = u.user_id
     WHERE u.user_id = $1 AND u.status = 'active'`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return { fullName: row.full_name ?? '', details: detailsOf(row), version: row.version };
}

/** A member's payout details as their profile holds them (null fields when not given; all null without a profile). */
export async function getPayoutDetails(
  db: Queryable,
  userId: string,
): Promise<{ upiId: string | null; bankName: string | null; accountHolder: string | null; accountNumber: string | null; ifsc: string | null }> {
  const { rows } = await db.query<{ upi_id: string | null; bank_name: string | null; account_holder: string | null; account_number: string | null; ifsc: string | null }>(
    `SELECT upi_id, bank_name, account_holder, account_number, ifsc FROM member_profiles WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return { upiId: row?.upi_id ?? null, bankName: row?.bank_name ?? null, accountHolder: row?.account_holder ?? null, accountNumber: row?.account_number ?? null, ifsc: row?.ifsc ?? null };
}
