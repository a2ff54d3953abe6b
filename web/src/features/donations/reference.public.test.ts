import { describe, expect, it } from 'vitest';
import { displayReference, normaliseReference, utrKindOf } from './reference.public.ts';

describe('donation references', () => {
  it('accept the reference with or without the dash, in any case', () => {
    expect(normaliseReference('K7PQ-M2XZ')).toBe('K7PQM2XZ');
    expect(normaliseReference(' k7pq m2xz ')).toBe('K7PQM2XZ');
    expect(displayReference('k7pqm2xz')).toBe('K7PQ-M2XZ');
  });

  it('refuse look-alike characters and wrong lengths', () => {
    for (const typed of ['K7PQ-M2X0', 'K7PQ-M2XI', 'K7PQ-M2XL', 'K7PQ-M2X1', 'K7PQM2X', 'K7PQM2XZA', '']) expect(normaliseReference(typed), typed).toBeNull();
    expect(displayReference('nonsense')).toBe('nonsense');
  });
});

describe('utrKindOf', () => {
  it('tells UPI/IMPS (12 digits) from NEFT/RTGS (16–22 letters and digits)', () => {
    expect(utrKindOf('412345678901')).toBe('upi-imps');
    expect(utrKindOf('4123 4567 8901')).toBe('upi-imps');
    expect(utrKindOf('SBIN426123456789')).toBe('neft-rtgs');
    expect(utrKindOf('hdfcr52026112300012345')).toBe('neft-rtgs');
    expect(utrKindOf('12345')).toBeNull();
    expect(utrKindOf('SBIN4261234567890123456')).toBeNull();
  });
});
