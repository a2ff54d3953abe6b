import { describe, expect, it } from 'vitest';
import { formatIndiaDateTime } from './india-time.ts';

describe('a moment in India time, for mail and PDFs', () => {
  it('says the time of day in Hindi words in Hindi, never "am" or "pm" (issue 32)', () => {
    const morning = formatIndiaDateTime(new Date('2026-11-29T01:45:00Z'));
    expect(morning.en).toMatch(/^29 Nov 2026, 7:15\s?am$/);
    expect(morning.hi).toBe('29 नव॰ 2026, सुबह 7:15');
    for (const [iso, period] of [
      ['2026-11-29T07:00:00Z', 'दोपहर 12:30'],
      ['2026-11-29T12:30:00Z', 'शाम 6:00'],
      ['2026-11-29T17:00:00Z', 'रात 10:30'],
    ] as const) {
      const { hi } = formatIndiaDateTime(new Date(iso));
      expect(hi).toContain(period);
      expect(hi).not.toMatch(/am|pm/i);
    }
  });
});
