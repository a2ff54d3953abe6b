import type { Projection } from '#server/event-store/types';
import type { IdentityEvent, ProfileDetails } from '../identity.events.ts';

/**
 * Payout details and the UPI QR image of each member (docs/decisions/009). Inline: a saved profile
 * shows at once. Personal details (phone, address) live in users; the users projection takes them
 * from the same ProfileUpdated event. Erasure deletes the row.
 */
export const memberProfilesProjection: Projection<'member_profiles', IdentityEvent> = {
  name: 'member_profiles',
  tables: ['member_profiles'],
  handles: ['ProfileUpdated', 'QrCodeUploaded', 'QrCodeProcessed', 'QrCodeFileImported', 'QrCodeRejected', 'PersonalDataErased'],
  async apply(event, context) {
    const { tx, tables, reveal } = context;
    switch (event.type) {
      case 'ProfileUpdated': {
        const details = await reveal<ProfileDetails>(event.data.details);
        if (!details) return;
        await tx.query(
          `INSERT INTO ${tables.member_profiles} (user_id, upi_id, bank_name, account_holder, account_number, ifsc, other_script_name, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (user_id) DO UPDATE SET upi_id = $2, bank_name = $3, account_holder = $4, account_number = $5, ifsc = $6, other_script_name = $7, updated_at = $8`,
          [event.data.userId, details.upiId, details.bankName, details.accountHolder, details.accountNumber, details.ifsc, details.otherScriptName ?? null, event.data.updatedAt],
        );
        return;
      }
      case 'QrCodeUploaded':
        await tx.query(
          `INSERT INTO ${tables.member_profiles} (user_id, qr_status, qr_pending_upload_id, updated_at) VALUES ($1, 'processing', $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET qr_status = 'processing', qr_pending_upload_id = $2, updated_at = $3`,
          [event.data.userId, event.data.uploadId, event.data.uploadedAt],
        );
        return;
      case 'QrCodeProcessed':
        // Only the latest upload is shown; the result of one a newer upload replaced is ignored.
        await tx.query(
          `UPDATE ${tables.member_profiles} SET qr_status = 'ready', qr_pending_upload_id = NULL, qr_upload_id = $2, qr_file = $3, updated_at = $4
           WHERE user_id = $1 AND qr_pending_upload_id = $2`,
          [event.data.userId, event.data.uploadId, event.data.file, event.data.processedAt],
        );
        return;
      case 'QrCodeFileImported':
        await tx.query(`UPDATE ${tables.member_profiles} SET qr_file = $3, updated_at = $4 WHERE user_id = $1 AND qr_file = $2`, [
          event.data.userId,
          event.data.legacyFile,
          event.data.file,
          event.data.importedAt,
        ]);
        return;
      case 'QrCodeRejected':
        await tx.query(
          `UPDATE ${tables.member_profiles} SET qr_status = 'rejected', qr_pending_upload_id = NULL, updated_at = $3
           WHERE user_id = $1 AND qr_pending_upload_id = $2`,
          [event.data.userId, event.data.uploadId, event.data.rejectedAt],
        );
        return;
      case 'PersonalDataErased':
        await memberProfilesProjection.erase!(event.data.subjectId, context);
        return;
      case 'AccountRegistered':
      case 'PasswordChanged':
      case 'PasswordResetRequested':
      case 'EmailConfirmationRequested':
      case 'EmailConfirmed':
      case 'MemberSuspended':
      case 'MemberReactivated':
      case 'AdminTotpEnabled':
      case 'AdminTotpDisabled':
      case 'StaffPermissionsChanged':
      case 'StaffInvited':
      case 'StaffInvitationAccepted':
      case 'UserIdReminderRequested':
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
  async erase(subjectId, { tx, tables }) {
    if (!subjectId.startsWith('user-')) return;
    await tx.query(`DELETE FROM ${tables.member_profiles} WHERE user_id = $1`, [subjectId.slice('user-'.length)]);
  },
};
