import { describe, expect, it, vi } from 'vitest';

/** The member's hooks name their procedures: a tRPC stand-in records the path each hook reached. */
const trpcCalls = vi.hoisted(() => ({ invalidated: [] as string[] }));
vi.mock('#web/api/trpc.ts', async () => (await import('#web/testing/trpc-stand-in.ts')).trpcStandIn(trpcCalls.invalidated));

const { useMyHelpActions, useMyHelpRequests } = await import('./member-help-requests.ts');
const { standInCall, standInCalls } = await import('#web/testing/trpc-stand-in.ts');

describe('the member’s help hooks', () => {
  it('read help.mine, answer with help.answer and close with help.close, then read the list again', () => {
    expect(standInCall(useMyHelpRequests()).procedure).toBe('help.mine');
    const actions = standInCalls(useMyHelpActions());
    expect([actions.answer!.procedure, actions.close!.procedure]).toEqual(['help.answer', 'help.close']);
    actions.answer!.options?.onSettled?.();
    expect(trpcCalls.invalidated).toEqual(['help.mine']);
  });
});
