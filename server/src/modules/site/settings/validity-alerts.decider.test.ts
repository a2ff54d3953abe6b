import { describe, expect, it } from 'vitest';
import { deciderSpec } from '#server/testing/deciders/decider-spec';
import type { ValidityAlertRaised } from '../site.events.ts';
import { daysBetween, decideValidityAlert, evolveValidityAlerts, noValidityAlerts, thresholdReached } from './validity-alerts.decider.ts';

const now = new Date('2027-01-01T01:00:00Z');
const validUntil = '2027-03-31';
const alert = (threshold: number, daysLeft: number, until = validUntil): ValidityAlertRaised => ({
  type: 'ValidityAlertRaised',
  data: { kind: 'approval', validUntil: until, threshold, daysLeft, raisedAt: now.toISOString() },
});

describe('decideValidityAlert', () => {
  const check = deciderSpec({ decide: decideValidityAlert, evolve: evolveValidityAlerts, initialState: noValidityAlerts });
  const on = (today: string, until = validUntil) => ({ kind: 'approval' as const, validUntil: until, today, now });

  it('raises nothing more than 90 days before, nor without a date', () => {
    check([]).when(on('2026-12-30')).thenNothing();
    check([]).when(on('2027-01-01', '')).thenNothing();
  });

  it('raises the 90-day alert on the 90th day before, once', () => {
    check([]).when(on('2026-12-31')).then([alert(90, 90)]);
    check([alert(90, 90)]).when(on('2027-01-01')).thenNothing();
  });

  it('raises the 30- and 7-day alerts as their days come, each once', () => {
    check([alert(90, 90)]).when(on('2027-03-01')).then([alert(30, 30)]);
    check([alert(90, 90), alert(30, 30)]).when(on('2027-03-02')).thenNothing();
    check([alert(90, 90), alert(30, 30)]).when(on('2027-03-24')).then([alert(7, 7)]);
    check([alert(90, 90), alert(30, 30), alert(7, 7)]).when(on('2027-03-31')).thenNothing();
    check([alert(90, 90), alert(30, 30), alert(7, 7)]).when(on('2027-05-01')).thenNothing();
  });

  it('raises only the nearest threshold after a job that missed days, even once the date has passed', () => {
    check([]).when(on('2027-03-28')).then([alert(7, 3)]);
    check([]).when(on('2027-04-02')).then([alert(7, -2)]);
  });

  it('starts afresh when the date changes (a renewal)', () => {
    check([alert(90, 90), alert(30, 30), alert(7, 7)]).when(on('2027-03-28', '2032-03-31')).thenNothing();
    check([alert(90, 90), alert(30, 30), alert(7, 7)]).when(on('2032-01-01', '2032-03-31')).then([alert(90, 90, '2032-03-31')]);
  });

  it('counts whole days', () => {
    expect(daysBetween('2027-03-30', '2027-03-31')).toBe(1);
    expect(daysBetween('2027-04-01', '2027-03-31')).toBe(-1);
    expect(thresholdReached('2027-03-31', '2026-12-30')).toBeNull();
    expect(thresholdReached('2027-03-31', '2027-03-10')).toBe(30);
  });
});
