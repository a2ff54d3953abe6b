import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every command runs through handleCommand (command-handler.ts), which appends only at the exact
 * versions it read or to new streams. A blind append — `stream_exists` or `any` after a read-model
 * check, or an append that bypasses the handler — is how events get recorded twice under
 * concurrency (issue 9: ten confirmEmail calls recorded ten EmailConfirmed).
 *
 * The places allowed one are listed here, each with the reason; today there are none. Adding one
 * means adding it to this list, with a comment at the call that says why a blind append is right.
 */
const ALLOWED_BLIND_APPENDS: readonly { file: string; why: string }[] = [];

/** Code outside the event store that may call the store's append functions directly. */
const ALLOWED_DIRECT_APPENDS: readonly { file: string; why: string }[] = [
  { file: 'bench/event-store/run.ts', why: 'measures the append path itself' },
  {
    file: 'server/src/modules/donations/online/online-payments.ts',
    why: 'the webhook inbox (decision 083): a delivery opens its own stream (no_stream) in one INSERT outside a transaction, and a conflict is its repeat, answered duplicate — no read to decide on, so nothing for the handler to add but four round trips',
  },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED = ['server/src', 'worker/src', 'bench'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test-helper.ts') ? [relative] : [];
  });
}

const files = SCANNED.flatMap(sourceFiles);

function findings(pattern: RegExp, exclude: (file: string) => boolean): string[] {
  return files.filter((file) => !exclude(file)).flatMap((file) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
  );
}

describe('blind appends', () => {
  it('scans the code it should (so this test can fail)', () => {
    expect(files).toContain('server/src/event-store/command-handler.ts');
    expect(files.filter((file) => file.startsWith('server/src/modules/')).length).toBeGreaterThan(50);
  });

  it('are found nowhere but the allowed places', () => {
    const found = findings(/expected:\s*'(stream_exists|any)'|['"]stream_exists['"]/, (file) => file.startsWith('server/src/event-store/'));
    const allowed = new Set(ALLOWED_BLIND_APPENDS.map((entry) => entry.file));
    expect(found.filter((place) => !allowed.has(place.split(':')[0]!))).toEqual([]);
  });

  it('never bypass the command handler', () => {
    const found = findings(/\.(append|appendInTransaction)\(/, (file) => file.startsWith('server/src/event-store/'));
    const allowed = new Set(ALLOWED_DIRECT_APPENDS.map((entry) => entry.file));
    expect(found.filter((place) => !allowed.has(place.split(':')[0]!))).toEqual([]);
  });
});
