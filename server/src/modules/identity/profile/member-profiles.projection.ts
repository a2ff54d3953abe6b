import type { Queryable } from '#server/db/db';
import type { Projection } from '#server/event-store/types';
import type { IdentityEvent, ProfileDetails } from '../identity.events.ts';

/**
 * The profile's two images (the UPI QR, the I-card photo) have the same columns under their own
 * prefix: `<prefix>_status`, `_pending_upload_id` (the upload the job is making), `_upload_id` and
 * `_file` (the image shown). Only the latest upload is shown: the job's result for an upload a
 * newer one (or a removal) overtook changes nothing.
 */
type ImagePrefix = 'qr' | 'id_photo';

function imageUploaded(tx: Queryable, table: string, prefix: ImagePrefix, data: { userId: string; uploadId: string; uploadedAt: string }) {
  return tx.query(
    `INSERT INTO ${table} (user_id, ${prefix}_status, ${prefix}_pending_upload_id, updated_at) VALUES ($1, 'processing', $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET ${prefix}_status = 'processing', ${prefix}_pending_upload_id = $2, updated_at = $3`,
    [data.userId, data.uploadId, data.uploadedAt],
  );
}

function imageProcessed(tx: Queryable, table: string, prefix: ImagePrefix, data: { userId: string; uploadId: string; file: string; processedAt: string }) {
  return tx.query(
    `UPDATE ${table} SET ${prefix}_status = 'ready', ${prefix}_pending_upload_id = NULL, ${prefix}_upload_id = $2, ${prefix}_file = $3, updated_at = $4
     WHERE user_id = $1 AND ${prefix}_pending_upload_id = $2`,
    [data.userId, data.uploadId, data.file, data.processedAt],
  );
}

function imageRejected(tx: Queryable, table: string, prefix: ImagePrefix, data: { userId: string; uploadId: string; rejectedAt: string }) {
  return tx.query(
    `UPDATE ${table} SET ${prefix}_status = 'rejected', ${prefix}_pending_upload_id = NULL, updated_at = $3
     WHERE user_id = $1 AND ${prefix}_pending_upload_id = $2`,
    [data.userId, data.uploadId, data.rejectedAt],
  );
}

/**
 * Payout details, the UPI QR image and the I-card photo of each member (docs/decisions/009). Inline: a saved profile
 * shows at once. Personal details (phone, address) live in users; the users projection takes them
 * from the same ProfileUpdated event. Erasure deletes the row.
 */
export const memberProfilesProjection: Projection<'member_profiles', IdentityEvent> = {
  name: 'member_profiles',
  tables: ['member_profiles'],
  handles: ['ProfileUpdated', 'QrCodeUploaded', 'QrCodeProcessed', 'QrCodeFileImported', 'QrCodeRejected', 'IdPhotoUploaded', 'IdPhotoProcessed', 'IdPhotoRejected', 'IdPhotoRemoved', 'PersonalDataErased'],
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
        await imageUploaded(tx, tables.member_profiles, 'qr', event.data);
        return;
      case 'QrCodeProcessed':
        await imageProcessed(tx, tables.member_profiles, 'qr', event.data);
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
        await imageRejected(tx, tables.member_profiles, 'qr', event.data);
        return;
      case 'IdPhotoUploaded':
        await imageUploaded(tx, tables.member_profiles, 'id_photo', event.data);
        return;
      case 'IdPhotoProcessed':
        await imageProcessed(tx, tables.member_profiles, 'id_photo', event.data);
        return;
      case 'IdPhotoRejected':
        await imageRejected(tx, tables.member_profiles, 'id_photo', event.data);
        return;
      case 'IdPhotoRemoved':
        await tx.query(
          `UPDATE ${tables.member_profiles} SET id_photo_status = 'none', id_photo_pending_upload_id = NULL, id_photo_upload_id = NULL, id_photo_file = NULL, updated_at = $2
           WHERE user_id = $1`,
          [event.data.userId, event.data.removedAt],
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
      case 'StaffInvitationWithdrawn':
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
