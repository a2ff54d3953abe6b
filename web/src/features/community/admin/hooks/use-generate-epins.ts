import { trpc } from '#web/api/trpc.ts';

/** epins.generate, then refresh the list of codes. */
export function useGenerateEpins() {
  const utils = trpc.useUtils();
  return trpc.community.epins.generate.useMutation({ onSuccess: () => utils.community.epins.getMany.invalidate() });
}
