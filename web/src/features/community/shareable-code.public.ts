import type { TEpin } from '@sahay/server/modules/community/epins/epins.schema';

/**
 * The code to put in the next invitation link (issue 16): the first unused code not kept for a link
 * shared already, so two friends never get the same code; null when there is none.
 */
export function shareableCode(epins: readonly TEpin[], now: Date): string | null {
  const free = epins.find((epin) => !epin.used && (epin.reservedUntil === null || new Date(epin.reservedUntil) <= now));
  return free?.code ?? null;
}
