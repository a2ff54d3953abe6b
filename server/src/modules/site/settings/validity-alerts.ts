import type { Queryable } from '#server/db/db';
import { handleCommand } from '#server/event-store/command-handler';
import type { EventMetadata } from '#server/event-store/types';
import type { Services } from '#server/services';
import { VALIDITY_KINDS, type ValidityKind } from '../site.events.ts';
import { getSettings } from './settings.ts';
import type { TSettings } from './settings.schema.ts';
import { daysBetween, decideValidityAlert, thresholdReached, validityAlertsStream } from './validity-alerts.decider.ts';

/** The calendar date in India (UTC+05:30, no daylight saving) at an instant: the day the alerts count from. */
function indiaDateOf(instant: Date): string {
  return new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** Which setting holds each registration's last valid day. */
const VALID_UNTIL: Record<ValidityKind, (settings: TSettings) => string> = {
  approval: (settings) => settings.approvalValidUntil,
  fcra: (settings) => settings.fcraValidUntil,
};

/**
 * The daily check (raise-validity-alerts.job.ts): for the approval and the FCRA registration, the
 * alert of the threshold reached today, if not raised yet for this date. Returns the alerts raised.
 */
export async function raiseValidityAlerts(services: Pick<Services, 'db' | 'eventStore' | 'now'>, metadata: EventMetadata): Promise<number> {
  const now = services.now();
  const today = indiaDateOf(now);
  const { settings } = await getSettings(services.db);
  let raised = 0;
  for (const kind of VALIDITY_KINDS) {
    const { events } = await handleCommand(services, {
      stream: validityAlertsStream,
      id: kind,
      decide: (state) => decideValidityAlert({ kind, validUntil: VALID_UNTIL[kind](settings), today, now }, state),
      metadata,
    });
    raised += events.length;
  }
  return raised;
}

export interface ValidityWarning {
  kind: ValidityKind;
  validUntil: string;
  /** Negative once the day has passed. */
  daysLeft: number;
}

/** What the dashboard shows finance and settings staff: each registration within 90 days of its end (or past it). */
export async function validityWarnings(db: Queryable, now: Date): Promise<ValidityWarning[]> {
  const { settings } = await getSettings(db);
  const today = indiaDateOf(now);
  return VALIDITY_KINDS.flatMap((kind) => {
    const validUntil = VALID_UNTIL[kind](settings);
    if (!validUntil || thresholdReached(validUntil, today) === null) return [];
    return [{ kind, validUntil, daysLeft: daysBetween(today, validUntil) }];
  });
}
