import { trpc } from '#web/api/trpc.ts';

/** donations.admin.form10bd.get: a financial year's filings, the gifts changed since, and those that cannot be filed. */
export function useForm10BDYear(financialYear: string) {
  return trpc.donations.admin.form10bd.get.useQuery({ financialYear });
}

/** donations.admin.form10bd.recordFiling: the year is asked again afterwards (also after a conflict: another admin recorded one). */
export function useRecordForm10BDFiling() {
  const utils = trpc.useUtils();
  return trpc.donations.admin.form10bd.recordFiling.useMutation({ onSettled: () => utils.donations.admin.form10bd.invalidate() });
}
