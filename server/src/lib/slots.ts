/**
 * At most `size` runs at once in this process; the others wait their turn, first come first served.
 * For work bound by the CPU or by memory (decoding images, rendering PDF pages): running more of it
 * at once than there are cores only holds more of it in memory.
 */
export interface Slots {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Runs under way and runs waiting (tests, diagnostics). */
  readonly running: number;
  readonly waiting: number;
}

export function createSlots(size: number): Slots {
  if (!Number.isInteger(size) || size < 1) throw new Error(`createSlots: size must be a positive integer, got ${size}`);
  let running = 0;
  const queue: (() => void)[] = [];
  /** A finished run hands its slot straight to the next in line, so a newcomer never slips in between. */
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < size) running += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
