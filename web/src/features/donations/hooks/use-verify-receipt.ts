import type { TVerifyReceiptRequest } from '@sahay/server/modules/donations/receipts/verify-receipt.schema';
import { useProcedureQuery } from '#web/api/use-procedure.ts';

/** donations.verifyReceipt, asked by the browser once the public receipt check has hydrated. */
export function useVerifyReceipt(input: TVerifyReceiptRequest) {
  return useProcedureQuery('donations.verifyReceipt', input);
}
