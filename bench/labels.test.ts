import { describe, expect, it } from 'vitest';
import { replayLayout } from './event-store/run.ts';
import { buildTree, landmarks } from './team-tree/run.ts';

/** Issue 36: with small options the benches said what they would have done with the defaults. */
describe('bench labels with small options', () => {
  it('bench:event-store names the events and streams it inserts', () => {
    expect(replayLayout(1_000_000)).toEqual({ streams: 10_000, perStream: 100, events: 1_000_000 });
    expect(replayLayout(1_000)).toEqual({ streams: 1_000, perStream: 1, events: 1_000 });
    // 15,000 does not divide into 10,000 streams: 2 to a stream, and the label says 20,000.
    expect(replayLayout(15_000)).toEqual({ streams: 10_000, perStream: 2, events: 20_000 });
  });

  it('bench:team-tree names its depth and a mid-tree member that is mid-tree, in a small tree', () => {
    const { sponsor, depth } = buildTree(1_000);
    const deepest = Math.max(...depth);
    const { mid, levels } = landmarks(sponsor, depth);
    expect(levels).toBe(Math.min(20, deepest));
    expect(mid).toBeGreaterThan(0);
    expect(depth[mid]).toBe(Math.min(10, Math.floor(deepest / 2)));
    expect([...sponsor].includes(mid)).toBe(true);
    expect(landmarks(Int32Array.of(-1), Int16Array.of(0))).toEqual({ mid: 0, levels: 0 });
  });
});
