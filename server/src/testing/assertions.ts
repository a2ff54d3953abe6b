import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

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
  const cause = error.cause as { fieldErrors?: Record<string, string[]>; issues?: { path: PropertyKey[]; message: string }[] } | undefined;
  if (cause?.fieldErrors) return cause.fieldErrors;
  const result: Record<string, string[]> = {};
  for (const issue of cause?.issues ?? []) (result[String(issue.path[0])] ??= []).push(issue.message);
  return result;
}
