import { useT, type MessageKey } from '#web/i18n/i18n.tsx';

/**
 * Who recorded an event, as the console's histories show it: a staff member or member by user ID,
 * the automatic jobs as "System (automatic job)", and `anonymous` (nobody signed in) in the words
 * of the record it is in — the family, the donor, someone not signed in.
 */
export function useActorName(anonymous: MessageKey): (actor: string) => string {
  const t = useT();
  return (actor) => (actor === 'anonymous' ? t(anonymous) : actor === 'system' ? t('admin.theSystem') : actor);
}
