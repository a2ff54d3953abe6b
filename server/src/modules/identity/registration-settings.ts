import type { Queryable } from '#server/db/db';
import { getSettings } from '#server/modules/site/settings';

/** The registration rules an admin controls (PRODUCT.md §5, §10): invite only, and the user ID prefix. */
export async function registrationSettings(db: Queryable): Promise<{ isInviteOnly: boolean; userIdPrefix: string }> {
  const { settings } = await getSettings(db);
  return { isInviteOnly: settings.isInviteOnly, userIdPrefix: settings.memberIdPrefix };
}
