import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, deepFreeze, fold, recorded, refusalOf } from './decider-spec.ts';

/** A toy module: a tally that can be added to once it is opened, and closed once. */
type TallyEvent = { type: 'TallyOpened'; data: { id: string } } | { type: 'Added'; data: { amount: number } } | { type: 'TallyClosed'; data: { id: string } };
interface Tally {
  isOpen: boolean;
  total: number;
  history: number[];
}
const noTally: Tally = { isOpen: false, total: 0, history: [] };
const opened: TallyEvent = { type: 'TallyOpened', data: { id: 't1' } };
const closed: TallyEvent = { type: 'TallyClosed', data: { id: 't1' } };

function evolveTally(state: Tally, event: Recorded<TallyEvent>): Tally {
  switch (event.type) {
    case 'TallyOpened':
      return { ...state, isOpen: true };
    case 'Added':
      return { ...state, total: state.total + event.data.amount, history: [...state.history, event.data.amount] };
    case 'TallyClosed':
      return { ...state, isOpen: false };
  }
}

function decideAdd(command: { amount: number }, state: Tally): TallyEvent[] {
  if (!state.isOpen) throw new AppError('CONFLICT', { userMessage: 'The tally is closed.' });
  if (command.amount === 0) return [];
  return [{ type: 'Added', data: { amount: command.amount } }];
}

const given = deciderSpec({ decide: decideAdd, evolve: evolveTally, initialState: noTally });

describe('deciderSpec', () => {
  it('passes a decision that matches, and fails one that does not', () => {
    given([opened]).when({ amount: 2 }).then([{ type: 'Added', data: { amount: 2 } }]);
    expect(() => given([opened]).when({ amount: 2 }).then([{ type: 'Added', data: { amount: 3 } }])).toThrow();
  });

  it('folds the given events in order', () => {
    expect(fold({ evolve: evolveTally, initialState: noTally }, [opened, { type: 'Added', data: { amount: 2 } }, { type: 'Added', data: { amount: 5 } }])).toEqual({
      isOpen: true,
      total: 7,
      history: [2, 5],
    });
  });

  it('thenNothing passes no events, also as empty stream batches, and fails events', () => {
    given([opened]).when({ amount: 0 }).thenNothing();
    deciderSpec({ decide: () => [{ streamId: 's', events: [] }], evolve: evolveTally, initialState: noTally })([]).when({}).thenNothing();
    expect(() => given([opened]).when({ amount: 1 }).thenNothing()).toThrow();
  });

  it('thenRefuses passes the code and message refused with, and fails any other, or no refusal', () => {
    given([opened, closed]).when({ amount: 1 }).thenRefuses('CONFLICT', 'The tally is closed.');
    expect(() => given([opened, closed]).when({ amount: 1 }).thenRefuses('NOT_FOUND', 'The tally is closed.')).toThrow(/refused with "The tally is closed."/);
    expect(() => given([opened, closed]).when({ amount: 1 }).thenRefuses('CONFLICT', 'Another message.')).toThrow();
    expect(() => given([opened]).when({ amount: 1 }).thenRefuses('CONFLICT')).toThrow(/should have refused, but it returned \[\{"type":"Added"/);
  });

  it('lets an error other than a refusal through as itself', () => {
    const crashing = deciderSpec({ decide: (): TallyEvent[] => { throw new RangeError('bug'); }, evolve: evolveTally, initialState: noTally });
    expect(() => crashing([]).when({}).thenRefuses('CONFLICT')).toThrow(RangeError);
  });

  it('catches a decision that reads something besides its command and state', () => {
    let calls = 0;
    const impure = deciderSpec({ decide: (): TallyEvent[] => [{ type: 'Added', data: { amount: ++calls } }], evolve: evolveTally, initialState: noTally });
    expect(() => impure([]).when({}).then([{ type: 'Added', data: { amount: 1 } }])).toThrow(/not pure/);
  });

  it('catches a decision that changes the state it was given', () => {
    const mutating = deciderSpec({
      decide: (_command: object, state: Tally): TallyEvent[] => {
        state.history.push(1);
        return [];
      },
      evolve: evolveTally,
      initialState: noTally,
    });
    expect(() => mutating([opened]).when({}).thenNothing()).toThrow(TypeError);
  });

  it('catches a decision that changes its command', () => {
    const mutating = deciderSpec({
      decide: (command: { amounts: number[] }): TallyEvent[] => {
        command.amounts.sort();
        return [];
      },
      evolve: evolveTally,
      initialState: noTally,
    });
    expect(() => mutating([]).when({ amounts: [3, 1] }).thenNothing()).toThrow(TypeError);
  });

  it('catches an evolve that changes the events it folds', () => {
    const evolveMutating = (state: Tally, event: Recorded<TallyEvent>): Tally => {
      if (event.type === 'Added') event.data.amount += 1;
      return evolveTally(state, event);
    };
    const spec = deciderSpec({ decide: decideAdd, evolve: evolveMutating, initialState: noTally });
    expect(() => spec([opened, { type: 'Added', data: { amount: 1 } }]).when({ amount: 1 }).then([{ type: 'Added', data: { amount: 1 } }])).toThrow(TypeError);
  });
});

describe('recorded', () => {
  it('gives the event back as the store would, at the version asked for', () => {
    expect(recorded(opened, 3, 'tally-t1')).toMatchObject({ streamId: 'tally-t1', streamVersion: 3, globalPosition: 3, type: 'TallyOpened', data: { id: 't1' } });
  });
});

describe('deepFreeze', () => {
  it('freezes nested objects and arrays, and leaves buffers usable', () => {
    const value = deepFreeze({ list: [{ n: 1 }], bytes: Buffer.from('ab') });
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(() => value.list.push({ n: 2 })).toThrow(TypeError);
    value.bytes[0] = 0x7a;
    expect(value.bytes.toString()).toBe('zb');
  });
});

describe('refusalOf', () => {
  it('gives the AppError refused with, and fails when the call returns', () => {
    expect(refusalOf(() => decideAdd({ amount: 1 }, noTally))).toMatchObject({ code: 'CONFLICT', userMessage: 'The tally is closed.' });
    expect(() => refusalOf(() => 1)).toThrow(/should have refused/);
  });
});
