import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recorded } from '#server/event-store/types';
import { deciderSpec, deepFreeze, refusalOf } from '#server/testing/deciders/decider-spec';
import { decideTransfer, TRANSFER_INVALID_COUNT, TRANSFER_SELF, type HeldCode } from './epin.decider.ts';
import type { EpinEvent } from './epin.events.ts';

const from = 'SH5300001';
const to = 'SH5300002';
const transferId = '0195a1b2-0000-7000-8000-0000000000c1';
const now = new Date('2026-03-12T10:30:00.000Z');
const transferredAt = now.toISOString();

/** The sender's unused codes as the read model lists them, oldest first. */
const held = deepFreeze([{ code: 'AAAAAAAA22' }, { code: 'BBBBBBBB33' }, { code: 'CCCCCCCC44' }]);

/** The state is the sender's unused codes read from the epins read model (with their stream versions). */
describe('decideTransfer', () => {
  it('given three codes, when two are sent, then the two oldest move: one event on each code’s stream and one on each holder’s', () => {
    expect(decideTransfer({ transferId, from, to, count: 2, now }, held)).toEqual([
      { streamId: 'epin-AAAAAAAA22', events: [{ type: 'EpinTransferred', data: { code: 'AAAAAAAA22', transferId, from, to, transferredAt } }] },
      { streamId: 'epin-BBBBBBBB33', events: [{ type: 'EpinTransferred', data: { code: 'BBBBBBBB33', transferId, from, to, transferredAt } }] },
      { streamId: `epin-holder-${from}`, events: [{ type: 'EpinsSent', data: { transferId, from, to, codes: ['AAAAAAAA22', 'BBBBBBBB33'], transferredAt } }] },
      { streamId: `epin-holder-${to}`, events: [{ type: 'EpinsReceived', data: { transferId, from, to, codes: ['AAAAAAAA22', 'BBBBBBBB33'], transferredAt } }] },
    ]);
  });

  it('given three codes, when all three are sent, then all move', () => {
    const decided = decideTransfer({ transferId, from, to, count: 3, now }, held);
    expect(decided.map((batch) => batch.streamId)).toEqual(['epin-AAAAAAAA22', 'epin-BBBBBBBB33', 'epin-CCCCCCCC44', `epin-holder-${from}`, `epin-holder-${to}`]);
  });

  it('given codes, when sent to oneself, then it is refused beside the receiver field', () => {
    expect(refusalOf(() => decideTransfer({ transferId, from, to: from, count: 1, now }, held))).toMatchObject({
      code: 'BAD_REQUEST',
      userMessage: TRANSFER_SELF,
      fieldErrors: { toUserId: [TRANSFER_SELF] },
    });
  });

  it('given codes, when none are sent, then it is refused beside the count field', () => {
    expect(refusalOf(() => decideTransfer({ transferId, from, to, count: 0, now }, held))).toMatchObject({
      code: 'BAD_REQUEST',
      userMessage: TRANSFER_INVALID_COUNT,
      fieldErrors: { count: [TRANSFER_INVALID_COUNT] },
    });
    expect(refusalOf(() => decideTransfer({ transferId, from, to, count: -1, now }, held))).toMatchObject({ code: 'BAD_REQUEST', userMessage: TRANSFER_INVALID_COUNT });
  });

  it('given three codes, when four are sent (a racing transfer took some), then it is refused', () => {
    expect(refusalOf(() => decideTransfer({ transferId, from, to, count: 4, now }, held))).toMatchObject({ code: 'BAD_REQUEST', userMessage: TRANSFER_INVALID_COUNT });
  });

  it('given no codes, when one is sent, then it is refused', () => {
    expect(refusalOf(() => decideTransfer({ transferId, from, to, count: 1, now }, []))).toMatchObject({ code: 'BAD_REQUEST', userMessage: TRANSFER_INVALID_COUNT });
  });

  it('never moves more codes than held, and each moved code is on exactly one code stream and on both holders’ events', () => {
    const codes = fc.uniqueArray(fc.stringMatching(/^[A-Z2-9]{10}$/), { maxLength: 20 }).map((list) => list.map((code) => ({ code })));
    const members = fc.constantFrom('SH5300001', 'SH5300002', 'SH5300003');
    fc.assert(
      fc.property(codes, fc.integer({ min: -2, max: 25 }), members, members, (heldCodes, count, sender, receiver) => {
        const command = { transferId, from: sender, to: receiver, count, now };
        if (sender === receiver) {
          expect(refusalOf(() => decideTransfer(command, heldCodes))).toMatchObject({ code: 'BAD_REQUEST', userMessage: TRANSFER_SELF });
          return;
        }
        if (count < 1 || count > heldCodes.length) {
          expect(refusalOf(() => decideTransfer(command, heldCodes))).toMatchObject({ code: 'BAD_REQUEST', userMessage: TRANSFER_INVALID_COUNT });
          return;
        }
        const decided = decideTransfer(command, heldCodes);
        const moved = heldCodes.slice(0, count).map((held) => held.code);
        const codeBatches = decided.filter((batch) => batch.streamId.startsWith('epin-') && !batch.streamId.startsWith('epin-holder-'));
        // Exactly the oldest `count` codes, each on its own stream with one EpinTransferred.
        expect(codeBatches.map((batch) => batch.streamId)).toEqual(moved.map((code) => `epin-${code}`));
        for (const batch of codeBatches) {
          expect(batch.events).toEqual([{ type: 'EpinTransferred', data: { code: batch.streamId.slice('epin-'.length), transferId, from: sender, to: receiver, transferredAt } }]);
        }
        // Both holders see the same transfer, listing every moved code once.
        expect(decided.find((batch) => batch.streamId === `epin-holder-${sender}`)?.events).toEqual([
          { type: 'EpinsSent', data: { transferId, from: sender, to: receiver, codes: moved, transferredAt } },
        ]);
        expect(decided.find((batch) => batch.streamId === `epin-holder-${receiver}`)?.events).toEqual([
          { type: 'EpinsReceived', data: { transferId, from: sender, to: receiver, codes: moved, transferredAt } },
        ]);
        expect(decided).toHaveLength(count + 2);
        expect(new Set(decided.map((batch) => batch.streamId)).size).toBe(decided.length);
      }),
    );
  });
});

