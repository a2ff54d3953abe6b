import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. (Algorithm.Argon2id is 2; the package's
// const enum cannot be imported under verbatimModuleSyntax.)
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the account does not exist keeps the timing the same either way.
const DUMMY_HASH = hash('not-a-real-password', OPTIONS);

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
