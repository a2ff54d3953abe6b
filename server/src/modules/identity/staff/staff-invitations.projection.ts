import type { Projection } from '#server/event-store/types';
import { staffInvitationStreamId, type IdentityEvent, type InviteeDetails } from '../identity.events.ts';

/**
 * The super-admin's list of staff invitations. Inline, so the list shows an invitation the moment
 * it is made. The name and address are revealed from the invitation's sealed details; when the
 * account it opened is erased, they leave this table too.
 */
export const staffInvitationsProjection: Projection<'staff_invitations', IdentityEvent> = {
  name: 'staff_invitations',
  tables: ['staff_invitations'],
  handles: ['StaffInvited', 'StaffInvitationAccepted', 'StaffInvitationWithdrawn', 'PersonalDataErased'],
  async apply(event, { tx, tables, reveal }) {
    switch (event.type) {
      case 'StaffInvited': {
        const { data } = event;
        const invitee = await reveal<InviteeDetails>(data.invitee);
        await tx.query(
          `INSERT INTO ${tables.staff_invitations} (invitation_id, full_name, email, permissions, invited_by, invited_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (invitation_id) DO NOTHING`,
          [data.invitationId, invitee?.fullName ?? null, invitee?.email ?? null, data.permissions, data.invitedBy, data.invitedAt, data.expiresAt],
        );
        return;
      }
      case 'StaffInvitationAccepted':
        await tx.query(`UPDATE ${tables.staff_invitations} SET accepted_at = $2, user_id = $3 WHERE invitation_id = $1`, [
          event.data.invitationId,
          event.data.acceptedAt,
          event.data.userId,
        ]);
        return;
      case 'StaffInvitationWithdrawn':
        await tx.query(`UPDATE ${tables.staff_invitations} SET withdrawn_at = $2 WHERE invitation_id = $1`, [event.data.invitationId, event.data.withdrawnAt]);
        return;
      case 'PersonalDataErased':
        if (event.data.subjectId.startsWith('user-')) {
          await tx.query(`UPDATE ${tables.staff_invitations} SET full_name = NULL, email = NULL WHERE user_id = $1`, [event.data.subjectId.slice('user-'.length)]);
        }
        // An invitation no account took up, erased with the person it was sent to (issue 29).
        if (event.data.subjectId.startsWith(staffInvitationStreamId(''))) {
          await tx.query(`UPDATE ${tables.staff_invitations} SET full_name = NULL, email = NULL WHERE invitation_id = $1`, [event.data.subjectId.slice(staffInvitationStreamId('').length)]);
        }
        return;
      default:
        return;
    }
  },
};
