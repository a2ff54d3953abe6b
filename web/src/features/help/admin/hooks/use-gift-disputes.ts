import { trpc } from '#web/api/trpc.ts';

const REFRESH_MS = 10_000;

/** help.admin.gifts.getDisputes: the direct gifts a beneficiary said never arrived, oldest first, refreshed every 10 s like the other admin queues. */
export function useGiftDisputes() {
  return trpc.help.admin.gifts.getDisputes.useQuery(undefined, { refetchInterval: REFRESH_MS });
}

/**
 * help.admin.gifts.decide: received or not received, with the reason both sides read. Afterwards
 * the list is asked for again — also after a failure: a refusal most often means another admin
 * decided first.
 */
export function useDecideDispute() {
  const utils = trpc.useUtils();
  return trpc.help.admin.gifts.decide.useMutation({ onSettled: () => utils.help.admin.gifts.getDisputes.invalidate() });
}

/** help.admin.postUpdate: staff's update on a published or closed request's public page. */
export function usePostHelpUpdateAsStaff() {
  return trpc.help.admin.postUpdate.useMutation();
}
