import type { TApplicationDetail } from '@sahay/server/modules/kanyadan/kanyadan-routes.schema';
import { trpc } from '#web/api/trpc.ts';

const PROCESSING_REFRESH_MS = 10_000;

/**
 * kanyadan.admin.get: one application, masked. Asked again every 10 s while a document is still
 * being prepared by the job, so its View button appears without a reload.
 */
export function useKanyadanApplication(regNo: string) {
  return trpc.kanyadan.admin.get.useQuery(
    { regNo },
    { refetchInterval: (query) => (hasProcessingDocument(query.state.data) ? PROCESSING_REFRESH_MS : false) },
  );
}

function hasProcessingDocument(detail: TApplicationDetail | undefined): boolean {
  return Boolean(detail?.documents.some((document) => document.status === 'processing'));
}

/** Asks for the application again: after a document was viewed, its history shows the access. */
export function useRefreshKanyadanApplication(regNo: string) {
  const utils = trpc.useUtils();
  return () => void utils.kanyadan.admin.get.invalidate({ regNo });
}

/** kanyadan.admin.reveal: the full details (verification); the server records the view, so the history is asked again. */
export function useRevealApplicant(regNo: string) {
  const utils = trpc.useUtils();
  return trpc.kanyadan.admin.reveal.useMutation({ onSettled: () => utils.kanyadan.admin.get.invalidate({ regNo }) });
}

/**
 * The decisions on an application. Afterwards the application and the queue are asked again — also
 * after a failure, since a conflict means someone else acted first and the page must show what they did.
 */
export function useKanyadanActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.kanyadan.admin.invalidate();
  return {
    verify: trpc.kanyadan.admin.verify.useMutation({ onSettled: refresh }),
    reject: trpc.kanyadan.admin.reject.useMutation({ onSettled: refresh }),
    approveBenefit: trpc.kanyadan.admin.approveBenefit.useMutation({ onSettled: refresh }),
    disburse: trpc.kanyadan.admin.disburse.useMutation({ onSettled: refresh }),
    recordFee: trpc.kanyadan.admin.recordFee.useMutation({ onSettled: refresh }),
    erase: trpc.kanyadan.admin.erase.useMutation({ onSettled: refresh }),
  };
}
