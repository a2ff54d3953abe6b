import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { FC4_COLUMNS, FC4_ERASED_NAME, fc4Csv, type Fc4Contribution } from './form-fc4.ts';

const gift = (overrides: Partial<Fc4Contribution>): Fc4Contribution => ({
  reference: 'ABCD2345',
  receiptSerial: 'SAHAY-FC/2031-32/000001',
  receivedOn: '2031-05-10',
  amountPaise: 1_250_50,
  cause: 'education',
  country: 'US',
  donorName: 'Emily Carter',
  donorAddress: '12 Elm Street\nBoston MA',
  ...overrides,
});

describe('Form FC-4 contributions (decision 058)', () => {
  it('lists each gift donor by donor, in date order, with the country named in English and the address on one line', () => {
    const csv = fc4Csv([
      gift({ receivedOn: '2031-06-01', receiptSerial: 'SAHAY-FC/2031-32/000003', donorName: 'श्रीवास्तव कृष्ण', country: 'NP', cause: 'kanyadan', amountPaise: 50_000_00, donorAddress: null }),
      gift({}),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    expect(parse(csv, { bom: true })).toEqual([
      [...FC4_COLUMNS],
      ['Emily Carter', 'Individual', 'United States', '12 Elm Street, Boston MA', '1250.50', '2031-05-10', 'Education', 'SAHAY-FC/2031-32/000001'],
      ['श्रीवास्तव कृष्ण', 'Individual', 'Nepal', '', '50000.00', '2031-06-01', 'Kanyadan marriage support for girls of poor families', 'SAHAY-FC/2031-32/000003'],
    ]);
  });

  it('keeps an erased donor’s gift with a note in place of the name, and neutralises a formula-looking cell', () => {
    const rows = parse(fc4Csv([gift({ donorName: null, donorAddress: null }), gift({ receiptSerial: 'SAHAY-FC/2031-32/000002', donorAddress: '=HYPERLINK("x")' })]), { bom: true }) as string[][];
    expect(rows[1]![0]).toBe(FC4_ERASED_NAME);
    expect(rows[2]![3]!.startsWith('=')).toBe(false);
  });
});
