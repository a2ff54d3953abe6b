import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits.ts';

describe('Devanagari digits', () => {
  it('become ASCII digits, and nothing else changes', () => {
    expect(asciiDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(asciiDigits('₹ १,२५०.५०')).toBe('₹ 1,250.50');
    expect(asciiDigits('12 रुपये')).toBe('12 रुपये');
    expect(asciiDigits('')).toBe('');
  });
});
