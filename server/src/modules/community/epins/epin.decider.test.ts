import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Recorded } from '#server/event-store/types';
import { fold, recorded } from '#server/testing/deciders/decider-spec';
import { evolveEpin, noEpin } from './epin.decider.ts';
import type { EpinEvent } from './epin.events.ts';

const code = 'HJKMNPQR23';
const admin = 'SH5100000';
const member = 'SH5100001';
const other = 'SH5100002';
const at = '2026-03-10T09:00:00.000Z';
const epin = { evolve: evolveEpin, initialState: noEpin };

const generated: EpinEvent = { type: 'EpinGenerated', data: { code, generatedBy: admin, heldBy: admin, generatedAt: at } };
const transferred = (from: string, to: string, transferId = 'transfer-1'): EpinEvent => ({
  type: 'EpinTransferred',
  data: { code, transferId, from, to, transferredAt: at },
});
const used = (usedBy: string): EpinEvent => ({ type: 'EpinUsed', data: { code, usedBy, usedAt: at } });

describe('evolveEpin', () => {
  it('starts with no code', () => {
    expect(noEpin).toEqual({ exists: false, heldBy: null, usedBy: null, reservedUntil: null });
  });

  it('puts a generated code, unused, in the hands of the admin who generated it', () => {
    expect(fold(epin, [generated])).toEqual({ exists: true, heldBy: admin, usedBy: null, reservedUntil: null });
  });

  it('hands the code to whoever it was transferred to last', () => {
    expect(fold(epin, [generated, transferred(admin, member), transferred(member, other, 'transfer-2')])).toEqual({ exists: true, heldBy: other, usedBy: null, reservedUntil: null });
  });

  it('records who used the code, and keeps its holder', () => {
    expect(fold(epin, [generated, transferred(admin, member), used(other)])).toEqual({ exists: true, heldBy: member, usedBy: other, reservedUntil: null });
  });

  it('is not changed by the holder-stream events, should one be folded in', () => {
    const before = fold(epin, [generated]);
    const sent: EpinEvent = { type: 'EpinsSent', data: { transferId: 'transfer-1', from: admin, to: member, codes: [code], transferredAt: at } };
    const received: EpinEvent = { type: 'EpinsReceived', data: { transferId: 'transfer-1', from: admin, to: member, codes: [code], transferredAt: at } };
    expect(evolveEpin(before, recorded(sent, 2))).toEqual(before);
    expect(evolveEpin(before, recorded(received, 2))).toEqual(before);
  });

  it('ignores an event type a newer version wrote', () => {
    const before = fold(epin, [generated]);
    // As the store hands it over: parsed JSON, whose type this version's union does not name.
    const future: Recorded<EpinEvent> = JSON.parse(JSON.stringify(recorded(used(member), 2)).replace('"EpinUsed"', '"EpinRevoked"'));
    expect(evolveEpin(before, future)).toEqual(before);
  });

  it('holds the code with the last receiver and names the last user, however transfers and uses interleave', () => {
    const holder = fc.constantFrom(admin, member, other);
    const later = fc.array(fc.oneof(fc.tuple(holder, holder).map(([from, to]) => transferred(from, to)), holder.map(used)), { maxLength: 15 });
    fc.assert(
      fc.property(later, (events) => {
        const state = fold(epin, [generated, ...events]);
        const transfers = events.flatMap((event) => (event.type === 'EpinTransferred' ? [event.data.to] : []));
        const uses = events.flatMap((event) => (event.type === 'EpinUsed' ? [event.data.usedBy] : []));
        expect(state).toEqual({ exists: true, heldBy: transfers.at(-1) ?? admin, usedBy: uses.at(-1) ?? null, reservedUntil: null });
      }),
    );
  });
});
