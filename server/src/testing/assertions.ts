import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { fieldErrorsFromZod } from '#server/errors/field-errors';
import { expect } from 'vitest';
import { AppError } from '#server/errors/app-error';

/** The tRPC error a call was refused with; fails the test if it succeeded or threw something else. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/**
 * The field errors a refusal carries, as clients get them: a module's own `fieldErrors`, or the
 * input schema's issues by their first path segment.
 */
export function fieldErrorsOf(error: TRPCError): Record<string, string[]> {
  // As the error formatter gives them to clients (server/src/trpc/init.ts).
  if (error.cause instanceof ZodError) return fieldErrorsFromZod(error.cause);
  return (error.cause as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {};
}

/**
 * Runs `call` `count` times at once (a race test): what the calls that succeeded returned, and each
 * refusal as [code, message] as the client sees it. An error that is neither a TRPCError nor an
 * AppError (a crash) shows up as ['NOT_AN_APP_ERROR', its text], so a test comparing refusals fails on it.
 */
export async function raceCalls<T>(count: number, call: (index: number) => Promise<T>): Promise<{ succeeded: Awaited<T>[]; refusals: [string, string][] }> {
  const results = await Promise.allSettled(Array.from({ length: count }, (_, index) => call(index)));
  return {
    succeeded: results.filter((result): result is PromiseFulfilledResult<Awaited<T>> => result.status === 'fulfilled').map((result) => result.value),
    refusals: results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map(({ reason }): [string, string] =>
        reason instanceof TRPCError || reason instanceof AppError ? [reason.code, reason.message] : ['NOT_AN_APP_ERROR', String(reason)],
      ),
  };
}

/** Fails unless every refusal is one of the expected clear answers (a message or a pattern for it). */
export function expectOnlyRefusals(refusals: readonly [string, string][], allowed: readonly [string, string | RegExp][]): void {
  for (const [code, message] of refusals) {
    const isExpected = allowed.some(([allowedCode, allowedMessage]) => code === allowedCode && (typeof allowedMessage === 'string' ? message === allowedMessage : allowedMessage.test(message)));
    expect(isExpected, `unexpected refusal ${code}: ${message}`).toBe(true);
  }
}
