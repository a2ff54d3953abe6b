import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleReason, stampOf, writeStamp } from './build-stamp.ts';
import { summary } from './build.ts';

/** Issue 36: a build is skipped only while every input hashes as it did and the output is there. */
describe('the build stamp', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function project() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-stamp-'));
    dirs.push(dir);
    const source = path.join(dir, 'main.ts');
    const output = path.join(dir, 'main.mjs');
    const stamp = path.join(dir, 'main.mjs.inputs.json');
    fs.writeFileSync(source, 'export const greeting = "नमस्ते";\n');
    fs.writeFileSync(output, 'built');
    writeStamp(stamp, stampOf('recipe-1', [source]));
    return { dir, source, output, stamp };
  }

  it('holds while nothing changed, even when a file is written again with the same contents', () => {
    const { source, output, stamp } = project();
    expect(staleReason(stamp, 'recipe-1', [output])).toBeNull();
    const later = new Date(Date.now() + 60_000);
    fs.writeFileSync(source, 'export const greeting = "नमस्ते";\n');
    fs.utimesSync(source, later, later);
    expect(staleReason(stamp, 'recipe-1', [output])).toBeNull();
  });

  it('says why a build is needed: no stamp, another recipe, an output gone, an input changed, gone or new', () => {
    const { dir, source, output, stamp } = project();
    expect(staleReason(path.join(dir, 'none.json'), 'recipe-1', [output])).toBe('not built yet');
    expect(staleReason(stamp, 'recipe-2', [output])).toBe('the build itself changed');
    fs.writeFileSync(source, 'export const greeting = "राम राम";\n');
    expect(staleReason(stamp, 'recipe-1', [output])).toMatch(/main\.ts changed$/);
    fs.rmSync(source);
    expect(staleReason(stamp, 'recipe-1', [output])).toMatch(/main\.ts changed$/);
    const added = path.join(dir, 'added.ts');
    fs.writeFileSync(added, '');
    writeStamp(stamp, stampOf('recipe-1', []));
    expect(staleReason(stamp, 'recipe-1', [output], [added])).toMatch(/added\.ts is new$/);
    fs.rmSync(output);
    expect(staleReason(stamp, 'recipe-1', [output])).toMatch(/main\.mjs is missing$/);
  });

  it('sums a build up in one line', () => {
    expect(summary([{ name: 'the web app', reason: null, ms: 5 }, { name: 'the server', reason: null, ms: 3 }], 180)).toBe('Build: nothing changed (the web app, the server; checked in 180 ms).');
    expect(summary([{ name: 'the web app', reason: 'web/src/app.tsx changed', ms: 34_123 }, { name: 'the server', reason: null, ms: 3 }], 34_200)).toBe(
      'Build: the web app in 34.1 s (web/src/app.tsx changed); unchanged: the server.',
    );
  });
});
