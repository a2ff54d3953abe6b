import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** donations.create: records the pledge and answers with its reference and how to pay. */
export function useCreateDonation() {
  return useProcedureMutation('donations.create');
}
