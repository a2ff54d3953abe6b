import { streamType } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { VALIDITY_ALERT_DAYS, type SiteEvent, type ValidityAlertRaised, type ValidityKind } from '../site.events.ts';

// The decider of a registration's validity alerts (issue 31): stream validity-alerts-<kind>, one for
// the tax-exemption approval and one for the FCRA registration. Its given/when/then is in
// validity-alerts.decider.test.ts.

export interface ValidityAlertsState {
  /** `<validUntil> <threshold>` of every alert raised: each threshold once per validity date. */
  raised: ReadonlySet<string>;
}

export const noValidityAlerts: ValidityAlertsState = { raised: new Set() };

const keyOf = (validUntil: string, threshold: number) => `${validUntil} ${threshold}`;

export function evolveValidityAlerts(state: ValidityAlertsState, event: Recorded<SiteEvent>): ValidityAlertsState {
  if (event.type !== 'ValidityAlertRaised') return state;
  return { raised: new Set([...state.raised, keyOf(event.data.validUntil, event.data.threshold)]) };
}

/** Whole days from `from` to `to` (YYYY-MM-DD): 0 on the day itself, negative once past. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The nearest threshold (90, 30, 7 days) that `validUntil` is within today, if any: a job that was
 * down for weeks raises the one that applies now, not each one it missed.
 */
export function thresholdReached(validUntil: string, today: string): number | null {
  const daysLeft = daysBetween(today, validUntil);
  const reached = VALIDITY_ALERT_DAYS.filter((days) => daysLeft <= days);
  return reached.length > 0 ? Math.min(...reached) : null;
}

/**
 * Pure: the daily check of one registration. An alert is raised once per threshold and validity
 * date — a re-run, or a second worker running the same check, finds it raised; a new date in
 * settings (a renewal) starts the thresholds afresh. Without a date, nothing.
 */
export function decideValidityAlert(command: { kind: ValidityKind; validUntil: string; today: string; now: Date }, state: ValidityAlertsState): ValidityAlertRaised[] {
  if (!command.validUntil) return [];
  const threshold = thresholdReached(command.validUntil, command.today);
  if (threshold === null || state.raised.has(keyOf(command.validUntil, threshold))) return [];
  return [
    {
      type: 'ValidityAlertRaised',
      data: { kind: command.kind, validUntil: command.validUntil, threshold, daysLeft: daysBetween(command.today, command.validUntil), raisedAt: command.now.toISOString() },
    },
  ];
}

export const validityAlertsStream = streamType<ValidityAlertsState, SiteEvent>({ prefix: 'validity-alerts-', evolve: evolveValidityAlerts, initialState: noValidityAlerts });
