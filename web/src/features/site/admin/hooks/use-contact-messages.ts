import { trpc } from '#web/api/trpc.ts';

export type ContactStatus = 'open' | 'handled' | 'all';

/** site.contact.getMany: the contact inbox, refreshed every 10 s like the other admin queues. */
export function useContactMessages(status: ContactStatus) {
  return trpc.site.contact.getMany.useQuery({ status }, { refetchInterval: 10_000 });
}

/** site.contact.get: one message. */
export function useContactMessage(id: string) {
  return trpc.site.contact.get.useQuery({ id });
}

/** site.contact.markHandled, then refresh the inbox. */
export function useMarkContactHandled() {
  const utils = trpc.useUtils();
  return trpc.site.contact.markHandled.useMutation({
    onSuccess: (message) => {
      utils.site.contact.get.setData({ id: message.id }, message);
      void utils.site.contact.getMany.invalidate();
    },
  });
}
