import { describe, expect, it } from 'vitest';
import { judgeAfterGrace, judgePrint } from './print-check.ts';

describe('judging whether printing opened', () => {
  it('calls it blocked when print() throws', () => {
    expect(judgePrint({ hasThrown: true, returnedAfterMs: 0, hasPrintEvent: false })).toBe('blocked');
  });

  it('calls it opened when a print event came, or when print() kept the page waiting for a dialog', () => {
    expect(judgePrint({ hasThrown: false, returnedAfterMs: 2, hasPrintEvent: true })).toBe('opened');
    expect(judgePrint({ hasThrown: false, returnedAfterMs: 4000, hasPrintEvent: false })).toBe('opened');
  });

  it('is unsure about an immediate return with no event, and then decides by whether an event came', () => {
    const verdict = judgePrint({ hasThrown: false, returnedAfterMs: 3, hasPrintEvent: false });
    expect(verdict).toBe('unsure');
    expect(judgeAfterGrace(verdict, false)).toBe('blocked');
    expect(judgeAfterGrace(verdict, true)).toBe('opened');
    expect(judgeAfterGrace('opened', false)).toBe('opened');
  });
});
