import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { deciderSpec, recorded } from '#server/testing/deciders/decider-spec';
import type { EpinGenerated, EpinReserved, EpinTransferred } from './epin.events.ts';
import { evolveEpin, noEpin, type EpinState, decideShareEpin, SHARE_NOT_YOURS, SHARE_VALID_HOURS } from './epin.decider.ts';

const now = new Date('2031-06-01T09:00:00.000Z');
const held: EpinState = { exists: true, heldBy: 'SH1000001', usedBy: null, reservedUntil: null };
const share = (state: EpinState, holder = 'SH1000001', at = now) => decideShareEpin({ code: 'ABCDEFGH23', holder, now: at }, state);

describe('decideShareEpin', () => {
  it('keeps the holder’s unused code for 48 hours', () => {
    expect(share(held)).toEqual([
      { type: 'EpinReserved', data: { code: 'ABCDEFGH23', heldBy: 'SH1000001', reservedAt: now.toISOString(), reservedUntil: new Date(now.getTime() + SHARE_VALID_HOURS * 3600_000).toISOString() } },
    ]);
  });

  it('changes nothing while the link is open, and keeps it anew once it has run out', () => {
    const kept = { ...held, reservedUntil: new Date(now.getTime() + 1000).toISOString() };
    expect(share(kept)).toEqual([]);
    expect(share(kept, 'SH1000001', new Date(now.getTime() + 1000))).toHaveLength(1);
  });

  it('refuses a code that does not exist, is someone else’s, or was used', () => {
    for (const [state, holder] of [
      [noEpin, 'SH1000001'],
      [held, 'SH1000002'],
      [{ ...held, usedBy: 'SH1000003' }, 'SH1000001'],
    ] as const) {
      expect(() => share(state, holder)).toThrow(AppError);
      expect(() => share(state, holder)).toThrow(SHARE_NOT_YOURS);
    }
  });

  it('passing the code on ends the link’s hold', () => {
    const kept = { ...held, reservedUntil: '2031-06-03T09:00:00.000Z' };
    const moved = evolveEpin(kept, recorded({ type: 'EpinTransferred', data: { code: 'ABCDEFGH23', transferId: 't', from: 'SH1000001', to: 'SH1000002', transferredAt: now.toISOString() } }, 3));
    expect(moved.reservedUntil).toBeNull();
  });
});

describe('decideShareEpin, given/when/then', () => {
  const spec = deciderSpec({ decide: decideShareEpin, evolve: evolveEpin, initialState: noEpin });
  const code = 'ABCDEFGH23';
  const generated: EpinGenerated = { type: 'EpinGenerated', data: { code, generatedBy: 'SH1000900', heldBy: 'SH1000900', generatedAt: '2031-05-01T09:00:00.000Z' } };
  const transferred: EpinTransferred = { type: 'EpinTransferred', data: { code, transferId: '0195a1b2-0000-7000-8000-0000000000c1', from: 'SH1000900', to: 'SH1000001', transferredAt: '2031-05-02T09:00:00.000Z' } };
  const reserved: EpinReserved = { type: 'EpinReserved', data: { code, heldBy: 'SH1000001', reservedAt: now.toISOString(), reservedUntil: new Date(now.getTime() + SHARE_VALID_HOURS * 3600_000).toISOString() } };

  it('given a code passed to the holder, when they share it, then it is kept for them for 48 hours; again while the link is open, nothing', () => {
    spec([generated, transferred]).when({ code, holder: 'SH1000001', now }).then([reserved]);
    spec([generated, transferred, reserved]).when({ code, holder: 'SH1000001', now: new Date(now.getTime() + 3600_000) }).thenNothing();
  });

  it('refuses a code that does not exist or that someone else holds', () => {
    spec([]).when({ code, holder: 'SH1000001', now }).thenRefuses('CONFLICT', SHARE_NOT_YOURS);
    spec([generated, transferred]).when({ code, holder: 'SH1000002', now }).thenRefuses('CONFLICT', SHARE_NOT_YOURS);
  });
});
