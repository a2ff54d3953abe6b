import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordSlots, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies the right password only, and an unknown account never', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(null, 'correct horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });

  it('hashes at most one password per core at once; the rest wait their turn and all finish', async () => {
    const cores = os.availableParallelism();
    const count = cores + 3;
    const stored = await hashPassword('p');
    const runs = Array.from({ length: count }, (_, index) => (index % 2 === 0 ? hashPassword(`p${index}`) : verifyPassword(stored, 'p')));
    expect(passwordSlots.running).toBe(cores);
    expect(passwordSlots.waiting).toBe(count - cores);
    const results = await Promise.all(runs);
    expect(results.filter((result) => result === true)).toHaveLength(Math.floor(count / 2));
    expect([passwordSlots.running, passwordSlots.waiting]).toEqual([0, 0]);
  });
});
