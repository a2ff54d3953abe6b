import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideFunctionsOutsideDeciders, exportedDecideFunctions, readSources, specifiedDecideFunctions, unspecifiedDecideFunctions } from './decider-coverage.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('decider coverage', () => {
  it('finds a given/when/then specification for every exported decide function of every *.decider.ts', () => {
    const deciders = readSources(ROOT, 'server/src/modules', (file) => file.endsWith('.decider.ts'));
    const tests = readSources(ROOT, 'server/src', (file) => file.endsWith('.test.ts'));
    expect(deciders.length).toBeGreaterThanOrEqual(6);
    expect(deciders.flatMap((decider) => exportedDecideFunctions(decider.text)).length).toBeGreaterThan(30);
    expect(unspecifiedDecideFunctions(deciders, tests), 'decide functions with no deciderSpec(...).when(...) in any test: write their given/when/then').toEqual([]);
  });

  it('finds no exported decide function outside a *.decider.ts: every decision lives in its stream’s decider', () => {
    const sources = readSources(ROOT, 'server/src/modules', (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(sources.length).toBeGreaterThan(100);
    expect(decideFunctionsOutsideDeciders(sources), 'decide functions outside a decider: move them into the *.decider.ts of their stream').toEqual([]);
  });

  it('fires on a fixture: a decide function exported by a command file, and none for a decider or a command that only calls one', () => {
    const command = {
      file: 'server/src/modules/fixture/close-thing.ts',
      text: [
        "import { decideClose } from './thing.decider.ts';",
        'export function decideReopen(command: C, state: S): E[] { return []; }',
        'export const decideArchive = (command: C, state: S): E[] => [];',
        'export async function closeThing(services: Services) { return handleCommand(services, { decide: (state) => decideClose({}, state) }); }',
        'function decideLocally() {}',
      ].join('\n'),
    };
    const decider = { file: 'server/src/modules/fixture/thing.decider.ts', text: 'export function decideClose(command: C, state: S): E[] { return []; }' };
    const caller = { file: 'server/src/modules/fixture/open-thing.ts', text: "import { decideOpen } from './thing.decider.ts';\nexport const openThing = () => decideOpen({}, s);" };
    expect(decideFunctionsOutsideDeciders([command, decider, caller])).toEqual([
      'server/src/modules/fixture/close-thing.ts#decideArchive',
      'server/src/modules/fixture/close-thing.ts#decideReopen',
    ]);
  });

  it('fires on a fixture: a decide function no spec names, one whose spec is never asked, one imported from elsewhere', () => {
    const decider = {
      file: 'server/src/modules/fixture/thing.decider.ts',
      text: [
        'export function decideOpen(command: C, state: S): E[] { return []; }',
        'export function decideClose(command: C, state: S): E[] { return []; }',
        'export const decideRename = (command: C, state: S): E[] => [];',
        'export async function decideSeal(command: C, state: S) { return []; }',
        'export function evolveThing(state: S, event: E): S { return state; }',
        'function decideHidden() {}',
      ].join('\n'),
    };
    const test = {
      file: 'server/src/modules/fixture/thing.decider.test.ts',
      text: [
        "import { decideOpen, decideClose, decideSeal, evolveThing } from './thing.decider.ts';",
        "import { decideRename } from '#server/modules/other/other.decider';",
        "import { deciderSpec } from '#server/testing/deciders/decider-spec';",
        'const open = deciderSpec({ decide: decideOpen, evolve: evolveThing, initialState: s });',
        'const close = deciderSpec({ decide: decideClose, evolve: evolveThing, initialState: s });',
        'const rename = deciderSpec({ decide: (command, state) => decideRename(command, state), evolve: evolveThing, initialState: s });',
        "it('opens', () => open([]).when({ id: 1 }).then([]));",
        "it('renames', () => rename([]).when({ id: 1 }).then([]));",
      ].join('\n'),
    };
    expect(exportedDecideFunctions(decider.text)).toEqual(['decideClose', 'decideOpen', 'decideRename', 'decideSeal']);
    expect([...specifiedDecideFunctions(test)]).toEqual(['server/src/modules/fixture/thing.decider.ts#decideOpen', 'server/src/modules/other/other.decider.ts#decideRename']);
    expect(unspecifiedDecideFunctions([decider], [test])).toEqual([
      'server/src/modules/fixture/thing.decider.ts#decideClose',
      'server/src/modules/fixture/thing.decider.ts#decideRename',
      'server/src/modules/fixture/thing.decider.ts#decideSeal',
    ]);
  });
});
