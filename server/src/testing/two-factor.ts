import crypto from 'node:crypto';
import { base32Decode, hotp, totpStep } from '#server/lib/totp';
import { beginTotpSetup, confirmTotpSetup } from '#server/modules/identity/identity.api';
import type { Services } from '#server/services';

/**
 * An admin's authenticator, for tests: the secret and the last time step a code was used, since the
 * server takes each step's code once (admin-totp.ts useStep).
 */
export interface TestAuthenticator {
  secret: Buffer;
  lastStep: number;
}

/**
 * Turns two-factor sign-in on for `userId` as the admin would (set-up, then a first code). The first
 * code is the previous step's, which the allowed drift accepts, so a sign-in right after it can use
 * the current step's.
 */
export async function enrolTwoFactor(services: Services, userId: string): Promise<TestAuthenticator> {
  const { secret } = await beginTotpSetup(services, { userId });
  const key = base32Decode(secret);
  const step = totpStep(services.now()) - 1;
  await confirmTotpSetup(services, { userId }, hotp(key, step), { actor: userId, correlationId: crypto.randomUUID(), ip: null });
  return { secret: key, lastStep: step };
}

/**
 * The next code the server will take at `now`: the current step's, or the next step's (within the
 * drift) when this one was used already. Throws when both were used: the caller signs in too often.
 */
export function nextSignInCode(authenticator: TestAuthenticator, now: Date): string {
  const step = Math.max(totpStep(now), authenticator.lastStep + 1);
  if (step > totpStep(now) + 1) throw new Error('two sign-ins of one account in one 30 s step already: no fresh code left');
  authenticator.lastStep = step;
  return hotp(authenticator.secret, step);
}

/**
 * nextSignInCode at the real clock, waiting for the next 30 s step when both fresh codes were used
 * (browser tests that sign one admin in several times in a row).
 */
export async function waitForSignInCode(authenticator: TestAuthenticator): Promise<string> {
  for (;;) {
    const now = new Date();
    if (authenticator.lastStep < totpStep(now) + 1) return nextSignInCode(authenticator, now);
    const nextStepAt = (totpStep(now) + 1) * 30_000;
    await new Promise((resolve) => setTimeout(resolve, nextStepAt - now.getTime() + 50));
  }
}
