import { describe, expect, it } from 'vitest';
import { diffStates } from './audit-diff.ts';

const table = (rows: Record<string, unknown>[]) => [{ projection: 'donations', table: 'donations', rows }];

describe('the difference between two moments of a record', () => {
  it('names each field that changed in a row present at both, with its value before and after', () => {
    // Keys in PostgreSQL's jsonb order (shortest first): the row is still named by its reference.
    const before = table([{ status: 'proof_received', reference: 'ABCD2345', amount_paise: 2_500_00, verified_at: null }]);
    const after = table([{ status: 'verified', reference: 'ABCD2345', amount_paise: 2_500_00, verified_at: '2031-07-01T06:20:00Z' }]);
    expect(diffStates(before, after)).toEqual([
      {
        projection: 'donations',
        table: 'donations',
        added: [],
        removed: [],
        changed: [
          {
            key: 'reference="ABCD2345"',
            fields: [
              { field: 'status', before: 'proof_received', after: 'verified' },
              { field: 'verified_at', before: null, after: '2031-07-01T06:20:00Z' },
            ],
          },
        ],
      },
    ]);
  });

  it('lists rows that appeared and went, and leaves out a table without a change', () => {
    const before = [...table([{ reference: 'A' }]), { projection: 'site', table: 'counters', rows: [{ value: 2, counter: 'happyDonors' }] }];
    const after = [...table([{ reference: 'B' }]), { projection: 'site', table: 'counters', rows: [{ value: 2, counter: 'happyDonors' }] }];
    expect(diffStates(before, after)).toEqual([{ projection: 'donations', table: 'donations', added: [{ reference: 'B' }], removed: [{ reference: 'A' }], changed: [] }]);
    // A table only one moment has: all its rows appeared (or went).
    expect(diffStates([], table([{ reference: 'A' }]))[0]!.added).toEqual([{ reference: 'A' }]);
    expect(diffStates(before, before)).toEqual([]);
    // A counter that moved is one row changed, not one gone and one added.
    const counted = diffStates(before, [...table([{ reference: 'A' }]), { projection: 'site', table: 'counters', rows: [{ value: 3, counter: 'happyDonors' }] }]);
    expect(counted).toEqual([{ projection: 'site', table: 'counters', added: [], removed: [], changed: [{ key: 'counter="happyDonors"', fields: [{ field: 'value', before: 2, after: 3 }] }] }]);
  });
});
