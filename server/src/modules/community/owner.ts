import { AppError } from '#server/errors/app-error';
import { canActFor, type SessionUser } from '#server/modules/identity/identity.api';

/** Another member's records refused (403). */
export const OWN_RECORDS_ONLY = 'You can only see your own records.';

/**
 * Whose records a request may see: the member's own; an admin with the `members` permission may
 * name anyone. Another member's ID is refused (403) before any query runs.
 */
export function resolveOwner(user: SessionUser, requested: string | undefined): string {
  const userId = requested?.trim().toUpperCase() || user.userId;
  if (canActFor(user, userId, 'members')) return userId;
  throw new AppError('FORBIDDEN', { userMessage: OWN_RECORDS_ONLY });
}
