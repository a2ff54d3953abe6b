import { AppError } from '#server/errors/app-error';
import { handleCommand } from '#server/event-store/command-handler';
import type { PersonalDataErased } from '#server/event-store/personal-data';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import type { Permission } from '../identity.events.ts';
import { staffInvitationStreamId, userStreamId } from '../identity.events.ts';
import { MEMBER_NOT_FOUND } from '../members/member-admin.ts';
import { evolveUser, noUser, type UserState } from '../user.decider.ts';

export const ERASE_OWN = 'You cannot erase your own account from the console.';
export const ERASE_NOT_ALLOWED = 'Only an admin holding every permission this account holds can erase it.';

/**
 * Pure: erasing a person records one PII-free PersonalDataErased on their stream. Erasing again
 * finds it done and records nothing. An admin erases only accounts that can do no more than they
 * can, and never their own; `by` is null for the server's own tool.
 */
export function decideErasePerson(
  command: { userId: string; reason: string; by: { userId: string; permissions: readonly Permission[] } | null; now: Date },
  state: UserState,
): PersonalDataErased[] {
  if (!state.exists) throw new AppError('NOT_FOUND', { userMessage: MEMBER_NOT_FOUND });
  if (state.status === 'erased') return [];
  if (command.by?.userId === command.userId) throw new AppError('FORBIDDEN', { userMessage: ERASE_OWN });
  if (command.by && !state.permissions.every((permission) => command.by!.permissions.includes(permission))) {
    throw new AppError('FORBIDDEN', { userMessage: ERASE_NOT_ALLOWED });
  }
  return [{ type: 'PersonalDataErased', data: { subjectId: userStreamId(command.userId), erasedAt: command.now.toISOString(), reason: command.reason } }];
}

/**
 * Erases a person (rule 9; docs/decisions/021): in one transaction, PersonalDataErased is appended
 * (the inline projections scrub their rows as they see it), the person's data key is destroyed (so
 * every sealed field in every event and every file sealed under it is unreadable for ever), their
 * files are removed, and the security rows that name them (sessions, codes, second factor) go.
 * What is left — the events, with ciphertext no one can open — replays to the same read models.
 */
export async function erasePerson(
  services: Services,
  command: { userId: string; reason: string; by: { userId: string; permissions: readonly Permission[] } | null },
  meta: RequestMeta,
): Promise<{ userId: string; erasedAt: string; isErasedNow: boolean }> {
  const subjectId = userStreamId(command.userId);
  const now = services.now();
  const { events, state } = await handleCommand(services, {
    streamId: subjectId,
    evolve: evolveUser,
    initialState: noUser,
    decide: (state) => decideErasePerson({ ...command, now }, state),
    metadata: eventMetadata(meta),
    async onRecorded(tx) {
      await services.vault.destroyKey(tx, subjectId);
      // The staff invitation that opened the account held the same name and address, under its own key.
      const { rows: invitations } = await tx.query<{ invitation_id: string }>(`SELECT invitation_id FROM staff_invitations WHERE user_id = $1`, [command.userId]);
      for (const { invitation_id: invitationId } of invitations) await services.vault.destroyKey(tx, staffInvitationStreamId(invitationId));
      await services.files.removeAllOf(subjectId, tx);
      for (const table of ['sessions', 'password_reset_codes', 'admin_totp', 'admin_totp_setups', 'admin_totp_used_steps']) {
        await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [command.userId]);
      }
      await tx.query(`DELETE FROM login_failures WHERE account_key = $1`, [`user:${command.userId}`]);
      // The addresses their own requests came from (docs/decisions/022).
      await tx.query(`DELETE FROM request_addresses WHERE actor = $1`, [command.userId]);
    },
  });
  const isErasedNow = events.length > 0;
  return { userId: command.userId, erasedAt: isErasedNow ? now.toISOString() : state.erasedAt!, isErasedNow };
}
