import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTool, TOOL_TIMEOUT_MS } from './run-tool.test-helper.ts';
import { formatReplay, parseReplayArgs } from './replay.ts';

describe('replay arguments and output', () => {
  it('takes at most one projection name', () => {
    expect(parseReplayArgs([])).toEqual({});
    expect(parseReplayArgs(['users'])).toEqual({ projection: 'users' });
    expect(parseReplayArgs(['a', 'b'])).toHaveProperty('error');
    expect(parseReplayArgs(['--all'])).toHaveProperty('error');
  });

  it('prints the differing rows both ways', () => {
    const text = formatReplay([
      { projection: 'users', events: 3, differences: [] },
      {
        projection: 'counters',
        events: 9,
        differences: [
          { projection: 'counters', table: 'counters', onlyInLive: [{ id: 1, n: 5 }], onlyInReplay: [{ id: 1, n: 4 }], onlyInLiveCount: 1, onlyInReplayCount: 3 },
        ],
      },
    ]);
    expect(text).toContain('users: 3 events replayed — same');
    expect(text).toContain('counters: 9 events replayed — DIFFERENT');
    expect(text).toContain('live only:   {"id":1,"n":5}');
    expect(text).toContain('replay only: {"id":1,"n":4}');
    expect(text).toContain('… 2 more');
  });
});

describe('npm run replay', { timeout: TOOL_TIMEOUT_MS * 2 }, () => {
  it('exits 2 listing the projections for an unknown name, and 0 on a clean database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sahay-replay-'));
    try {
      const unknown = runTool('replay.ts', ['no-such-projection'], { SAHAY_DATA_DIR: dataDir });
      expect(unknown.stderr).toContain('No projection named no-such-projection. Known projections:');
      expect(unknown.code).toBe(2);
      const clean = runTool('replay.ts', [], { SAHAY_DATA_DIR: dataDir });
      expect(clean.stderr).toBe('');
      expect(clean.code).toBe(0);
      expect(clean.stdout).not.toContain('DIFFERENT');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints the usage and exits 2 on bad arguments', () => {
    const result = runTool('replay.ts', ['a', 'b'], { SAHAY_DATA_DIR: os.tmpdir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run replay');
  });
});
