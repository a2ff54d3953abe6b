import { foldStreamOf, handleCommand } from '#server/event-store/command-handler';
import { addressBucket } from '#server/lib/client-address';
import { consumeRateLimit } from '#server/lib/rate-limit';
import { eventMetadata, type RequestMeta } from '#server/lib/request-meta';
import type { Services } from '#server/services';
import { type IdentityEvent } from '../identity.events.ts';
import { decideUserIdReminders, type UserState, userStream } from '../user.decider.ts';
import { emailHash } from '../accounts/accounts.ts';
import type { TUserIdReminderRequest } from './user-id-reminder.schema.ts';

/** The same answer whether or not an account was found: the form tells nobody who is a member. */
export const USER_ID_REMINDER_SENT = 'If an account uses this e-mail address or mobile number, we have sent its user ID there.';

/** At most this many accounts share a number: each gets its own message. */
const MAX_ACCOUNTS = 5;

/**
 * "Forgot user ID?" (issue 16): the user IDs registered to an e-mail address go there by e-mail, and
 * those registered to a mobile number go there by SMS. Limited per address and per contact.
 */
export async function requestUserIdReminder(services: Services, input: TUserIdReminderRequest, meta: RequestMeta): Promise<{ message: string }> {
  const now = services.now();
  if (meta.ip) await consumeRateLimit(services.db, addressBucket('user-id-reminder', meta.ip), services.limits.userIdReminderPerIp, now);
  const channel = input.contact.kind === 'email' ? 'email' : 'sms';
  const contactKey = services.vault.blindIndex('user-id-reminder', `${input.contact.kind}:${input.contact.value}`);
  await consumeRateLimit(services.db, `user-id-reminder:contact:${contactKey}`, services.limits.userIdReminderPerContact, now);
  if (channel === 'sms' && services.sms.kind === 'none') return { message: USER_ID_REMINDER_SENT };
  await handleCommand(services, {
    async read(tx) {
      const { rows } = await tx.query<{ user_id: string }>(
        input.contact.kind === 'email'
          ? `SELECT user_id FROM users WHERE email_hash = $1 AND status = 'active'`
          : `SELECT user_id FROM users WHERE phone = $1 AND status = 'active' ORDER BY joined_at, user_id LIMIT ${MAX_ACCOUNTS}`,
        [input.contact.kind === 'email' ? emailHash(services, input.contact.value) : input.contact.value],
      );
      const accounts: Array<{ userId: string; state: UserState }> = [];
      const versions: Record<string, number | null> = {};
      for (const { user_id: userId } of rows) {
        const folded = await foldStreamOf(services.eventStore, tx, userStream, userId);
        accounts.push({ userId, state: folded.state });
        Object.assign(versions, folded.versions);
      }
      return { state: accounts, versions };
    },
    decide: (accounts): Array<{ streamId: string; events: IdentityEvent[] }> => decideUserIdReminders({ channel, now }, accounts),
    metadata: eventMetadata(meta),
  });
  return { message: USER_ID_REMINDER_SENT };
}
