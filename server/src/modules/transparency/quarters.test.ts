import { describe, expect, it } from 'vitest';
import { quartersUpTo } from './transparency.ts';

describe('the quarters of the disclosure of foreign contributions (decision 058)', () => {
  it('counts quarters of the Indian financial year, April–June first, newest first', () => {
    expect(quartersUpTo('2031-05-20', 4)).toEqual([
      { quarter: '2031-32 Q1', from: '2031-04-01', to: '2031-06-30' },
      { quarter: '2030-31 Q4', from: '2031-01-01', to: '2031-03-31' },
      { quarter: '2030-31 Q3', from: '2030-10-01', to: '2030-12-31' },
      { quarter: '2030-31 Q2', from: '2030-07-01', to: '2030-09-30' },
    ]);
  });

  it('puts the first and last days of each quarter in it, across a year’s end and a leap February', () => {
    expect(quartersUpTo('2032-01-01', 1)).toEqual([{ quarter: '2031-32 Q4', from: '2032-01-01', to: '2032-03-31' }]);
    expect(quartersUpTo('2031-12-31', 1)).toEqual([{ quarter: '2031-32 Q3', from: '2031-10-01', to: '2031-12-31' }]);
    expect(quartersUpTo('2031-04-01', 2)[1]).toEqual({ quarter: '2030-31 Q4', from: '2031-01-01', to: '2031-03-31' });
    expect(quartersUpTo('2031-09-30', 1)[0]).toEqual({ quarter: '2031-32 Q2', from: '2031-07-01', to: '2031-09-30' });
  });
});
