import { streamType } from '#server/event-store/command-handler';
import type { Recorded } from '#server/event-store/types';
import { TAX_DEADLINE_STREAM_PREFIX, type ReminderDaysBefore, type TaxDeadline, type TaxDeadlineReminderSent } from './form-10be.events.ts';

// The reminder stream of one deadline's due day (docs/decisions/052): finance is reminded 30, 7 and
// 1 days before, each once. Its given/when/then is in tax-deadline-reminder.decider.test.ts.

export interface ReminderState {
  /** The reminders sent, by days before the due day. */
  sent: ReminderDaysBefore[];
}

export const noReminders: ReminderState = { sent: [] };

export function evolveReminders(state: ReminderState, event: Recorded<TaxDeadlineReminderSent>): ReminderState {
  return event.type === 'TaxDeadlineReminderSent' ? { sent: [...state.sent, event.data.daysBefore] } : state;
}

export const reminderStream = streamType<ReminderState, TaxDeadlineReminderSent>({ prefix: TAX_DEADLINE_STREAM_PREFIX, evolve: evolveReminders, initialState: noReminders });

/**
 * The reminder due `daysLeft` days before a due day: the nearest of 30, 7 and 1 not yet passed
 * (a job that did not run on the day sends the one now due, not those it missed); null when none is.
 */
export function reminderDue(daysLeft: number): ReminderDaysBefore | null {
  if (daysLeft < 0 || daysLeft > 30) return null;
  if (daysLeft <= 1) return 1;
  if (daysLeft <= 7) return 7;
  return 30;
}

/** Pure: a reminder recorded once; none once a nearer one went (a late run does not send an older one). */
export function decideSendReminder(
  command: { deadline: TaxDeadline; financialYear: string; dueOn: string; daysBefore: ReminderDaysBefore; now: Date },
  state: ReminderState,
): TaxDeadlineReminderSent[] {
  if (state.sent.some((days) => days <= command.daysBefore)) return [];
  const { deadline, financialYear, dueOn, daysBefore } = command;
  return [{ type: 'TaxDeadlineReminderSent', data: { deadline, financialYear, dueOn, daysBefore, sentAt: command.now.toISOString() } }];
}
