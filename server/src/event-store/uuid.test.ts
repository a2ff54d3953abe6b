import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid.ts';

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying the time', () => {
    const id = uuidv7(0x0190_1234_5678);
    expect(id).toMatch(/^01901234-5678-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('sorts by time', () => {
    const ids = [3, 1, 2].map((offset) => uuidv7(1_700_000_000_000 + offset));
    expect([...ids].sort()).toEqual([ids[1], ids[2], ids[0]]);
  });
});
