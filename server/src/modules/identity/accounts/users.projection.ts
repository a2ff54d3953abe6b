import type { Projection } from '#server/event-store/types';
import { emailHashWith } from './accounts.ts';
import { sessionsChanged } from './sessions-changed.ts';
import type { IdentityEvent, PersonalDetails, ProfileDetails } from '../identity.events.ts';

/** The accounts read model. Runs inline: a registration must be able to sign in at once. */
export const usersProjection: Projection<'users', IdentityEvent> = {
  name: 'users',
  tables: ['users'],
  handles: ['AccountRegistered', 'PasswordChanged', 'PersonalDataErased', 'EmailConfirmed', 'MemberSuspended', 'MemberReactivated', 'ProfileUpdated', 'StaffPermissionsChanged'],
  async apply(event, context) {
    const { tx, tables, reveal, blindIndex } = context;
    switch (event.type) {
      case 'AccountRegistered': {
        const { data } = event;
        const personal = await reveal<PersonalDetails>(data.personal);
        await tx.query(
          `INSERT INTO ${tables.users} (user_id, full_name, email, email_hash, phone, address, city, state,
             sponsor_id, role, permissions, password_hash, status, joined_at, updated_at, pin_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)
           ON CONFLICT (user_id) DO NOTHING`,
          [
            data.userId,
            personal?.fullName ?? null,
            personal?.email ?? null,
            // From the address with the blind-index key in force, not the event's hash: after a key
            // change (docs/decisions/019) a replay then equals the re-indexed live table.
            personal ? emailHashWith(blindIndex, personal.email) : null,
            personal?.phone ?? null,
            personal?.address ?? null,
            personal?.city ?? null,
            personal?.state ?? null,
            data.sponsorId,
            data.role,
            data.permissions,
            personal ? data.passwordHash : null,
            personal ? 'active' : 'erased',
            data.joinedAt,
            personal?.pinCode ?? null,
          ],
        );
        return;
      }
      case 'PasswordChanged':
        await tx.query(`UPDATE ${tables.users} SET password_hash = $2, updated_at = $3 WHERE user_id = $1 AND status <> 'erased'`, [
          event.data.userId,
          event.data.passwordHash,
          event.data.changedAt,
        ]);
        return;
      case 'EmailConfirmed':
        await tx.query(`UPDATE ${tables.users} SET email_verified_at = $2, updated_at = $2 WHERE user_id = $1 AND email_verified_at IS NULL`, [
          event.data.userId,
          event.data.confirmedAt,
        ]);
        return;
      case 'ProfileUpdated': {
        // The member's own contact details; the payout part goes to member_profiles.
        const details = await reveal<ProfileDetails>(event.data.details);
        if (!details) return;
        await tx.query(
          `UPDATE ${tables.users} SET phone = $2, address = $3, city = $4, state = $5, updated_at = $6,
             pin_code = CASE WHEN $7::boolean THEN $8 ELSE pin_code END
           WHERE user_id = $1 AND status <> 'erased'`,
          // A form saved before the PIN code was asked leaves the registration's in place.
          [event.data.userId, details.phone, details.address, details.city, details.state, event.data.updatedAt, details.pinCode !== undefined, details.pinCode ?? null],
        );
        return;
      }
      case 'EmailConfirmationRequested':
      case 'PasswordResetRequested':
      case 'QrCodeUploaded':
      case 'QrCodeProcessed':
      case 'QrCodeFileImported':
      case 'QrCodeRejected':
      case 'IdPhotoUploaded':
      case 'IdPhotoProcessed':
      case 'IdPhotoRejected':
      case 'IdPhotoRemoved':
      case 'AdminTotpEnabled':
      case 'AdminTotpDisabled':
      case 'StaffInvited':
      case 'StaffInvitationAccepted':
      case 'StaffInvitationWithdrawn':
      case 'UserIdReminderRequested':
        return;
      case 'MemberSuspended':
        await tx.query(`UPDATE ${tables.users} SET status = 'suspended', updated_at = $2 WHERE user_id = $1 AND status = 'active'`, [
          event.data.userId,
          event.data.suspendedAt,
        ]);
        sessionsChanged(tx, event.data.userId);
        return;
      case 'StaffPermissionsChanged':
        await tx.query(`UPDATE ${tables.users} SET permissions = $2::text[], updated_at = $3 WHERE user_id = $1`, [
          event.data.userId,
          event.data.permissions,
          event.data.changedAt,
        ]);
        sessionsChanged(tx, event.data.userId);
        return;
      case 'MemberReactivated':
        await tx.query(`UPDATE ${tables.users} SET status = 'active', updated_at = $2 WHERE user_id = $1 AND status = 'suspended'`, [
          event.data.userId,
          event.data.reactivatedAt,
        ]);
        sessionsChanged(tx, event.data.userId);
        return;
      case 'PersonalDataErased':
        await usersProjection.erase!(event.data.subjectId, context);
        // Dated by the erasure, so a replay (where the updates before it found nothing to change)
        // ends with the same row.
        await tx.query(`UPDATE ${tables.users} SET updated_at = $2 WHERE user_id = $1 AND status = 'erased'`, [
          event.data.subjectId.slice('user-'.length),
          event.data.erasedAt,
        ]);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith('user-')) return;
    await tx.query(
      `UPDATE ${tables.users} SET full_name = NULL, email = NULL, email_hash = NULL, phone = NULL, address = NULL,
         city = NULL, state = NULL, pin_code = NULL, password_hash = NULL, status = 'erased'
       WHERE user_id = $1`,
      [subjectId.slice('user-'.length)],
    );
    sessionsChanged(tx, subjectId.slice('user-'.length));
  },
};
