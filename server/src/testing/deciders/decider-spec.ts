import { expect } from 'vitest';
import { AppError, type AppErrorCode } from '#server/errors/app-error';
import type { DomainEvent, Recorded } from '#server/event-store/types';

/**
 * Given/when/then for a module's pure decisions (STYLE.md, Emmett's DeciderSpecification): the given
 * events are folded with the module's evolve from its initial state, the command is decided on that
 * state, and the outcome is compared — events, nothing, or a refusal with its code and message.
 *
 * Every `when` also checks that the decision is pure, since a test of one call cannot see it: the
 * given events, the folded state and the command are deeply frozen (a decide or evolve that mutates
 * them throws), and the command is decided twice on the same state (a decision that reads the clock
 * or draws a random ID answers differently the second time).
 */
export interface Decider<Command, State, E extends DomainEvent, Output = readonly E[]> {
  decide(command: Command, state: State): Output;
  evolve(state: State, event: Recorded<E>): State;
  initialState: State;
}

/** A recorded event as the store would give it back, for folding in tests. */
export function recorded<E extends DomainEvent>(event: E, streamVersion = 1, streamId = 'test-stream'): Recorded<E> {
  const full = {
    globalPosition: streamVersion,
    eventId: `00000000-0000-7000-8000-${String(streamVersion).padStart(12, '0')}`,
    streamId,
    streamVersion,
    type: event.type,
    schemaVersion: 1,
    data: event.data,
    metadata: { actor: 'test', correlationId: 'test' },
    transactionId: '1',
    recordedAt: new Date(0),
  };
  // Recorded<E> maps each member of the union; TypeScript cannot see that one member's type and data belong together.
  return full as Recorded<E>;
}

/** The state after `events`, in order, as versions 1, 2, ... of one stream. */
export function fold<State, E extends DomainEvent>(decider: Pick<Decider<never, State, E>, 'evolve' | 'initialState'>, events: readonly E[]): State {
  return events.reduce((state, event, index) => decider.evolve(state, recorded(event, index + 1)), decider.initialState);
}

/**
 * Freezes a value and everything it holds, so a mutation throws (modules are strict mode). Buffers
 * and other typed arrays cannot be frozen and are left as they are; a Date's time can still be set.
 */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze(Reflect.get(value, key), seen);
  Object.freeze(value);
  return value;
}

/** The events of an output: a list of events, or of `{ streamId, events }` batches (multi-stream decisions). */
function eventsOf(output: unknown): unknown {
  return Array.isArray(output) ? output.flatMap((item: unknown) => (isStreamEvents(item) ? item.events : [item])) : output;
}

/** What a `then…` gives back: nothing for a plain decision, a promise to await for one that seals (its one injected async step). */
type Checked<Output> = Output extends PromiseLike<unknown> ? Promise<void> : void;

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export function deciderSpec<Command, State, E extends DomainEvent, Output = readonly E[]>(decider: Decider<Command, State, E, Output>) {
  return (given: readonly E[]) => ({
    when(command: Command) {
      const notPure = 'deciding twice on the same state and command gave different answers: the decision is not pure';
      /** The decision's output; for an async decision (one that seals), a promise of it. */
      const decide = (): Output | PromiseLike<unknown> => {
        const state = deepFreeze(fold(decider, deepFreeze(given)));
        const frozenCommand = deepFreeze(command);
        const output = decider.decide(frozenCommand, state);
        if (isPromiseLike(output)) {
          return (async () => {
            const first: unknown = await output;
            expect(await decider.decide(frozenCommand, state), notPure).toEqual(first);
            return first;
          })();
        }
        expect(decider.decide(frozenCommand, state), notPure).toEqual(output);
        return output;
      };
      const check = (assert: (output: Awaited<Output>) => void): Checked<Output> => {
        const output = decide();
        return (isPromiseLike(output) ? Promise.resolve(output).then((value) => assert(value as Awaited<Output>)) : assert(output as Awaited<Output>)) as Checked<Output>;
      };
      return {
        then(expected: Awaited<Output>): Checked<Output> {
          return check((output) => expect(output).toEqual(expected));
        },
        /** The work is already done (or there is none): no events, no error. */
        thenNothing(): Checked<Output> {
          return check((output) => expect(eventsOf(output)).toEqual([]));
        },
        /** Refused with an AppError of this code (and, when given, this message for the person). */
        thenRefuses(code: AppErrorCode, userMessage?: string): Checked<Output> {
          const assert = (refusal: AppError) => {
            expect(refusal.code, `refused with "${refusal.userMessage}"`).toBe(code);
            if (userMessage !== undefined) expect(refusal.userMessage).toBe(userMessage);
          };
          let output: Output | PromiseLike<unknown>;
          try {
            output = decide();
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return assert(error) as Checked<Output>;
          }
          if (!isPromiseLike(output)) return assert(refusalOf(() => output)) as Checked<Output>;
          return Promise.resolve(output).then(
            (returned) => expect.fail(`the decision should have refused, but it returned ${JSON.stringify(returned)}`),
            (error: unknown) => {
              if (!(error instanceof AppError)) throw error;
              assert(error);
            },
          ) as Checked<Output>;
        },
      };
    },
  });
}

/**
 * The AppError a call refuses with, for asserting what `thenRefuses` does not look at (field errors,
 * a retry delay). Fails the test when the call returns, and rethrows anything but an AppError.
 */
export function refusalOf(call: () => unknown): AppError {
  let output: unknown;
  try {
    output = call();
  } catch (error) {
    // Anything but an AppError (a TypeError from a mutation, a failed purity check) shows as itself.
    if (error instanceof AppError) return error;
    throw error;
  }
  return expect.fail(`the decision should have refused, but it returned ${JSON.stringify(output)}`);
}

function isStreamEvents(value: unknown): value is { events: unknown[] } {
  return typeof value === 'object' && value !== null && 'streamId' in value && 'events' in value;
}
