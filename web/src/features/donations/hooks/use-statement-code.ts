import { useProcedureMutation } from '#web/api/use-procedure.ts';

/** donations.requestStatementCode: a one-time code to the e-mail or phone (decision 040). */
export function useRequestStatementCode() {
  return useProcedureMutation('donations.requestStatementCode');
}

/** donations.verifyStatementCode: the code entered; a right one gives the proof that downloads the statement. */
export function useVerifyStatementCode() {
  return useProcedureMutation('donations.verifyStatementCode');
}
