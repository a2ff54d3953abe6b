import { describe, expect, it } from 'vitest';
import { groupWeeksByState, monthsEndingWith, weeksEndingWith } from './charts.ts';

describe('the charts’ windows', () => {
  it('end with the month of the day given, across a new year', () => {
    expect(monthsEndingWith('2027-01-31', 4)).toEqual(['2026-10', '2026-11', '2026-12', '2027-01']);
    expect(monthsEndingWith('2026-03-01', 12)).toEqual(['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
  });

  it('end with the ISO week (from Monday) of the day given: a Sunday belongs to the week before it, a Monday starts its own', () => {
    expect(weeksEndingWith('2027-01-03', 3)).toEqual(['2026-12-14', '2026-12-21', '2026-12-28']);
    expect(weeksEndingWith('2027-01-04', 2)).toEqual(['2026-12-28', '2027-01-04']);
    // 29 February of a leap year, a Thursday.
    expect(weeksEndingWith('2028-02-29', 1)).toEqual(['2028-02-28']);
  });
});

describe('applications per week by state', () => {
  const weeks = ['2026-10-19', '2026-10-26'];

  it('names the states with the most applications, ties by name, and adds the rest up as "other"', () => {
    const grouped = groupWeeksByState(
      weeks,
      [
        { weekStart: '2026-10-19', state: 'kerala', count: 2 },
        { weekStart: '2026-10-19', state: 'goa', count: 1 },
        { weekStart: '2026-10-26', state: 'assam', count: 1 },
        { weekStart: '2026-10-26', state: 'bihar', count: 5 },
        { weekStart: '2026-10-26', state: 'delhi', count: 1 },
      ],
      2,
    );
    expect(grouped).toEqual({
      states: ['bihar', 'kerala', 'other'],
      weeks: [
        { weekStart: '2026-10-19', total: 3, byState: [{ state: 'bihar', count: 0 }, { state: 'kerala', count: 2 }, { state: 'other', count: 1 }] },
        { weekStart: '2026-10-26', total: 7, byState: [{ state: 'bihar', count: 5 }, { state: 'kerala', count: 0 }, { state: 'other', count: 2 }] },
      ],
    });
  });

  it('has no "other" when every state is named, and empty weeks when nothing came', () => {
    expect(groupWeeksByState(weeks, [{ weekStart: '2026-10-26', state: 'goa', count: 1 }], 2).states).toEqual(['goa']);
    expect(groupWeeksByState(weeks, [], 2)).toEqual({ states: [], weeks: weeks.map((weekStart) => ({ weekStart, total: 0, byState: [] })) });
  });
});
