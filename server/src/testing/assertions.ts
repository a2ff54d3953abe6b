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
