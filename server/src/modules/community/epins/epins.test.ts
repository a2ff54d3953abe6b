import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec, fold } from '#server/testing/deciders/decider-spec';
import { evolveEpin, noEpin, decideGenerateEpins } from './epin.decider.ts';
import { generateEpinCode } from './epins.ts';

const adminId = 'SH5400000';
const now = new Date('2026-03-13T08:00:00.000Z');
const generatedAt = now.toISOString();

describe('decideGenerateEpins', () => {
  it('given fresh codes, when an admin generates them, then each is generated on its own stream, held by that admin', () => {
    expect(decideGenerateEpins({ codes: ['AAAAAAAA22', 'BBBBBBBB33'], adminId, now })).toEqual([
      { streamId: 'epin-AAAAAAAA22', events: [{ type: 'EpinGenerated', data: { code: 'AAAAAAAA22', generatedBy: adminId, heldBy: adminId, generatedAt } }] },
      { streamId: 'epin-BBBBBBBB33', events: [{ type: 'EpinGenerated', data: { code: 'BBBBBBBB33', generatedBy: adminId, heldBy: adminId, generatedAt } }] },
    ]);
  });

  it('given no codes, then nothing is recorded', () => {
    expect(decideGenerateEpins({ codes: [], adminId, now })).toEqual([]);
  });

  it('leaves every generated code existing, unused and held by the admin, when its stream is folded', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[A-Z2-9]{10}$/), { maxLength: 30 }), (codes) => {
        const decided = decideGenerateEpins({ codes, adminId, now });
        expect(decided.map((batch) => batch.streamId)).toEqual(codes.map((code) => `epin-${code}`));
        for (const batch of decided) {
          expect(fold({ evolve: evolveEpin, initialState: noEpin }, batch.events)).toEqual({ exists: true, heldBy: adminId, usedBy: null, reservedUntil: null });
        }
      }),
    );
  });
});

describe('generateEpinCode', () => {
  it('draws 10 characters without the look-alikes 0, O, 1, I and L', () => {
    for (let i = 0; i < 200; i++) expect(generateEpinCode()).toMatch(/^[A-HJKMNP-Z2-9]{10}$/);
  });
});

describe('decideGenerateEpins, given/when/then', () => {
  const spec = deciderSpec({ decide: decideGenerateEpins, evolve: evolveEpin, initialState: noEpin });

  it('given nothing, when an admin generates codes, then each new code is held by that admin on its own stream', () => {
    spec([])
      .when({ codes: ['AAAAAAAA22'], adminId, now })
      .then([{ streamId: 'epin-AAAAAAAA22', events: [{ type: 'EpinGenerated', data: { code: 'AAAAAAAA22', generatedBy: adminId, heldBy: adminId, generatedAt: now.toISOString() } }] }]);
    spec([]).when({ codes: [], adminId, now }).thenNothing();
  });
});
