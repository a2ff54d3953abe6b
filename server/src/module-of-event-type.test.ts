import { describe, expect, it } from 'vitest';
import { moduleOfEventType } from './create-services.ts';
import { sahayModules } from './modules/registry.ts';

describe('the module each event type counts for in /metrics', () => {
  const owners = moduleOfEventType(sahayModules);

  it('gives an event read inline by several modules to its own module, not to a module above that also reads it', () => {
    expect(owners.get('AccountRegistered')).toBe('identity');
    expect(owners.get('DonationPledged')).toBe('donations');
    expect(owners.get('DonationVerified')).toBe('donations');
    expect(owners.get('DonationCancelled')).toBe('donations');
    expect(owners.get('FundraiserStarted')).toBe('fundraisers');
  });

  it('names no module for PersonalDataErased, which every module appends for its own subjects', () => {
    expect(owners.has('PersonalDataErased')).toBe(false);
  });

  it('knows every type some module reads inline, each read by more than one module held to its module above', () => {
    const readers = new Map<string, string[]>();
    for (const module of sahayModules) for (const projection of module.inlineProjections ?? []) for (const type of projection.handles) readers.set(type, [...new Set([...(readers.get(type) ?? []), module.name])]);
    const shared = [...readers].filter(([type, names]) => names.length > 1 && type !== 'PersonalDataErased').map(([type]) => type).sort();
    // A new type read inline by two modules must be added to the first test with its own module.
    expect(shared).toEqual(['AccountRegistered', 'DonationCancelled', 'DonationPledged', 'DonationVerified']);
    for (const [type] of readers) if (type !== 'PersonalDataErased') expect(owners.has(type), type).toBe(true);
  });
});
