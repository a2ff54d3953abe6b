import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors/app-error';
import { recorded } from '#server/testing/decider-spec';
import { evolveEpin, noEpin, type EpinState } from './epin.decider.ts';
import { decideShareEpin, SHARE_NOT_YOURS, SHARE_VALID_HOURS } from './epin-sharing.ts';

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
