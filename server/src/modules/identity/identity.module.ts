import type { SahayModule } from '#server/modules/module';
import { sendConfirmationEmailJob } from './confirmation/send-confirmation-email.job.ts';
import { identityEventSchemas } from './identity.events.ts';
import { emailHashWith } from './accounts/accounts.ts';
import { identityRest } from './identity.rest.ts';
import { importLegacyQrCodes } from './profile/import-legacy-qr-codes.ts';
import { memberProfilesProjection } from './profile/member-profiles.projection.ts';
import { sendPasswordResetCodeJob } from './passwords/send-password-reset-code.job.ts';
import { processQrCodeJob } from './profile/process-qr-code.job.ts';
import { processIdPhotoJob } from './profile/process-id-photo.job.ts';
import { usersProjection } from './accounts/users.projection.ts';
import { sendUserIdReminderJob } from './passwords/send-user-id-reminder.job.ts';
import { sendStaffInvitationJob } from './staff/send-staff-invitation.job.ts';
import { staffInvitationsProjection } from './staff/staff-invitations.projection.ts';
import { staffInvitationsErasurePart } from './identity.api.ts';

export const identityModule: SahayModule = {
  name: 'identity',
  inlineProjections: [usersProjection, memberProfilesProjection, staffInvitationsProjection],
  eventSchemas: identityEventSchemas,
  jobs: [sendConfirmationEmailJob, sendPasswordResetCodeJob, processQrCodeJob, processIdPhotoJob, sendStaffInvitationJob, sendUserIdReminderJob],
  rest: identityRest,
  erasure: staffInvitationsErasurePart,
  /** Moves the QR images of the disk era into the file store; finds nothing to do after the first start. */
  seed: async (services) => {
    await importLegacyQrCodes(services);
  },
  /** After a blind-index key change: the e-mail hashes of the users read model, from the addresses it holds. */
  async reindex({ tx, blindIndex }) {
    const { rows } = await tx.query<{ user_id: string; email: string }>(`SELECT user_id, email FROM users WHERE email IS NOT NULL`);
    if (rows.length === 0) return;
    await tx.query(`UPDATE users SET email_hash = u.hash FROM unnest($1::text[], $2::text[]) AS u(id, hash) WHERE users.user_id = u.id`, [
      rows.map((row) => row.user_id),
      rows.map((row) => emailHashWith(blindIndex, row.email)),
    ]);
  },
};
