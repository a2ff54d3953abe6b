/**
 * A tRPC stand-in for hook tests: every `useQuery`/`useMutation` answers the call it was asked to
 * make (the procedure's path, the input, the options), and `utils.….invalidate()` records its
 * path, so a hook wired to the wrong procedure fails its test. Use it in a `vi.mock` factory:
 * `vi.mock('#web/api/trpc.ts', async () => (await import('#web/testing/trpc-stand-in.ts')).trpcStandIn(invalidated))`.
 */
export function trpcStandIn(invalidated: string[]): { trpc: unknown } {
  function node(path: string[]): unknown {
    return new Proxy(() => undefined, {
      get: (_, key: string) => {
        if (key === 'useMutation') return (options: unknown) => ({ procedure: path.join('.'), options });
        if (key === 'useQuery') return (input: unknown, options: unknown) => ({ procedure: path.join('.'), input, options });
        if (key === 'invalidate') return () => invalidated.push(path.join('.'));
        if (key === 'useUtils') return () => node([]);
        return node([...path, key]);
      },
    });
  }
  return { trpc: node([]) };
}

/** The call a hook made through the stand-in. */
export interface StandInCall {
  procedure: string;
  input?: unknown;
  options?: { onSettled?: () => void; refetchInterval?: number };
}

function isStandInCall(value: unknown): value is StandInCall {
  return typeof value === 'object' && value !== null && 'procedure' in value && typeof value.procedure === 'string';
}

/** What a hook returned, checked to be a stand-in call (a hook that bypassed tRPC fails here). */
export function standInCall(value: unknown): StandInCall {
  if (!isStandInCall(value)) throw new Error(`not a call through the tRPC stand-in: ${JSON.stringify(value)}`);
  return value;
}

/** A hook's named calls (a set of mutations), each checked. */
export function standInCalls(value: unknown): Record<string, StandInCall> {
  if (typeof value !== 'object' || value === null) throw new Error('not a set of calls through the tRPC stand-in');
  return Object.fromEntries(Object.entries(value).map(([name, call]) => [name, standInCall(call)]));
}
