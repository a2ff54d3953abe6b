import { describe, expect, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { TaxDeadlineReminderSent } from './form-10be.events.ts';
import { nextDueDay } from './form-10be-reminders.job.ts';
import { decideSendReminder, evolveReminders, noReminders, reminderDue } from './tax-deadline-reminder.decider.ts';

const now = new Date('2027-05-01T00:00:00.000Z');
const reminder = (daysBefore: 30 | 7 | 1): TaxDeadlineReminderSent => ({
  type: 'TaxDeadlineReminderSent',
  data: { deadline: 'form-10bd', financialYear: '2026-27', dueOn: '2027-05-31', daysBefore, sentAt: now.toISOString() },
});

describe('a reminder before a tax deadline', () => {
  const given = deciderSpec({ decide: decideSendReminder, evolve: evolveReminders, initialState: noReminders });
  const command = (daysBefore: 30 | 7 | 1) => ({ deadline: 'form-10bd' as const, financialYear: '2026-27', dueOn: '2027-05-31', daysBefore, now });
  it('is recorded once for each of 30, 7 and 1 days before', () => {
    given([]).when(command(30)).then([reminder(30)]);
    given([reminder(30)]).when(command(30)).thenNothing();
    given([reminder(30)]).when(command(7)).then([reminder(7)]);
    given([reminder(30), reminder(7)]).when(command(1)).then([reminder(1)]);
  });
  it('is not sent for an earlier mark once a nearer one went', () => {
    given([reminder(7)]).when(command(30)).thenNothing();
  });
});

describe('which reminder is due', () => {
  it('is the nearest mark not yet passed, and none beyond 30 days or after the day', () => {
    expect([31, 30, 8, 7, 2, 1, 0, -1].map(reminderDue)).toEqual([null, 30, 30, 7, 7, 1, 1, null]);
  });
  it('counts to the next due day, for the financial year before it', () => {
    expect(nextDueDay('2027-05-01', '05-31')).toEqual({ dueOn: '2027-05-31', financialYear: '2026-27' });
    expect(nextDueDay('2027-06-01', '05-31')).toEqual({ dueOn: '2028-05-31', financialYear: '2027-28' });
    expect(nextDueDay('2027-05-31', '05-31')).toEqual({ dueOn: '2027-05-31', financialYear: '2026-27' });
  });
});