describe('decideTransfer, given/when/then', () => {
  /** The sender's unused codes, as the codes' events leave them, oldest first. */
  const spec = deciderSpec({
    decide: decideTransfer,
    evolve: (codes: readonly HeldCode[], event: Recorded<EpinEvent>): readonly HeldCode[] =>
      event.type === 'EpinGenerated' ? [...codes, { code: event.data.code }] : event.type === 'EpinTransferred' ? codes.filter((one) => one.code !== event.data.code) : codes,
    initialState: [] as readonly HeldCode[],
  });
  const generated = (code: string): EpinEvent => ({ type: 'EpinGenerated', data: { code, generatedBy: from, heldBy: from, generatedAt: '2026-03-01T10:30:00.000Z' } });

  it('given two codes, when one is sent, then the oldest moves and both holders’ streams say so', () => {
    spec([generated('AAAAAAAA22'), generated('BBBBBBBB33')])
      .when({ transferId, from, to, count: 1, now })
      .then([
        { streamId: 'epin-AAAAAAAA22', events: [{ type: 'EpinTransferred', data: { code: 'AAAAAAAA22', transferId, from, to, transferredAt } }] },
        { streamId: `epin-holder-${from}`, events: [{ type: 'EpinsSent', data: { transferId, from, to, codes: ['AAAAAAAA22'], transferredAt } }] },
        { streamId: `epin-holder-${to}`, events: [{ type: 'EpinsReceived', data: { transferId, from, to, codes: ['AAAAAAAA22'], transferredAt } }] },
      ]);
  });

  it('refuses sending to oneself, and more codes than are held', () => {
    spec([generated('AAAAAAAA22')]).when({ transferId, from, to: from, count: 1, now }).thenRefuses('BAD_REQUEST', TRANSFER_SELF);
    spec([generated('AAAAAAAA22')]).when({ transferId, from, to, count: 2, now }).thenRefuses('BAD_REQUEST', TRANSFER_INVALID_COUNT);
  });
});
