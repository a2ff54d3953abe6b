import { trpc } from '#web/api/trpc.ts';

/** help.gifts.forRequest: the gifts sent straight to the member's own request, pending ones first. */
export function useGiftsForRequest(id: string) {
  return trpc.help.gifts.forRequest.useQuery({ id });
}

/**
 * help.gifts.confirm ("I received this") and help.gifts.reject ("I did not receive this"). Afterwards
 * the gifts and the request (its raised amount counts confirmed gifts) are asked for again — also
 * after a failure: a refusal most often means the gift changed meanwhile.
 */
export function useGiftActions() {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all([utils.help.gifts.forRequest.invalidate(), utils.help.mine.invalidate()]);
  return {
    confirm: trpc.help.gifts.confirm.useMutation({ onSettled: refresh }),
    reject: trpc.help.gifts.reject.useMutation({ onSettled: refresh }),
  };
}

/** help.gifts.given: the gifts the signed-in member gave straight to someone's request, with where each stands. */
export function useGivenGifts() {
  return trpc.help.gifts.given.useQuery();
}

/** help.postUpdate: the requester's update on their published or closed request's public page. */
export function usePostHelpUpdate() {
  return trpc.help.postUpdate.useMutation();
}
