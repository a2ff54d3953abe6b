import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { createSlots } from './slots.ts';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (Algorithm.Argon2id is 2; the package's
// const enum cannot be imported under verbatimModuleSyntax.)
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hashing per core in this process. Each holds 19 MiB while it runs, and libuv's pool
 * would otherwise run four at once whatever the cores: on two cores that is the same number of
 * logins a second, for 38 MiB more at the peak (bench/load: server peak RSS during logins).
 */
export const passwordSlots = createSlots(os.availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return passwordSlots.run(() => hash(password, OPTIONS));
}

// Verifying against this when the account does not exist keeps the timing the same either way.
const DUMMY_HASH = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    const dummy = await DUMMY_HASH;
    await passwordSlots.run(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  return passwordSlots.run(() => verify(passwordHash, password)).catch(() => false);
}
