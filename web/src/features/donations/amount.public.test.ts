import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ONLINE_PAISE, parseRupees, rupeesText } from './amount.public.ts';

describe('parseRupees', () => {
  it('reads whole rupees and up to two decimals as integer paise', () => {
    expect(parseRupees('1250')).toEqual({ kind: 'ok', paise: 125_000 });
    expect(parseRupees('1,250')).toEqual({ kind: 'ok', paise: 125_000 });
    expect(parseRupees('₹ 1,250.5')).toEqual({ kind: 'ok', paise: 125_050 });
    expect(parseRupees('Rs. 10,00,000')).toEqual({ kind: 'ok', paise: MAX_ONLINE_PAISE });
    expect(parseRupees('0.29')).toEqual({ kind: 'tooSmall', paise: 29 });
    expect(parseRupees('1')).toEqual({ kind: 'ok', paise: 100 });
  });

  it('reads Devanagari digits as ASCII ones, as a Hindi keyboard types them (issue 32)', () => {
    expect(parseRupees('१२५०')).toEqual({ kind: 'ok', paise: 125_000 });
    expect(parseRupees('₹ १,२५०.५०')).toEqual({ kind: 'ok', paise: 125_050 });
    expect(parseRupees('1२5०')).toEqual({ kind: 'ok', paise: 125_000 });
  });

  it('refuses what is not an amount instead of guessing', () => {
    for (const typed of ['abc', '12.345', '-5', '1e3', '12..5', '.5', '10/-']) expect(parseRupees(typed), typed).toEqual({ kind: 'invalid' });
    expect(parseRupees('   ')).toEqual({ kind: 'empty' });
    expect(parseRupees('0')).toEqual({ kind: 'tooSmall', paise: 0 });
  });

  it('sends amounts above ₹10,00,000 to the bank-transfer message', () => {
    expect(parseRupees('10,00,000.01')).toEqual({ kind: 'aboveLimit', paise: MAX_ONLINE_PAISE + 1 });
    expect(parseRupees('2500000')).toEqual({ kind: 'aboveLimit', paise: 25_00_000_00 });
  });

  it('round-trips every amount through the text the presets write', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: MAX_ONLINE_PAISE }), (paise) => {
        expect(parseRupees(rupeesText(paise))).toEqual({ kind: 'ok', paise });
      }),
    );
  });
});
