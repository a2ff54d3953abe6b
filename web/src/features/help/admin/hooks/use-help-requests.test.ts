import { describe, expect, it, vi } from 'vitest';

/**
 * The hooks name the procedures: a tRPC stand-in records which path each hook reached, so a hook
 * wired to the wrong procedure (publish calling reject, say) fails here.
 */
const trpcCalls = vi.hoisted(() => ({ invalidated: [] as string[] }));
vi.mock('#web/api/trpc.ts', async () => (await import('#web/testing/trpc-stand-in.ts')).trpcStandIn(trpcCalls.invalidated));

const { useHelpActions, useHelpQueue, useHelpRequestDetail, useRevealHelpBeneficiary } = await import('./use-help-requests.ts');
const { standInCall, standInCalls } = await import('#web/testing/trpc-stand-in.ts');

describe('the help hooks', () => {
  it('map each decision to its help.admin procedure, and refresh the help pages after it', () => {
    const actions = standInCalls(useHelpActions());
    expect(Object.fromEntries(Object.entries(actions).map(([name, mutation]) => [name, mutation.procedure]))).toEqual({
      checkIdentity: 'help.admin.checkIdentity',
      ask: 'help.admin.ask',
      publish: 'help.admin.publish',
      reject: 'help.admin.reject',
      close: 'help.admin.close',
      extend: 'help.admin.extend',
    });
    actions.publish!.options?.onSettled?.();
    expect(trpcCalls.invalidated).toEqual(['help.admin']);
  });

  it('read the queue every 10 s, one request on its own, and open the beneficiary only as a mutation', () => {
    const queue = standInCall(useHelpQueue({ status: 'submitted', page: 2 }));
    expect([queue.procedure, queue.input, queue.options?.refetchInterval]).toEqual(['help.admin.getMany', { status: 'submitted', page: 2 }, 10_000]);
    expect(standInCall(useHelpRequestDetail('ABCD2345')).input).toEqual({ id: 'ABCD2345' });
    expect(standInCall(useRevealHelpBeneficiary()).procedure).toBe('help.admin.reveal');
  });
});
